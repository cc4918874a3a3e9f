// ?at=: every endpoint that takes it answers, for a past time, what it answered for the newest
// snapshot at or before that time. The fixture's snapshots are written again in the order they
// were taken, one time after another, the way rounds write them (a Vault and an allocator
// position with their first state); after each, every answer is kept as it was then. Once all
// are written, each is asked again with at: the kept time itself, and the last millisecond
// before the next one. Body, Last-Modified, X-Snapshot-Blocks and Content-Type are the same, byte
// for byte; the Cache-Control is immutable where every chain has a newer snapshot.
//
// The answers are kept from the handlers (format=json, which nginx sends them and which changes
// no answer): their Last-Modified is the newest snapshot's, as an answer at a time gives it. A
// published file whose bytes did not change keeps the older Last-Modified of the set that first
// had them (publisher/answer_files.hpp); its bytes are the handlers' (unchanged_answers_test).
// A stack of its own.

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "shared/request_conditions.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

// The fixture moved aside into schema source, the snapshot tables left empty: loaded with the
// triggers off (no hour of the histories computed, nothing announced), copied, truncated.
std::string source_sql() {
  return "SET session_replication_role = replica;\nBEGIN;\n\\i " + std::string(COIN_SOURCE_DIR) +
         "/tests/sql/fixture.sql\n"
         "CREATE SCHEMA source;\n"
         "CREATE TABLE source.chain_state AS SELECT * FROM snapshot.chain_state;\n"
         "CREATE TABLE source.vault AS SELECT * FROM snapshot.vault;\n"
         "CREATE TABLE source.vault_state AS SELECT * FROM snapshot.vault_state;\n"
         "CREATE TABLE source.allocator_position AS SELECT * FROM snapshot.allocator_position;\n"
         "CREATE TABLE source.allocator_position_state AS SELECT * FROM snapshot.allocator_position_state;\n"
         "TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, "
         "snapshot.urn_state, snapshot.urn, snapshot.urn_log_range, snapshot.vault_price, "
         "snapshot.allocator_position_state, snapshot.allocator_position, snapshot.vault_state, snapshot.vault, "
         "snapshot.chain_state;\n"
         "COMMIT;\n";
}

// Every snapshot taken at `at` (epoch ms), in one transaction, the Vaults and positions first
// seen then before their states.
std::string write_sql(std::int64_t at) {
  const std::string time = "(to_timestamp(0) + " + std::to_string(at) + " * interval '1 millisecond')";
  return "BEGIN;\n"
         "INSERT INTO snapshot.vault OVERRIDING SYSTEM VALUE SELECT * FROM source.vault AS v"
         " WHERE (SELECT min(s.taken_at) FROM source.vault_state AS s WHERE s.vault_id = v.vault_id) = " + time + ";\n"
         "INSERT INTO snapshot.allocator_position OVERRIDING SYSTEM VALUE SELECT * FROM source.allocator_position AS p"
         " WHERE (SELECT min(s.taken_at) FROM source.allocator_position_state AS s"
         " WHERE s.position_id = p.position_id) = " + time + ";\n"
         "INSERT INTO snapshot.chain_state SELECT * FROM source.chain_state WHERE taken_at = " + time + ";\n"
         "INSERT INTO snapshot.vault_state SELECT * FROM source.vault_state WHERE taken_at = " + time + ";\n"
         "INSERT INTO snapshot.allocator_position_state SELECT * FROM source.allocator_position_state"
         " WHERE taken_at = " + time + ";\n"
         "COMMIT;\n";
}

// The fixture's snapshot times (tests/sql/fixture.sql), in epoch ms: 2026-05-11 00:00 UTC+8 ...
// 2026-05-13 08:00 UTC+8, one of them 1 ms before 07:50.
const std::vector<std::int64_t> times = {
    1778428800000,  // 2026-05-11 00:00 UTC+8  eth, PSM-USDT-A
    1778500800000,  // 2026-05-11 20:00        tron, TRX-A
    1778544000000,  // 2026-05-12 08:00        eth
    1778587200000,  // 2026-05-12 20:00        tron, TRX-A
    1778601540000,  // 2026-05-12 23:59        every chain, four Vaults, two positions
    1778601600000,  // 2026-05-13 00:00        every chain, every Vault, two positions
    1778601660000,  // 2026-05-13 00:01        every chain, four Vaults, two positions
    1778629799999,  // 2026-05-13 07:49:59.999 bsc
    1778629800000,  // 2026-05-13 07:50        bsc, two Vaults, a position
    1778630100000,  // 2026-05-13 07:55        eth, three Vaults, two positions (plasma's first)
    1778630400000,  // 2026-05-13 08:00        tron, TRX-A
};
// Every chain (tron, eth, bsc, and plasma of the positions) has a snapshot after a time before
// bsc's newest, 07:50: an answer at it is final.
constexpr std::int64_t last_final_before = 1778629800000;

// An answer asked, with format=json, and the first of `times` it has data at: a Vault's
// vault-history is "Invalid vaultType." before its first state, as the Vault was not there.
struct Asked {
  std::string path;
  std::int64_t first = 0;
};

// Every endpoint that takes at, with every value of its parameters the fixture has, and a range
// and a CSV.
std::vector<Asked> asked_answers() {
  std::vector<Asked> paths = {
      {"/totalSupply"}, {"/circulatingSupply"}, {"/api/v1/external/earn-apy"},
      {"/api/v1/external/total-supply/coin"}, {"/api/v1/external/total-supply/scoin"},
      {"/api/v1/market-site/overview"}, {"/api/v1/data-platform/overview/info"},
      {"/api/v1/market-site/overview/apy"}, {"/api/v1/data-platform/overview/supply-value-history"},
      {"/api/v1/data-platform/overview/collateral-value-history"}, {"/api/v1/vault/collaterals"},
      {"/api/v1/smart-allocator/detail-overview"}, {"/api/v1/data-platform/daily-baseline"},
      {"/api/v1/data-platform/overview/supply-value-history?from=2026-05-12"},
      {"/api/v1/data-platform/collateral-history?chain=eth&interval=WEEKLY&format=csv"}};
  const std::vector<std::string> intervals = {"WEEKLY", "MONTHLY", "BIANNUAL", "ANNUAL"};
  for (const std::string chain : {"tron", "eth", "bsc"}) {
    paths.push_back({"/api/v1/data-platform/latest-collateral?chain=" + chain});
    for (const std::string& interval : intervals) {
      paths.push_back({"/api/v1/data-platform/collateral-history?chain=" + chain + "&interval=" + interval});
    }
  }
  struct Vault {
    std::string chain, type;
    std::int64_t first;
  };
  const std::vector<Vault> vaults = {{"tron", "TRX-A", times[1]},     {"tron", "TRX-B", times[5]},
                                     {"eth", "PSM-USDT-A", times[0]}, {"eth", "SA-USDT-A", times[5]},
                                     {"eth", "WBTC-A", times[5]},     {"bsc", "WBTC-A", times[4]},
                                     {"bsc", "SA-USDT-A", times[5]}};
  for (const Vault& vault : vaults) {
    for (const std::string& interval : intervals) {
      paths.push_back({"/api/v1/data-platform/vault-history?chain=" + vault.chain + "&vaultType=" + vault.type +
                           "&interval=" + interval,
                       vault.first});
    }
  }
  return paths;
}

std::string with(const std::string& path, const std::string& more) {
  return path + (path.find('?') == std::string::npos ? "?" : "&") + more;
}

struct Kept {
  std::string body, last_modified, blocks, content_type;
};

Kept kept_of(const HttpResponse& answer) {
  return {answer.body, answer.header("last-modified"), answer.header("x-snapshot-blocks"),
          answer.header("content-type")};
}

// An HTTP date of epoch ms `at`, as Last-Modified gives it (the second it falls in).
std::string http_date_of(std::int64_t at) { return http_date(static_cast<std::time_t>(at / 1000)); }

TEST(AnswersAt, EveryEndpointAnswersAsItDidForTheNewestSnapshotThen) {
  const Stack stack("empty");
  ASSERT_TRUE(stack.psql("postgres", source_sql())) << "the fixture moved aside";
  const std::vector<Asked> paths = asked_answers();
  const std::string no_vault = R"({"code":10002,"message":"Invalid vaultType.","data":null})";

  // time -> path -> the answer then
  std::map<std::int64_t, std::map<std::string, Kept>> then;
  for (const std::int64_t at : times) {
    ASSERT_TRUE(stack.psql("postgres", write_sql(at))) << "the snapshots of " << at;
    for (const Asked& path : paths) {
      // A handler's cache drops its answers when the snapshot is announced: asked until the
      // answer speaks for it (each time is newer than the one before).
      const bool there = at >= path.first;
      const HttpResponse answer = http_until(stack.url(with(path.path, "format=json")), [&](const HttpResponse& r) {
        return there ? r.header("last-modified") == http_date_of(at) : r.body == no_vault;
      });
      ASSERT_EQ(answer.status, 200) << path.path;
      ASSERT_EQ(there ? answer.header("last-modified") : answer.body, there ? http_date_of(at) : no_vault)
          << path.path << " after the snapshots of " << at;
      then[at][path.path] = kept_of(answer);
    }
  }

  int compared = 0;
  for (std::size_t i = 0; i < times.size(); ++i) {
    const std::int64_t at = times[i];
    // The time itself, and the last millisecond before the next snapshot (or a minute after the last).
    for (const std::int64_t when : {at, i + 1 < times.size() ? times[i + 1] - 1 : at + 60'000}) {
      for (const Asked& path : paths) {
        const std::string url = stack.url(with(path.path, "format=json&at=" + std::to_string(when)));
        const HttpResponse answer = http("GET", url);
        const Kept& kept = then[at][path.path];
        ASSERT_EQ(answer.status, 200) << url;
        EXPECT_EQ(answer.body, kept.body) << url;
        EXPECT_EQ(answer.header("last-modified"), kept.last_modified) << url;
        EXPECT_EQ(answer.header("x-snapshot-blocks"), kept.blocks) << url;
        EXPECT_EQ(answer.header("content-type"), kept.content_type) << url;
        // a business error is never final: the same Cache-Control as any answer
        const bool final = when < last_final_before && !kept.last_modified.empty();
        EXPECT_EQ(answer.header("cache-control"),
                  final ? "public, max-age=31536000, immutable"
                                            : "public, max-age=30, stale-while-revalidate=270, stale-if-error=86400")
            << url;
        ++compared;
      }
    }
  }
  EXPECT_EQ(compared, static_cast<int>(2 * times.size() * paths.size()));
}

}  // namespace
}  // namespace coin::e2e
