// While snapshots are being written, answers that carry the same Last-Modified speak for the
// same snapshot and agree: 6.1 = 6.2 = 6.4 totalSupply + 6.5 totalSupply, digit for digit. No
// snapshot adds sCOIN, so 6.5's bytes never change and it keeps the Last-Modified of the set
// that first had them (publisher/answer_files.hpp): it speaks for every snapshot since. A
// writer commits 20 snapshots while a reader keeps asking for the four, each once the reader
// has seen the one before: every set is swapped in while the reader asks, on a machine of any
// speed. A stack of its own.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <ctime>
#include <iostream>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "shared/request_conditions.hpp"
#include "tests/e2e/decimal.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

constexpr int snapshots = 20;

// Snapshot k (1..20): a row of one chain (tron, eth, bsc, tron...), k hours after the fixture's
// newest snapshot (2026-05-13 08:00 UTC+8), so that every snapshot is newer than all before it
// and has a Last-Modified of its own; the chain's latest row with 1 more COIN.
std::string snapshot_sql(int k) {
  const char* const chains[] = {"tron", "eth", "bsc"};
  const std::string chain = chains[(k - 1) % 3];
  return "INSERT INTO snapshot.chain_state"
         "  (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)"
         " SELECT chain, timestamptz '2026-05-13 08:00+08' + interval '1 hour' * " + std::to_string(k) +
         ", coin_supply + 1, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl"
         "  FROM snapshot.chain_state WHERE chain = '" + chain + "' ORDER BY taken_at DESC LIMIT 1;";
}

// Snapshot k's Last-Modified: 2026-05-13 00:00 UTC (08:00 UTC+8) plus k hours, in epoch seconds.
std::time_t snapshot_time(int k) { return 1778630400 + 3600 * k; }

// After the last: the fixture's 6.1 (1000255000.499999999999999999) plus 20 COIN.
const std::string final_total = "1000255020.499999999999999999";

struct Quadruple {
  HttpResponse total, circulating, coin, scoin;

  bool same_snapshot() const {
    const std::string at = total.header("last-modified");
    const std::optional<std::time_t> scoin_at = parse_http_date(scoin.header("last-modified"));
    return !at.empty() && circulating.header("last-modified") == at && coin.header("last-modified") == at &&
           scoin_at && *scoin_at <= parse_http_date(at).value_or(-1);
  }
  bool agrees() const {
    const std::string sum =
        decimal_sum({data_of(coin.body)["totalSupply"].number(), data_of(scoin.body)["totalSupply"].number()});
    return total.status == 200 && total.body == circulating.body && total.body == sum;
  }
  std::string describe() const {
    return "at " + total.header("last-modified") + ": 6.1 " + total.body + ", 6.2 " + circulating.body + ", 6.4 " +
           coin.body + ", 6.5 " + scoin.body;
  }
};

Quadruple fetch(const Stack& stack) {
  return {http("GET", stack.url("/totalSupply")), http("GET", stack.url("/circulatingSupply")),
          http("GET", stack.url("/api/v1/external/total-supply/coin")),
          http("GET", stack.url("/api/v1/external/total-supply/scoin"))};
}

TEST(ChangingSnapshots, AnswersWithTheSameLastModifiedAgree) {
  const Stack stack("fixture");
  std::atomic<std::time_t> newest_seen{-1};  // the newest snapshot the reader saw in four answers
  std::atomic<bool> writing{true};
  int written = 0;
  std::thread writer([&] {
    for (int k = 1; k <= snapshots && stack.psql("coin_indexer", snapshot_sql(k)); ++k) {
      ++written;
      if (!eventually([&] { return newest_seen >= snapshot_time(k); })) break;
    }
    writing = false;
  });

  long matched = 0;
  long disagreed = 0;
  std::set<std::time_t> snapshots_seen;
  while (writing) {
    const Quadruple answers = fetch(stack);
    if (!answers.same_snapshot()) continue;  // a set was swapped between two of the requests
    ++matched;
    const std::time_t snapshot = parse_http_date(answers.total.header("last-modified")).value_or(-1);
    snapshots_seen.insert(snapshot);
    newest_seen = std::max(newest_seen.load(), snapshot);
    if (!answers.agrees() && ++disagreed <= 5) ADD_FAILURE() << "disagree " << answers.describe();
  }
  writer.join();

  ASSERT_EQ(written, snapshots);
  EXPECT_EQ(newest_seen, snapshot_time(snapshots)) << "the last snapshot never showed";
  EXPECT_GT(matched, 0);
  EXPECT_EQ(disagreed, 0) << "of " << matched;
  // The reader saw every snapshot, one after another, not one throughout.
  for (int k = 1; k <= snapshots; ++k) EXPECT_EQ(snapshots_seen.count(snapshot_time(k)), 1u) << "snapshot " << k;
  EXPECT_EQ(http("GET", stack.url("/totalSupply")).body, final_total);
  std::cout << "[          ] " << matched << " quadruples of one snapshot, " << snapshots_seen.size()
            << " snapshots seen" << std::endl;
}

}  // namespace
}  // namespace coin::e2e
