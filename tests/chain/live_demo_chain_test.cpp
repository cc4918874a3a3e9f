// `make run DATA=chain` (issue 13): the stack on a local EVM node that chain/drive.mjs keeps
// changing, indexed every few seconds; the API must follow the chain.

#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {
namespace {

TEST(LiveDemoChain, ApiFollowsTheChain) {
  const e2e::Stack stack("chain", {"CHAIN_PORT=" + std::to_string(e2e::free_port()), "INDEX_INTERVAL=1"});
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
}

}  // namespace
}  // namespace coin::chain_test
