// How a round reads: the ways of sending its calls write the same rows, in the number
// of requests worked out below; and the block each chain is read at follows its "read_at".
//
// eth's round (chain/demo-state.json: ETH-A held by a join, PSM-USDC-A a join and a dss-psm,
// SA-USDC-A a join and one Aave position on eth) makes 33 eth_calls and 3 eth_getStorageAt:
//   COIN decimals, totalSupply, balanceOf(sCOIN); sCOIN decimals, totalSupply, totalAssets;
//   Spot.par, Jug.base, Pot.dsr                                                        9
//   each Vault's Vat.ilks, Jug.ilks, Spot.ilks, collateral.decimals, balanceOf(join)   3 x 5
//   PSM-USDC-A's Psm.tin                                                                1
//   the regular Vault type's Dog.ilks (ETH-A: its Clipper)                              1
//   the position's Pool.getReserveData, then aToken.decimals and balanceOf             3
//   then sCOIN.convertToAssets(10^decimals)                                             1
//   then each Vault's pip.hop() (an OSM's next price), and its slot 4 (eth_getStorageAt) 3 + 3
// and two more calls, eth_blockNumber and the block's header (eth_getBlockByNumber); the urns
// are read after, and counted apart:
//   "single": 38 requests of one call each;
//   "batch": the number, the header and one batch per step: 4 requests, 38 calls;
//   "multicall": those and Multicall3's eth_getCode, one aggregate3 per step (the second
//   step's batch with the 3 eth_getStorageAt): 5 requests, 8 calls.
// Without Multicall3, "multicall" sends batches; to a node that takes no batches, single calls.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "tests/chain/fake_node.hpp"
#include "tests/chain/local_chain.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::chain_test {
namespace {

class ReadingModes : public ChainSuite {
 protected:

  // A block's number, from the node: "finalized", "safe", "latest".
  static long long block_number(const std::string& tag) {
    const std::string block = chain_->rpc("eth_getBlockByNumber", "[\"" + tag + "\", false]");
    const std::size_t at = block.find("\"number\":\"") + 10;
    return std::stoll(block.substr(at, block.find('"', at) - at), nullptr, 16);
  }
  // Every chain read `calls`' way, or at `read_at` but tron.
  static Json::Value config_with(const std::string& key, const Json::Value& value) {
    Json::Value config = chain_->config();
    for (const std::string& name : config["chains"].getMemberNames()) {
      if (name != "tron" && (key == "calls" || config["chains"][name].isMember("vat"))) config["chains"][name][key] = value;
    }
    if (key == "calls") config["chains"]["tron"][key] = value;
    return config;
  }
  static int round(const Json::Value& config, const std::string& name, std::string* log) {
    return run_indexer(*stack_, {"--config", chain_->write_config(config, name), "--once"}, log);
  }
  // Every state row written, but their taken_at.
  static std::string rows() {
    return stack_->query("postgres", R"(
SELECT r FROM (
  SELECT concat_ws(' ', chain, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl, block_number, block_hash) AS r
    FROM snapshot.chain_state
  UNION ALL
  SELECT concat_ws(' ', v.chain, v.vault_type, s.minted, s.debt, s.locked_value, s.apy, s.estimated_annual_earnings, s.block_hash)
    FROM snapshot.vault_state AS s JOIN snapshot.vault AS v USING (vault_id)
  UNION ALL
  SELECT concat_ws(' ', p.platform, p.chain, p.gem_symbol, s.holding_amount, s.apy, s.actual_earnings, s.block_hash)
    FROM snapshot.allocator_position_state AS s JOIN snapshot.allocator_position AS p USING (position_id)) AS rows
 ORDER BY r)");
  }
  // What the round's log says eth's read sent: "R requests to the nodes, C calls" of its line
  // "eth: written at ..., block N, R requests to the nodes, C calls; urns: ..." (what the urns
  // took comes after, counted apart: tests/chain/urns_test.cpp).
  static std::string eth_sent(const std::string& log) {
    const std::size_t line = log.find("eth: written at ");
    if (line == std::string::npos) return "(no line)";
    const std::size_t start = log.find(", ", log.find(", block ", line) + 1) + 2;
    return log.substr(start, std::min(log.find('\n', line), log.find(';', line)) - start);
  }
  static std::string eth_block() {
    return stack_->query("postgres", "SELECT block_number FROM snapshot.chain_state WHERE chain = 'eth'");
  }
};


TEST_F(ReadingModes, EveryWayOfSendingTheCallsWritesTheSameRows) {
  std::string log;
  ASSERT_EQ(round(config_with("calls", "multicall"), "multicall", &log), 0) << log;
  const std::string multicall = rows();
  // 3 chains, 11 Vaults, 7 positions (indexer_test.cpp has their values).
  EXPECT_EQ(std::count(multicall.begin(), multicall.end(), '\n'), 21) << multicall;
  EXPECT_EQ(eth_sent(log), "5 requests to the nodes, 8 calls") << log;
  for (const auto& [mode, sent] : {std::pair{"batch", "4 requests to the nodes, 38 calls"},
                                   std::pair{"single", "38 requests to the nodes, 38 calls"}}) {
    ASSERT_TRUE(empty_snapshot_tables(*stack_));
    ASSERT_EQ(round(config_with("calls", mode), mode, &log), 0) << log;
    EXPECT_EQ(rows(), multicall) << mode;
    EXPECT_EQ(eth_sent(log), sent) << mode << ": " << log;
  }

  // A chain without Multicall3 (its code removed): the same rows from JSON-RPC batches.
  ASSERT_TRUE(empty_snapshot_tables(*stack_));
  ASSERT_EQ(chain_->rpc("anvil_setCode", "[\"0xca11bde05977b3631167028862be2a173976ca11\", \"0x\"]"), "null");
  ASSERT_EQ(round(chain_->config(), "no-multicall", &log), 0) << log;
  EXPECT_EQ(rows(), multicall);

  // Nor JSON-RPC batches: a node that refuses them (fake_node) is asked one call at a time, once
  // it has refused the first: eth's 38 calls, its eth_getCode and the batch refused, 40
  // requests; that batch carried the first step's 27 calls, so 66 calls.
  FakeNode no_batches(FakeNode::Behaviour::no_batches, chain_->port());
  Json::Value config = chain_->config();
  for (const std::string& name : config["chains"].getMemberNames()) {
    config["chains"][name]["rpc"] = Json::Value(Json::arrayValue);
    config["chains"][name]["rpc"].append(no_batches.url());
  }
  ASSERT_TRUE(empty_snapshot_tables(*stack_));
  ASSERT_EQ(round(config, "no-batches", &log), 0) << log;
  EXPECT_EQ(rows(), multicall);
  EXPECT_EQ(eth_sent(log), "40 requests to the nodes, 66 calls") << log;
}

// A local node's "safe" and "finalized" blocks lag its head; 70 blocks mined on top of the
// deployment put them after it, so that they hold the demo state too.
TEST_F(ReadingModes, EachChainIsReadAtTheBlockItsReadAtNames) {
  ASSERT_EQ(chain_->rpc("anvil_mine", "[\"0x46\"]"), "null");
  const long long head = block_number("latest");
  std::string log;
  for (const std::string tag : {"finalized", "safe"}) {
    ASSERT_TRUE(empty_snapshot_tables(*stack_));
    ASSERT_EQ(round(config_with("read_at", tag), tag, &log), 0) << log;
    const long long expected = block_number(tag);
    EXPECT_LT(expected, head) << tag;
    EXPECT_EQ(eth_block(), std::to_string(expected) + "\n") << tag;
  }
  ASSERT_TRUE(empty_snapshot_tables(*stack_));
  ASSERT_EQ(round(config_with("read_at", 10), "confirmations", &log), 0) << log;
  EXPECT_EQ(eth_block(), std::to_string(head - 10) + "\n");
  // Without read_at, a chain is read at its finalized block ...
  Json::Value config = chain_->config();
  config["chains"]["eth"].removeMember("read_at");
  ASSERT_TRUE(empty_snapshot_tables(*stack_));
  ASSERT_EQ(round(config, "default", &log), 0) << log;
  EXPECT_EQ(eth_block(), std::to_string(block_number("finalized")) + "\n");
  // ... or, where its node names none (fake_node), at the newest; but a chain whose file asks
  // for the finalized block is not read without one.
  FakeNode no_finalized(FakeNode::Behaviour::no_finalized, chain_->port());
  config["chains"]["eth"]["rpc"][0] = no_finalized.url();
  ASSERT_TRUE(empty_snapshot_tables(*stack_));
  ASSERT_EQ(round(config, "no-finalized", &log), 0) << log;
  EXPECT_EQ(eth_block(), std::to_string(head) + "\n");
  config["chains"]["eth"]["read_at"] = "finalized";
  ASSERT_TRUE(empty_snapshot_tables(*stack_));
  EXPECT_EQ(round(config, "no-finalized-chosen", &log), 1) << log;
  EXPECT_NE(log.find("eth: skipped at "), std::string::npos) << log;
  EXPECT_NE(log.find("eth: the node names no \"finalized\" block"), std::string::npos) << log;
  EXPECT_EQ(eth_block(), "");
}

}  // namespace
}  // namespace coin::chain_test
