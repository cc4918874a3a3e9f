// coin-api-verify against the demo chain: after one round, every figure of 6.4, 6.11 and 6.12 the
// API serves matches what the chain says at the blocks the answer names (tron's, read at latest,
// only signed); then a figure changed in the database by hand, as a compromised server would,
// is named as a mismatch and fails the run.
//
// The demo (chain/demo-state.json): TRX-A is on tron, ETH-A on eth, BNB-A on bsc; the allocator
// Vaults' positions are on eth, bsc and plasma, all on the one node.

#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {
namespace {

int count(const std::string& text, const std::string& part) {
  int found = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++found;
  return found;
}

class Verifier : public ChainSuite {
 protected:
  // coin-api-verify's exit status for `path`, the local node given for every chain read at a
  // block; what it printed goes to *output.
  static int verify(const std::string& path, std::string* output) {
    output->clear();
    std::string command = std::string(COIN_HANDLER_DIR) + "/coin-api-verify '" + stack_->url(path) + "'";
    for (const std::string chain : {"eth", "bsc", "plasma"}) command += " --rpc " + chain + "=" + chain_->url();
    return e2e::run_command(command, output);
  }
  // verify() run again until it was given an answer for which `holds` (its exit status, its
  // output): each of nginx's workers follows the link to the current set on its own, so for a
  // moment after a set comes, one connection may be answered from it and the next from the set
  // before.
  static int verify_until(const std::string& path, const std::function<bool(int, const std::string&)>& holds,
                          std::string* output) {
    int status = -1;
    e2e::eventually([&] {
      status = verify(path, output);
      return holds(status, *output);
    });
    return status;
  }
  // Whether `blocks` (X-Snapshot-Blocks, or the verifier's line of it) names a block of every
  // chain: the round's snapshot of each (each chain is a transaction of its own: a set may have
  // been published between two of them).
  static bool names_every_chain(const std::string& blocks) {
    for (const char* chain : {"tron=", "eth=", "bsc=", "plasma="}) {
      if (blocks.find(chain) == std::string::npos) return false;
    }
    return true;
  }
  // Whether the verifier was given an answer of the round (its line "blocks: ...").
  static bool of_the_round(int, const std::string& output) {
    return names_every_chain(output.substr(0, output.find('\n', output.find("blocks: "))));
  }
  // The answer at `path` once it rests on the round's snapshot of every chain.
  static std::string served(const std::string& path) {
    return e2e::http_until(stack_->url(path), [](const e2e::HttpResponse& answer) {
             return answer.status == 200 && names_every_chain(answer.header("x-snapshot-blocks"));
           }).body;
  }
};

TEST_F(Verifier, EveryFigureMatchesTheChainUntilOneIsChangedByHand) {
  std::string log;
  ASSERT_EQ(run_indexer(*stack_, {"--config", chain_->config_path(), "--once"}, &log), 0) << log;
  const std::string coin = "/api/v1/external/total-supply/coin";
  const std::string collaterals = "/api/v1/vault/collaterals";
  const std::string eth = "/api/v1/data-platform/latest-collateral?chain=eth";
  const std::string bsc = "/api/v1/data-platform/latest-collateral?chain=bsc";
  for (const std::string& path : {coin, collaterals, eth, bsc}) ASSERT_NE(served(path), "") << path;
  ASSERT_EQ(e2e::http_until(stack_->url("/.well-known/coin-api/deployment.json"),
                            [](const e2e::HttpResponse& answer) { return answer.status == 200; })
                .status,
            200);

  std::string output;
  // 6.4: eth's and bsc's supplies match; tron's, and so the total, are signed only.
  EXPECT_EQ(verify_until(coin, of_the_round, &output), 0) << output;
  EXPECT_EQ(output.find("signature: valid"), 0u) << output;
  EXPECT_EQ(count(output, ": matches"), 2) << output;
  EXPECT_NE(output.find("data.tron "), std::string::npos) << output;
  EXPECT_EQ(count(output, "signed, not re-derivable (tron is read at its latest block)"), 1) << output;
  EXPECT_EQ(count(output, "signed, not re-derivable (it adds tron, tron is read at its latest block)"), 1) << output;

  // 6.11: ETH-A's and BNB-A's six figures match; TRX-A's rest on tron.
  EXPECT_EQ(verify_until(collaterals, of_the_round, &output), 0) << output;
  EXPECT_EQ(count(output, ": matches"), 12) << output;
  EXPECT_EQ(count(output, "data.items[TRX-A]."), 6) << output;
  EXPECT_EQ(count(output, "(it is on tron, tron is read at its latest block)"), 6) << output;

  // 6.12: each chain's five figures and its Vaults' fourteen fields each; the daily changes rest
  // on a snapshot the answer does not name.
  EXPECT_EQ(verify_until(eth, of_the_round, &output), 0) << output;
  EXPECT_EQ(count(output, ": matches"), 5 + 3 * 14) << output;
  EXPECT_EQ(count(output, "DailyChange"), 3) << output;
  EXPECT_EQ(verify_until(bsc, of_the_round, &output), 0) << output;
  EXPECT_EQ(count(output, ": matches"), 5 + 5 * 14) << output;
  EXPECT_EQ(count(output, "MISMATCH"), 0) << output;

  // A compromised server: ETH-A's debt raised by one COIN in the database. 6.12 shows it, and
  // the collateral ratio it divides; the verifier names both and fails.
  const std::string before = served(eth);
  stack_->query("postgres",
                "UPDATE snapshot.vault_state SET debt = debt + 1 WHERE vault_id = "
                "(SELECT vault_id FROM snapshot.vault WHERE chain = 'eth' AND vault_type = 'ETH-A')");
  ASSERT_NE(e2e::http_until(stack_->url(eth), [&](const e2e::HttpResponse& answer) { return answer.body != before; })
                .body,
            before);
  EXPECT_EQ(verify_until(eth, [](int status, const std::string&) { return status == 1; }, &output), 1) << output;
  EXPECT_EQ(count(output, "MISMATCH"), 2) << output;
  EXPECT_NE(output.find("data.items[ETH-A].debt "), std::string::npos) << output;
  EXPECT_EQ(count(output, "data.items[ETH-A].debt "), 1) << output;
  const std::size_t debt = output.find("data.items[ETH-A].debt ");
  EXPECT_NE(output.find(": MISMATCH, the chain says ", debt), std::string::npos) << output;
  EXPECT_NE(output.find("data.items[ETH-A].collateralRatio "), std::string::npos) << output;
  EXPECT_NE(output.find("figures: " + std::to_string(5 + 3 * 14 - 2) + " match, 2 do not"), std::string::npos)
      << output;
}

}  // namespace
}  // namespace coin::chain_test
