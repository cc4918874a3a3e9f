// `make run DATA=chain` (issue 13): the stack on a local EVM node that chain/drive.mjs keeps
// changing, indexed every few seconds; the API must follow the chain.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::chain_test {
namespace {

using namespace std::chrono_literals;

TEST(LiveDemoChain, ApiFollowsTheChain) {
  const e2e::Stack stack("chain", {"CHAIN_PORT=" + std::to_string(e2e::free_port()), "INDEX_INTERVAL=1"});
  const std::string first = e2e::http("GET", stack.url("/totalSupply")).body;
  EXPECT_NE(first, "0");
  // drive.mjs moves the supplies every 3 s (by default); the indexer reads them every second.
  std::string now = first;
  for (int tries = 0; tries < 100 && now == first; ++tries) {
    std::this_thread::sleep_for(100ms);
    now = e2e::http("GET", stack.url("/totalSupply")).body;
  }
  EXPECT_NE(now, first) << "6.1 did not move within 10 s";
  // Each chain of a round is a transaction of its own: the one that moved 6.1 may not be eth's.
  const auto eth_snapshots = [&] {
    return std::stoi(stack.query("postgres", "SELECT count(*) FROM snapshot.chain_state WHERE chain = 'eth'"));
  };
  int snapshots = eth_snapshots();
  for (int tries = 0; tries < 50 && snapshots < 2; ++tries) {
    std::this_thread::sleep_for(100ms);
    snapshots = eth_snapshots();
  }
  EXPECT_GE(snapshots, 2) << "eth's second snapshot was not written within 5 s";
}

}  // namespace
}  // namespace coin::chain_test
