// While snapshots are being written, answers that carry the same Last-Modified speak for the
// same snapshot and agree: 6.1 = 6.2 = 6.4 totalSupply + 6.5 totalSupply, digit for digit. A
// writer commits 20 snapshots while a reader keeps asking for the four. A stack of its own.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <iostream>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/decimal.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

using namespace std::chrono_literals;

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

// After the last: the fixture's 6.1 (1000255000.499999999999999999) plus 20 COIN, at 08:00 UTC+8
// plus 20 hours = 2026-05-14 04:00 UTC+8 = 2026-05-13 20:00 UTC.
const std::string final_total = "1000255020.499999999999999999";
const std::string final_last_modified = "Wed, 13 May 2026 20:00:00 GMT";

struct Quadruple {
  HttpResponse total, circulating, coin, scoin;

  bool same_snapshot() const {
    const std::string at = total.header("last-modified");
    return !at.empty() && circulating.header("last-modified") == at && coin.header("last-modified") == at &&
           scoin.header("last-modified") == at;
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
  std::atomic<bool> writing{true};
  int written = 0;
  std::thread writer([&] {
    for (int k = 1; k <= snapshots && stack.psql("coin_indexer", snapshot_sql(k)); ++k) {
      ++written;
      std::this_thread::sleep_for(150ms);  // a pace that leaves the reader time between sets
    }
    writing = false;
  });

  long matched = 0;
  long disagreed = 0;
  std::set<std::string> snapshots_seen;
  bool final_seen = false;
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while ((writing || !final_seen) && std::chrono::steady_clock::now() < deadline) {
    const Quadruple answers = fetch(stack);
    if (!answers.same_snapshot()) continue;  // a set was swapped between two of the requests
    ++matched;
    snapshots_seen.insert(answers.total.header("last-modified"));
    final_seen = answers.total.header("last-modified") == final_last_modified;
    if (!answers.agrees() && ++disagreed <= 5) ADD_FAILURE() << "disagree " << answers.describe();
  }
  writer.join();

  ASSERT_EQ(written, snapshots);
  EXPECT_TRUE(final_seen) << "the last snapshot never showed";
  EXPECT_GT(matched, 0);
  EXPECT_EQ(disagreed, 0) << "of " << matched;
  // The reader saw the answers change while they were written, not one snapshot throughout.
  EXPECT_GE(snapshots_seen.size(), 3u);
  EXPECT_EQ(http("GET", stack.url("/totalSupply")).body, final_total);
  std::cout << "[          ] " << matched << " quadruples of one snapshot, " << snapshots_seen.size()
            << " snapshots seen" << std::endl;
}

}  // namespace
}  // namespace coin::e2e
