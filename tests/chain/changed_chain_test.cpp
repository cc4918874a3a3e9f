// A deployment's governance changes a value the indexer must read right: the demo
// chain (chain/demo-state.json) with one storage slot set, then one round into empty tables.
// Storage slots, in declaration order (immutables take none): LitePsm tin 0; SavingsVault
// (ChiVault's symbol 0, totalSupply 1, balanceOf 2, chi 3) ssr 4.

#include <gtest/gtest.h>

#include <string>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::chain_test {
namespace {

class ChangedChain : public ::testing::Test {
 protected:
  void set_storage(const std::string& address, int slot, const std::string& value) {
    std::string output;
    ASSERT_EQ(e2e::run_node_script("tests/chain/set_storage.mjs", "--rpc " + chain_.url() + " --address " + address +
                                                                       " --slot " + std::to_string(slot) + " --value " + value,
                                   &output),
              0)
        << output;
  }
  int round(const Json::Value& config, const std::string& name, std::string* log) {
    return run_indexer(stack_, {"--config", chain_.write_config(config, name), "--once"}, log);
  }
  std::string query(const std::string& sql) { return stack_.query("postgres", sql); }

  LocalChain chain_;
  e2e::Stack stack_{"empty"};
};

// dss-lite-psm's file("tin", HALTED) (src/DssLitePsm.sol: HALTED = type(uint256).max) stops
// selling gem. No fee stands for that: the Vault is left out, the rest of bsc written.
TEST_F(ChangedChain, AHaltedLitePsmIsLeftOutNotShownAsAFee) {
  const Json::Value& bsc = chain_.config()["chains"]["bsc"];
  set_storage(bsc["vaults"][3]["lite_psm"].asString(), 0,
              "115792089237316195423570985008687907853269984665640564039457584007913129639935");
  std::string log;
  EXPECT_EQ(round(chain_.config(), "halted", &log), 1) << log;
  EXPECT_NE(log.find("bsc: Vault LITE-PSM-USDC-A skipped at "), std::string::npos) << log;
  EXPECT_NE(log.find("the PSM is halted"), std::string::npos) << log;
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.vault WHERE vault_type = 'LITE-PSM-USDC-A'"), "0\n");
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.chain_state WHERE chain = 'bsc'"), "1\n");
}

// A sCOIN that sets its own rate (sUSDS's ssr) earns it, not the Pot's dsr. bsc's ssr set to
// dss's 5% rate (1.000000001547125957863212448), its Pot's dsr left at 6%:
//   ((1000000001547125957863212448 / 1e27) ^ 31536000 - 1) = 0.049999999999999999965368547801
TEST_F(ChangedChain, ASavingsRateOfItsOwnIsTheEarnApy) {
  set_storage(chain_.config()["chains"]["bsc"]["staked_token"].asString(), 4, "1000000001547125957863212448");
  Json::Value config = chain_.config();
  std::string log;
  ASSERT_EQ(round(config, "dsr", &log), 0) << log;
  EXPECT_EQ(query("SELECT earn_apy FROM snapshot.chain_state WHERE chain = 'bsc'"), "0.059999999999999999953368072466\n");
  ASSERT_TRUE(empty_snapshot_tables(stack_));
  config["chains"]["bsc"]["savings_rate"] = "ssr";
  ASSERT_EQ(round(config, "ssr", &log), 0) << log;
  EXPECT_EQ(query("SELECT earn_apy FROM snapshot.chain_state WHERE chain = 'bsc'"), "0.049999999999999999965368547801\n");
  // A getter that answers something else than a per-second rate (chi: 1.015 ray) skips the chain.
  config["chains"]["bsc"]["savings_rate"] = "chi";
  ASSERT_TRUE(empty_snapshot_tables(stack_));
  EXPECT_EQ(round(config, "chi", &log), 1) << log;
  EXPECT_NE(log.find("sCOIN.chi 1015000000000000000000000000 is not a per-second rate in ray"), std::string::npos) << log;
}

}  // namespace
}  // namespace coin::chain_test
