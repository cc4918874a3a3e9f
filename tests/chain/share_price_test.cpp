// An ERC-4626 position without a rate getter: OpenZeppelin's ERC4626 as it is
// (chain/contracts/ShareVault.sol), its APY from its share price at the round's block and at the
// block 7 days (apy_days) before, by block time. tests/chain/share_price.mjs sets every block's
// time: one share is worth 1000000 at T and 1001000 at T + 7 days, the round reads at T + 7 days.
//
// By hand (Python's decimal module at 400 digits, rounded half up to 30 decimals):
//   APY = (1001000 / 1000000) ^ (31536000 / 604800) - 1 = 0.053498787232679863321429793756
//   holding = convertToAssets(400000000000 shares) = floor(4e11 x 1001000000002 / 1000000000001)
//           = 400400000000 = 400400 USDC; earnings 400400 - principal 400000 = 400

#include <gtest/gtest.h>

#include <string>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::chain_test {
namespace {

TEST(SharePrice, AVaultWithoutARateGetterEarnsItsSharePricesGrowth) {
  LocalChain chain;
  e2e::Stack stack("empty");
  std::string output;
  ASSERT_EQ(e2e::run_node_script("tests/chain/share_price.mjs", "--rpc " + chain.url(), &output), 0) << output;
  const e2e::Json made = e2e::Json::parse(output);

  // The position in bsc's ALLOC-SPARK-A (chain/demo-state.json), beside its three others.
  Json::Value config = chain.config();
  Json::Value position(Json::objectValue);
  position["platform"] = "Morpho";
  position["chain"] = "bsc";
  position["asset"] = "USDC";
  position["operator"] = made["operator"].text();
  position["strategy"] = "Investment";
  position["principal"] = "400000";
  position["read"]["kind"] = "erc4626";
  position["read"]["vault"] = made["vault"].text();
  position["read"]["apy_days"] = 7;
  config["chains"]["bsc"]["vaults"][4]["positions"].append(position);
  std::string log;
  EXPECT_EQ(run_indexer(stack, {"--config", chain.write_config(config, "share-price"), "--once"}, &log), 0) << log;

  EXPECT_EQ(stack.query("postgres",
                        "SELECT holding_amount, apy, actual_earnings FROM snapshot.allocator_position_state "
                        "JOIN snapshot.allocator_position USING (position_id) WHERE platform = 'Morpho'"),
            "400400|0.053498787232679863321429793756|400\n");

  // The block 7 days back must exist: with 30 days, the chain (minutes old) has none, and the
  // Vault is skipped with the reason.
  config["chains"]["bsc"]["vaults"][4]["positions"][3]["read"]["apy_days"] = 30;
  ASSERT_TRUE(empty_snapshot_tables(stack));
  EXPECT_EQ(run_indexer(stack, {"--config", chain.write_config(config, "too-old"), "--once"}, &log), 1) << log;
  EXPECT_NE(log.find("bsc: Vault ALLOC-SPARK-A skipped at "), std::string::npos) << log;
  EXPECT_NE(log.find("no block on bsc is that old"), std::string::npos) << log;
}

}  // namespace
}  // namespace coin::chain_test
