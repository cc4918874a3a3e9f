// The indexer when nodes fail: a node down, slow, answering garbage, a call that
// reverts, one of two URLs dead. Each time the chains whose nodes answer are written, the
// others not at all (no row of theirs in any table), the API keeps answering, and the process
// never exits for it. One local chain and one stack with empty snapshot tables for all of
// them; each case starts from empty tables and runs one round (--once), the last one the
// indexer as a service for a few rounds.

#include <gtest/gtest.h>

#include <ctime>
#include <string>

#include "tests/chain/fake_node.hpp"
#include "tests/chain/local_chain.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/other_chains.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {
namespace {

class IndexerFaults : public ChainSuite {
 protected:

  // One round with `config`; its exit status, its log in *log, its metrics in <var>/<name>.prom.
  static int round(const Json::Value& config, const std::string& name, std::string* log) {
    return run_indexer(*stack_, {"--config", chain_->write_config(config, name), "--once", "--interval", "1",
                                 "--metrics", metrics_file(name)}, log);
  }
  static std::string metrics_file(const std::string& name) { return stack_->var() + "/" + name + ".prom"; }

  // The rows a chain has written: chain states, Vaults, Vault states and position states ("1 3 3 2").
  // A position is written in the transaction of the chain whose allocator Vault holds it: tron's
  // are on tron and plasma, eth's and bsc's on their own chains (chain/demo-state.json).
  static std::string rows(const std::string& chain) {
    const std::string held_on = chain == "tron" ? "'tron', 'plasma'" : "'" + chain + "'";
    return stack_->query("postgres",
        "SELECT (SELECT count(*) FROM snapshot.chain_state WHERE chain = '" + chain + "') || ' ' || "
        "(SELECT count(*) FROM snapshot.vault WHERE chain = '" + chain + "') || ' ' || "
        "(SELECT count(*) FROM snapshot.vault_state JOIN snapshot.vault USING (vault_id) WHERE chain = '" + chain + "') || ' ' || "
        "(SELECT count(*) FROM snapshot.allocator_position_state JOIN snapshot.allocator_position USING (position_id) "
        " WHERE chain IN (" + held_on + "))");
  }

  static Json::Value config_with(const std::string& chain, const std::string& key, const Json::Value& value) {
    Json::Value config = chain_->config();
    config["chains"][chain][key] = value;
    return config;
  }

  static Json::Value urls(std::initializer_list<std::string> list) {
    Json::Value array(Json::arrayValue);
    for (const std::string& url : list) array.append(url);
    return array;
  }

  static std::string dead_url() { return "http://127.0.0.1:" + std::to_string(e2e::free_port()); }

  static void expect_api_answers(const std::string& context) {
    EXPECT_EQ(e2e::http("GET", stack_->url("/totalSupply")).status, 200) << context;
    EXPECT_EQ(e2e::http("GET", stack_->url("/api/v1/data-platform/latest-collateral?chain=bsc")).status, 200)
        << context;
  }
};

// What a full round writes per chain (as rows() counts): chain/demo-state.json.
std::string written(const std::string& chain) {
  return chain == "tron" ? "1 3 3 2\n" : chain == "eth" ? "1 3 3 1\n" : "1 5 5 4\n";
}

TEST_F(IndexerFaults, EveryChainIsWrittenWhenEveryNodeAnswers) {
  std::string log;
  EXPECT_EQ(round(chain_->config(), "all-good", &log), 0) << log;
  for (const std::string chain : {"tron", "eth", "bsc"}) EXPECT_EQ(rows(chain), written(chain)) << chain << log;
}

TEST_F(IndexerFaults, NodeDownSkipsOnlyItsChain) {
  std::string log;
  EXPECT_EQ(round(config_with("tron", "rpc", urls({dead_url()})), "tron-down", &log), 1) << log;
  EXPECT_EQ(rows("tron"), "0 0 0 0\n") << log;
  EXPECT_EQ(rows("eth"), written("eth")) << log;
  EXPECT_EQ(rows("bsc"), written("bsc")) << log;
  EXPECT_NE(log.find("tron: skipped"), std::string::npos) << log;
  expect_api_answers("tron's node down");
  // Its metrics (docs/operating.md, Metrics): one round per chain, by outcome.
  const std::string metrics = e2e::read_file(metrics_file("tron-down"));
  for (const char* sample : {"coin_indexer_chain_rounds_total{process=\"tron-down\",chain=\"tron\",outcome=\"read_failed\"} 1\n",
                             "coin_indexer_chain_rounds_total{process=\"tron-down\",chain=\"eth\",outcome=\"written\"} 1\n",
                             "coin_indexer_chain_rounds_total{process=\"tron-down\",chain=\"bsc\",outcome=\"written\"} 1\n"}) {
    EXPECT_NE(metrics.find(sample), std::string::npos) << sample << metrics;
  }
  EXPECT_EQ(metrics.find("chain=\"tron\",outcome=\"written\""), std::string::npos) << metrics;
}

TEST_F(IndexerFaults, SlowNodeTimesOutAndSkipsOnlyItsChain) {
  FakeNode silent(FakeNode::Behaviour::silent);
  Json::Value config = config_with("eth", "rpc", urls({silent.url()}));
  config["timeout_seconds"] = 1;
  std::string log;
  EXPECT_EQ(round(config, "eth-slow", &log), 1) << log;
  EXPECT_EQ(silent.requests(), 1) << "the first call that times out ends the chain's reads";
  EXPECT_EQ(rows("eth"), "0 0 0 0\n") << log;
  EXPECT_EQ(rows("tron"), written("tron")) << log;
  EXPECT_NE(log.find("eth: skipped"), std::string::npos) << log;
  EXPECT_NE(log.find("Timeout"), std::string::npos) << log;
  expect_api_answers("eth's node slow");
}

TEST_F(IndexerFaults, GarbageAnswerSkipsOnlyItsChain) {
  FakeNode garbage(FakeNode::Behaviour::garbage);
  std::string log;
  EXPECT_EQ(round(config_with("bsc", "rpc", urls({garbage.url()})), "bsc-garbage", &log), 1) << log;
  EXPECT_EQ(rows("bsc"), "0 0 0 0\n") << log;
  EXPECT_EQ(rows("eth"), written("eth")) << log;
  EXPECT_NE(log.find("bsc: skipped"), std::string::npos) << log;
  EXPECT_NE(log.find("not a JSON-RPC answer"), std::string::npos) << log;
  expect_api_answers("bsc's node answering garbage");
}

TEST_F(IndexerFaults, RevertedCallSkipsOnlyItsChain) {
  // The Jug's address pointing at the COIN token: Jug.base() reverts there, after the chain's
  // supplies were read. Every Vault's fee rests on base, so the whole chain is skipped.
  const Json::Value eth = chain_->config()["chains"]["eth"];
  std::string log;
  EXPECT_EQ(round(config_with("eth", "jug", eth["token"]), "eth-reverts", &log), 1) << log;
  EXPECT_EQ(rows("eth"), "0 0 0 0\n") << log;
  EXPECT_EQ(rows("tron"), written("tron")) << log;
  EXPECT_NE(log.find("eth: skipped"), std::string::npos) << log;
  EXPECT_NE(log.find("revert"), std::string::npos) << log;
}

TEST_F(IndexerFaults, DeadFirstUrlFallsBackToTheSecond) {
  const Json::Value eth = chain_->config()["chains"]["eth"];
  std::string log;
  EXPECT_EQ(round(config_with("eth", "rpc", urls({dead_url(), eth["rpc"][0].asString()})), "eth-fallback", &log), 0)
      << log;
  for (const std::string chain : {"tron", "eth", "bsc"}) EXPECT_EQ(rows(chain), written(chain)) << chain << log;
}

// Within a chain, what fails is only what it touches. bsc's ALLOC-SPARK-A (vaults[4])
// holds a real Aave v3 position and a Spark Vault V2 (positions[1]), whose rate getter is vsr.

TEST_F(IndexerFaults, APositionThatCannotBeReadSkipsOnlyItsVault) {
  // The Spark Vault read as sUSDS names its rate getter, ssr: the call reverts.
  Json::Value config = chain_->config();
  config["chains"]["bsc"]["vaults"][4]["positions"][1]["read"]["rate"] = "ssr";
  std::string log;
  EXPECT_EQ(round(config, "bsc-position", &log), 1) << log;
  // bsc's chain state, its four other Vaults and Venus's position; nothing of ALLOC-SPARK-A, not
  // even its Aave position, which was read: never a Vault's APY from part of its positions.
  EXPECT_EQ(rows("bsc"), "1 4 4 1\n") << log;
  EXPECT_EQ(stack_->query("postgres", "SELECT count(*) FROM snapshot.vault WHERE vault_type = 'ALLOC-SPARK-A'"), "0\n");
  EXPECT_EQ(rows("eth"), written("eth")) << log;
  EXPECT_EQ(rows("tron"), written("tron")) << log;
  EXPECT_NE(log.find("bsc: written at "), std::string::npos) << log;
  EXPECT_NE(log.find("bsc: Vault ALLOC-SPARK-A skipped at "), std::string::npos) << log;
  EXPECT_NE(log.find("it has no state yet: Spark USDC position: vault.ssr at "), std::string::npos) << log;
  EXPECT_NE(e2e::read_file(metrics_file("bsc-position"))
                .find("coin_indexer_vault_skips_total{process=\"bsc-position\",chain=\"bsc\",vault=\"ALLOC-SPARK-A\"} 1\n"),
            std::string::npos);
  expect_api_answers("a position unreadable");
}

TEST_F(IndexerFaults, ASkippedVaultKeepsItsLastGoodStateInTheAnswers) {
  std::string log;
  ASSERT_EQ(round(chain_->config(), "good", &log), 0) << log;
  const std::time_t first = std::time(nullptr);  // the next round's taken_at is a later second
  ASSERT_TRUE(e2e::eventually([first] { return std::time(nullptr) > first; }));
  Json::Value config = chain_->config();
  config["chains"]["bsc"]["vaults"][4]["positions"][1]["read"]["rate"] = "ssr";
  EXPECT_EQ(round(config, "bad", &log), 1) << log;
  // Two chain states; ALLOC-SPARK-A's state and positions of the first round only.
  EXPECT_EQ(rows("bsc"), "2 5 9 5\n") << log;
  EXPECT_NE(log.find("bsc: Vault ALLOC-SPARK-A skipped at "), std::string::npos) << log;
  EXPECT_NE(log.find(", its last state is "), std::string::npos) << log;
  // The Vault the answers show is the last good one, older than the rest of its chain.
  EXPECT_EQ(stack_->query("postgres", "SELECT chain || ' ' || vault_type FROM api.vault_freshness "
                                      "WHERE taken_at < (SELECT max(taken_at) FROM api.vault_freshness)"),
            "bsc ALLOC-SPARK-A\n");
  const e2e::HttpResponse bsc = e2e::http("GET", stack_->url("/api/v1/data-platform/latest-collateral?chain=bsc"));
  EXPECT_NE(bsc.body.find("\"vaultType\":\"ALLOC-SPARK-A\""), std::string::npos) << bsc.body;
  EXPECT_NE(bsc.body.find("\"debt\":30300000"), std::string::npos) << bsc.body;
}

TEST_F(IndexerFaults, AVaultThatCannotBeReadIsSkippedAlone) {
  // BNB-A's collateral pointing at the Vat, which has no balanceOf(): the call reverts.
  Json::Value config = chain_->config();
  config["chains"]["bsc"]["vaults"][0]["collateral"] = config["chains"]["bsc"]["vat"];
  std::string log;
  EXPECT_EQ(round(config, "bsc-vault", &log), 1) << log;
  EXPECT_EQ(rows("bsc"), "1 4 4 4\n") << log;
  EXPECT_NE(log.find("bsc: Vault BNB-A skipped at "), std::string::npos) << log;
  EXPECT_NE(log.find("BNB-A collateral.balanceOf(join)"), std::string::npos) << log;
}

// The COIN in a lite PSM's pocket is a figure of the chain (not in circulation): a pocket() that
// cannot be read (the lite PSM's address pointing at COIN) skips the chain, as a failing
// COIN.totalSupply would; the other chains are written.
TEST_F(IndexerFaults, APocketThatCannotBeReadSkipsItsChain) {
  Json::Value config = chain_->config();
  config["chains"]["bsc"]["vaults"][3]["lite_psm"] = config["chains"]["bsc"]["token"];
  std::string log;
  EXPECT_EQ(round(config, "bsc-pocket", &log), 1) << log;
  EXPECT_EQ(rows("bsc"), "0 0 0 0\n") << log;
  EXPECT_NE(log.find("bsc: skipped at "), std::string::npos) << log;
  EXPECT_NE(log.find("LITE-PSM-USDC-A LitePsm.pocket"), std::string::npos) << log;
  EXPECT_EQ(rows("eth"), written("eth")) << log;
}

TEST_F(IndexerFaults, APositionsNodeDownSkipsOnlyItsVault) {
  // tron's SA-USDT-A holds a position on plasma; plasma's node is gone, tron's is not.
  std::string log;
  EXPECT_EQ(round(config_with("plasma", "rpc", urls({dead_url()})), "plasma-down", &log), 1) << log;
  EXPECT_EQ(rows("tron"), "1 2 2 0\n") << log;
  EXPECT_NE(log.find("tron: Vault SA-USDT-A skipped at "), std::string::npos) << log;
  EXPECT_EQ(rows("eth"), written("eth")) << log;
  EXPECT_EQ(rows("bsc"), written("bsc")) << log;
}

// Not a fault: the savings model follows the file. bsc's sCOIN holds 125308641.3425 COIN tokens
// (demo-state.json); read as a Pot-holding sCOIN (sDAI), none of them is sCOIN's and all of
// COIN's 987654321 circulate but what the rest of the protocol holds, its lite PSM's 20000123.45,
// its buffer's 1000000.25 and its treasury's 2500000: 964154197.3 (read as token-holding,
// 838845555.9575: indexer_test.cpp).
TEST_F(IndexerFaults, PotHeldSavingsLeaveEveryTokenInCirculation) {
  std::string log;
  EXPECT_EQ(round(config_with("bsc", "savings", "pot"), "bsc-pot", &log), 0) << log;
  EXPECT_EQ(stack_->query("postgres", "SELECT coin_supply, scoin_supply FROM snapshot.chain_state WHERE chain = 'bsc'"),
            "964154197.3|123456789.5\n");
  // 6.1, 6.2, 6.4 and 6.5 once the publisher has published the round's last chain: every chain's
  // COIN in circulation and sCOIN, tron's and eth's as indexer_test.cpp has them:
  // 829000000.123456789012345678 + 400000000 + 2416789012.34567890123456789
  // + 950000000.000000000000000001 + 964154197.3 + 123456789.5.
  const auto answers = [](const std::string& path, const std::string& part) {
    const e2e::HttpResponse answer = e2e::http_until(
        stack_->url(path), [&](const e2e::HttpResponse& r) { return r.body.find(part) != std::string::npos; });
    EXPECT_NE(answer.body.find(part), std::string::npos) << path << ": " << answer.body;
  };
  answers("/totalSupply", "5683399999.269135690246913569");
  answers("/circulatingSupply", "5683399999.269135690246913569");
  answers("/api/v1/external/total-supply/coin", "\"totalSupply\":4209943209.769135690246913568,");
  // bsc's field, then any chain's the demo does not deploy (0)
  answers("/api/v1/external/total-supply/coin", "\"bsc\":964154197.3" + e2e::for_other_chains(R"(,"{}":0)") + "}");
  answers("/api/v1/external/total-supply/scoin", "\"bsc\":123456789.5" + e2e::for_other_chains(R"(,"{}":0)") + "}");
}

// Not a fault either: the file's symbols are written with each chain, and 6.4 says them.
TEST_F(IndexerFaults, TheFilesSymbolsAreTheAnswersSymbols) {
  Json::Value config = chain_->config();
  config["symbols"]["coin"] = "USDD";
  config["symbols"]["scoin"] = "sUSDD";
  std::string log;
  EXPECT_EQ(round(config, "symbols", &log), 0) << log;
  EXPECT_EQ(stack_->query("postgres", "SELECT token, symbol FROM snapshot.token_symbol ORDER BY token"),
            "coin|USDD\nscoin|sUSDD\n");
  const auto says_usdd = [](const e2e::HttpResponse& r) { return r.body.find("\"symbol\":\"USDD\"") != std::string::npos; };
  EXPECT_TRUE(says_usdd(e2e::http_until(stack_->url("/api/v1/external/total-supply/coin"), says_usdd)));
  ASSERT_TRUE(stack_->psql("postgres", "DELETE FROM snapshot.token_symbol"));
}

TEST_F(IndexerFaults, ServiceKeepsRunningAndWritingWhatItCan) {
  FakeNode garbage(FakeNode::Behaviour::garbage);
  Json::Value config = config_with("tron", "rpc", urls({dead_url()}));
  config["chains"]["eth"]["rpc"] = urls({garbage.url()});
  IndexerProcess indexer(*stack_, {"--config", chain_->write_config(config, "service"), "--interval", "1"});
  const auto bsc_rounds = [] {
    return std::stoi(stack_->query("postgres", "SELECT count(*) FROM snapshot.chain_state WHERE chain = 'bsc'"));
  };
  EXPECT_TRUE(e2e::eventually([&] { return bsc_rounds() >= 3; })) << "bsc written " << bsc_rounds() << " times\n"
                                                                   << indexer.log();
  EXPECT_TRUE(indexer.running()) << indexer.log();
  expect_api_answers("while the service skips two chains");
  EXPECT_EQ(indexer.stop(), 0) << indexer.log();
  EXPECT_EQ(rows("tron"), "0 0 0 0\n");
  EXPECT_EQ(rows("eth"), "0 0 0 0\n");
}

}  // namespace
}  // namespace coin::chain_test
