// coin-indexer --backfill: a year of history on the local node (history.mjs: from
// 2100-01-01, a block every day and a half sets eth's COIN supply to 3456789012 + k), filled
// weekly, newest first, into empty tables; killed and run again; two at once.
//
// By hand: the grid is the multiples of 7 days since the epoch, 2100-01-07 (4102963200) to
// 2100-12-30 (4133808000): 52 times, each written for eth and bsc (tron reads "latest" only:
// not backfilled), 104 snapshots. At grid time g the newest block is
// k = floor((g - 4102444800 - 1234) / 129600), and eth's COIN in circulation is
// 3456789012 + k - 1040000000 (what its sCOIN holds, demo-state.json) = 2416789012 + k:
//   2100-01-07: k = floor(517166 / 129600) = 3    -> 2416789015
//   2100-03-18: k = floor(6565166 / 129600) = 50  -> 2416789062
//   2100-12-30: k = floor(31361966 / 129600) = 241 -> 2416789253
// bsc's is its deployed 838845555.9575 throughout (indexer_test.cpp).

#include <gtest/gtest.h>

#include <string>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {
namespace {

const std::vector<std::string> year = {"--backfill", "2100-01-01..2100-12-31", "--every", "7d"};

class Backfill : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    chain_ = new LocalChain();
    stack_ = new e2e::Stack("empty");
    std::string output;
    ASSERT_EQ(e2e::run_node_script("tests/chain/history.mjs",
                                   "--rpc " + chain_->url() + " --config " + chain_->config_path(), &output),
              0)
        << output;
  }
  static void TearDownTestSuite() {
    delete stack_;
    delete chain_;
  }
  void SetUp() override { ASSERT_TRUE(empty_snapshot_tables(*stack_)); }

  static std::vector<std::string> args(std::vector<std::string> more) {
    std::vector<std::string> all = {"--config", chain_->config_path()};
    all.insert(all.end(), more.begin(), more.end());
    return all;
  }
  static std::string query(const std::string& sql) { return stack_->query("postgres", sql); }
  static std::string snapshots() {
    return query("SELECT chain || ' ' || count(*) FROM snapshot.chain_state GROUP BY chain ORDER BY chain");
  }

  static inline LocalChain* chain_ = nullptr;
  static inline e2e::Stack* stack_ = nullptr;
};

TEST_F(Backfill, AYearWeeklyIsEveryGridTimeAtItsBlock) {
  std::string log;
  ASSERT_EQ(run_indexer(*stack_, args(year), &log), 0) << log;
  EXPECT_EQ(snapshots(), "eth 52\nbsc 52\n") << log;
  EXPECT_EQ(query("SELECT min(taken_at), max(taken_at) FROM snapshot.chain_state"),
            "2100-01-07 00:00:00+00|2100-12-30 00:00:00+00\n");
  EXPECT_EQ(query("SELECT taken_at, coin_supply FROM snapshot.chain_state WHERE chain = 'eth' AND taken_at IN "
                  "('2100-01-07Z', '2100-03-18Z', '2100-12-30Z') ORDER BY taken_at"),
            "2100-01-07 00:00:00+00|2416789015\n2100-03-18 00:00:00+00|2416789062\n2100-12-30 00:00:00+00|2416789253\n");
  EXPECT_EQ(query("SELECT DISTINCT coin_supply FROM snapshot.chain_state WHERE chain = 'bsc'"), "838845555.9575\n");
  // Each rests on its block: on 2100-03-18 block k = 50, mined at 4102444800 + 50 x 129600 + 1234
  // = 4108926034, 47 blocks after 2100-01-07's (k = 3).
  EXPECT_EQ(query("SELECT extract(epoch FROM block_time)::bigint, block_number - (SELECT block_number "
                  "FROM snapshot.chain_state WHERE chain = 'eth' AND taken_at = '2100-01-07Z') "
                  "FROM snapshot.chain_state WHERE chain = 'eth' AND taken_at = '2100-03-18Z'"),
            "4108926034|47\n");
  EXPECT_NE(log.find("tron: read at latest only (pin_block false): no past to backfill"), std::string::npos) << log;
  EXPECT_NE(log.find("backfill: 52 of 52 grid times, 104 snapshots written, 0 already there, 0 failed, 0 Vaults left out"),
            std::string::npos)
      << log;
  // The rollups follow: 6.13's daily points are the grid's, e.g. eth's supply on 2100-03-18.
  EXPECT_EQ(query("SELECT coin_supply FROM derived.hourly_figures WHERE chain = 'eth' AND at = '2100-03-18 08:00+08'"),
            "2416789062\n");
  // Run again: every time is already there, nothing is read.
  ASSERT_EQ(run_indexer(*stack_, args(year), &log), 0) << log;
  EXPECT_NE(log.find("backfill: 52 of 52 grid times, 0 snapshots written, 104 already there, 0 failed, 0 Vaults left out"),
            std::string::npos)
      << log;
}

TEST_F(Backfill, KilledItGoesOnWhereItStopped) {
  {
    IndexerProcess first(*stack_, args(year));
    ASSERT_TRUE(e2e::eventually([] { return std::stoi(query("SELECT count(*) FROM snapshot.chain_state")) >= 10; }))
        << first.log();
    EXPECT_EQ(first.stop(), 0) << first.log();
    EXPECT_NE(first.log().find("run it again to go on"), std::string::npos) << first.log();
  }
  const int before = std::stoi(query("SELECT count(*) FROM snapshot.chain_state"));
  ASSERT_LT(before, 104) << "the first run ended before it was stopped";
  std::string log;
  ASSERT_EQ(run_indexer(*stack_, args(year), &log), 0) << log;
  EXPECT_EQ(snapshots(), "eth 52\nbsc 52\n") << log;
  EXPECT_NE(log.find(std::to_string(104 - before) + " snapshots written, " + std::to_string(before) + " already there"),
            std::string::npos)
      << before << "\n" << log;
}

TEST_F(Backfill, TwoAtOnceWriteEachSnapshotOnce) {
  // A quarter: 2100-01-07 to 2100-03-25, 12 weeks.
  const std::vector<std::string> quarter = {"--backfill", "2100-01-01..2100-03-31", "--every", "7d"};
  IndexerProcess first(*stack_, args(quarter));
  IndexerProcess second(*stack_, args(quarter));
  ASSERT_TRUE(e2e::eventually([&] { return !first.running() && !second.running(); })) << first.log() << second.log();
  EXPECT_EQ(snapshots(), "eth 12\nbsc 12\n") << first.log() << second.log();
  // 12 times x (eth's 3 Vaults + bsc's 5)
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.vault_state"), "96\n");
}

}  // namespace
}  // namespace coin::chain_test
