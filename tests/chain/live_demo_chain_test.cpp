// `make run DATA=chain`: the stack on a local EVM node that chain/drive.mjs keeps
// changing, indexed every few seconds; the API must follow the chain. A few seconds in, the
// demo's failing position stops answering: its Vault alone is left out, and /healthz
// names it once its last state is older than --max-age, while its chain is still written.

#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {
namespace {

TEST(LiveDemoChain, ApiFollowsTheChain) {
  const e2e::Stack stack("chain", {"CHAIN_PORT=" + std::to_string(e2e::free_port()), "INDEX_INTERVAL=1",
                                   "FAIL_AFTER=5", "MAX_AGE=15"});
  const std::string first = e2e::http("GET", stack.url("/totalSupply")).body;
  EXPECT_NE(first, "0");
  // drive.mjs moves the supplies every 3 s (by default); the indexer reads them every second.
  EXPECT_TRUE(e2e::eventually([&] { return e2e::http("GET", stack.url("/totalSupply")).body != first; }))
      << "6.1 never moved";
  // Each chain of a round is a transaction of its own: the one that moved 6.1 may not be eth's.
  const auto eth_snapshots = [&] {
    return std::stoi(stack.query("postgres", "SELECT count(*) FROM snapshot.chain_state WHERE chain = 'eth'"));
  };
  EXPECT_TRUE(e2e::eventually([&] { return eth_snapshots() >= 2; })) << "eth's second snapshot was never written";

  // The failing position's Vault ages alone: /healthz fails naming it, and bsc is still written
  // after (the newest bsc snapshot is newer than the Vault's last state by more than 15 s).
  const std::string named = "the newest state of Vault ALLOC-SPARK-A on bsc is ";
  e2e::HttpResponse health;
  EXPECT_TRUE(e2e::eventually([&] {
    health = e2e::http("GET", stack.url("/healthz"));
    return health.status == 503 && health.body.find(named) != std::string::npos;
  })) << health.status << " " << health.body;
  EXPECT_EQ(health.body.find("the newest snapshot of bsc"), std::string::npos) << health.body;
  EXPECT_EQ(stack.query("postgres", "SELECT count(*) FROM api.vault_freshness WHERE age_seconds > 15"), "1\n");
}

}  // namespace
}  // namespace coin::chain_test
