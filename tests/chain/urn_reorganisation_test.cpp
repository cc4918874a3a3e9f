// A reorganisation that removes a frob: on the local node, CDP 1 of eth's ETH-A (12.5 ETH,
// 26720.385614 art: chain/demo-state.json) is frobbed by 1 | 100 in a block of its own, a round
// reads it (13.5 | 26820.385614, and the event), then the block is undone (evm_snapshot,
// evm_revert) and three empty ones mined in its place. The next round reads the urn back at
// 12.5 | 26720.385614, finds the event's block replaced, deletes the event and sets the log range
// back below it; the snapshot read at that block is read again, the urn's state there with it.
// The round after reads those blocks again: no frob.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::chain_test {
namespace {

class UrnReorganisation : public ::testing::Test {
 protected:
  int round(int interval, std::string* log) {
    std::this_thread::sleep_for(std::chrono::seconds(1));  // each round a taken_at of its own
    return run_indexer(stack_, {"--config", chain_.config_path(), "--once", "--interval", std::to_string(interval)}, log);
  }
  std::string query(const std::string& sql) { return stack_.query("postgres", sql); }

  LocalChain chain_;
  e2e::Stack stack_{"empty"};
};

TEST_F(UrnReorganisation, AFrobUndoneLeavesNoEventAndItsUrnFollows) {
  const std::string saved = chain_.rpc("evm_snapshot");
  const std::string manager = chain_.config()["chains"]["eth"]["cdp_manager"].asString();
  std::string output;
  ASSERT_EQ(e2e::run_node_script("tests/chain/transact.mjs",
                                 "--rpc " + chain_.url() + " --calls '[[\"" + manager +
                                     "\", \"CdpManager\", \"frob\", \"1\", \"1000000000000000000\", "
                                     "\"100000000000000000000\"]]'",
                                 &output),
            0)
      << output;
  std::string log;
  ASSERT_EQ(round(86400, &log), 0) << log;
  const std::string cdp_1 = "SELECT u.ink, u.art FROM snapshot.urn AS u JOIN snapshot.vault AS v USING (vault_id) "
                            "WHERE v.vault_type = 'ETH-A' AND u.cdp_id = 1";
  EXPECT_EQ(query(cdp_1), "13.5|26820.385614\n");
  const std::string frob = "SELECT e.block_number FROM snapshot.urn_event AS e JOIN snapshot.urn AS u USING (urn_id) "
                           "JOIN snapshot.vault AS v USING (vault_id) WHERE v.vault_type = 'ETH-A' AND u.cdp_id = 1 "
                           "AND e.dink = 1";
  const std::string block = query(frob);
  ASSERT_NE(block, "");

  ASSERT_EQ(chain_.rpc("evm_revert", "[" + saved + "]"), "true");
  for (int i = 0; i < 3; ++i) chain_.rpc("evm_mine");
  ASSERT_EQ(round(1, &log), 0) << log;
  EXPECT_NE(log.find("eth: block " + block.substr(0, block.size() - 1) + " was replaced by a reorganisation: the urn and auction "
                     "events after block "),
            std::string::npos)
      << log;
  EXPECT_EQ(query(frob), "");
  EXPECT_EQ(query(cdp_1), "12.5|26720.385614\n");
  // The first snapshot, read again at its block number where the frob no longer is, holds the
  // urn's one state: the second round's row, equal to it, changes nothing and goes.
  EXPECT_EQ(query("SELECT s.ink, s.art, s.taken_at = (SELECT min(taken_at) FROM snapshot.chain_state) "
                  "FROM snapshot.urn_state AS s JOIN snapshot.urn AS u USING (urn_id) "
                  "JOIN snapshot.vault AS v USING (vault_id) WHERE v.vault_type = 'ETH-A' AND u.cdp_id = 1"),
            "12.5|26720.385614|t\n");
  EXPECT_EQ(query("SELECT last_block < " + block.substr(0, block.size() - 1) +
                  " FROM snapshot.urn_log_range WHERE chain = 'eth'"),
            "t\n");

  ASSERT_EQ(round(1, &log), 0) << log;
  EXPECT_EQ(query(frob), "");
  EXPECT_EQ(query("SELECT r.last_block = c.block_number FROM snapshot.urn_log_range AS r JOIN snapshot.chain_state AS c "
                  "USING (chain) WHERE chain = 'eth' AND c.taken_at = (SELECT max(taken_at) FROM snapshot.chain_state)"),
            "t\n");
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.urn_event JOIN snapshot.urn USING (urn_id) "
                  "JOIN snapshot.vault USING (vault_id) WHERE chain = 'eth'"),
            "11\n");
}

}  // namespace
}  // namespace coin::chain_test
