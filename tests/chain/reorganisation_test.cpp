// A reorganisation on the local node: the block a snapshot was read at is replaced by
// another at the same number (evm_snapshot, then evm_revert and new blocks), in which eth's
// COIN.totalSupply (Token's slot 1) differs. The next round finds the recorded hash gone, reads
// that snapshot again at that number and writes it over the old one; the answers follow.
// eth's sCOIN holds 1040000000 COIN (chain/demo-state.json), so a totalSupply of 3000000000 COIN
// leaves 1960000000 in circulation, and one of 3500000000 leaves 2460000000.

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::chain_test {
namespace {

// A block number as JSON-RPC writes it: "0x1b4".
std::string quantity(const std::string& decimal) {
  char hex[24];
  std::snprintf(hex, sizeof hex, "0x%llx", std::stoull(decimal));
  return hex;
}

class Reorganisation : public ::testing::Test {
 protected:
  // eth's COIN.totalSupply set to `supply`, in a block of its own.
  void set_supply(const std::string& supply) {
    std::string output;
    ASSERT_EQ(e2e::run_node_script("tests/chain/set_storage.mjs",
                                   "--rpc " + chain_.url() + " --address " + chain_.config()["chains"]["eth"]["token"].asString() +
                                       " --slot 1 --value " + supply,
                                   &output),
              0)
        << output;
  }
  // One round; rounds on a day's grid, so that the second one has the first one's taken_at
  // (and writes nothing new but what it corrects).
  int round(std::string* log) {
    return run_indexer(stack_, {"--config", chain_.config_path(), "--once", "--interval", "86400"}, log);
  }
  std::string query(const std::string& sql) { return stack_.query("postgres", sql); }

  LocalChain chain_;
  e2e::Stack stack_{"empty"};
};

TEST_F(Reorganisation, ASnapshotWhoseBlockWasReplacedIsReadAgain) {
  const std::string saved = chain_.rpc("evm_snapshot");
  set_supply("3000000000000000000000000000");
  std::string log;
  ASSERT_EQ(round(&log), 0) << log;
  const std::string eth_row = "SELECT block_number, block_hash, coin_supply FROM snapshot.chain_state WHERE chain = 'eth'";
  const std::string first = query(eth_row);
  ASSERT_NE(first.find("|1960000000\n"), std::string::npos) << first;
  const std::string block = first.substr(0, first.find('|'));
  const std::string old_hash = first.substr(block.size() + 1, 66);

  // The block undone, another one at its number, and one more on top.
  ASSERT_EQ(chain_.rpc("evm_revert", "[" + saved + "]"), "true");
  set_supply("3500000000000000000000000000");
  chain_.rpc("evm_mine");
  const std::string new_block = chain_.rpc("eth_getBlockByNumber", "[\"" + quantity(block) + "\", false]");
  const std::string new_hash = new_block.substr(new_block.find("\"hash\":\"") + 8, 66);
  ASSERT_NE(new_hash, old_hash);

  ASSERT_EQ(round(&log), 0) << log;
  EXPECT_NE(log.find("eth: the snapshot at "), std::string::npos) << log;
  EXPECT_NE(log.find(" read block " + block + " " + old_hash + ", which a reorganisation replaced with " + new_hash +
                     ": read again at that number"),
            std::string::npos)
      << log;
  // Read again at the same number: the new block's hash and supply, on the chain's and its
  // Vaults' rows; no other chain touched.
  EXPECT_EQ(query(eth_row + " ORDER BY taken_at LIMIT 1"), block + "|" + new_hash + "|2460000000\n");
  EXPECT_EQ(query("SELECT DISTINCT s.block_hash FROM snapshot.vault_state AS s JOIN snapshot.vault AS v USING (vault_id)"
                  " WHERE v.chain = 'eth' AND s.taken_at = (SELECT min(taken_at) FROM snapshot.chain_state)"),
            new_hash + "\n");
  EXPECT_NE(log.find("bsc: already written"), std::string::npos) << log;
  // 6.4's chain map follows.
  const e2e::HttpResponse answer = e2e::http_until(stack_.url("/api/v1/external/total-supply/coin"), [](const e2e::HttpResponse& r) {
    return r.body.find("\"eth\":2460000000") != std::string::npos;
  });
  EXPECT_NE(answer.body.find("\"eth\":2460000000"), std::string::npos) << answer.body;
}

}  // namespace
}  // namespace coin::chain_test
