#pragma once
// The chain side of the indexer's tests: a local EVM node (anvil, from the npm registry) on a
// free loopback port with the test contracts deployed at chain/demo-state.json's values
// (chain/deploy.mjs), and coin-indexer run against a stack's database.

#include <gtest/gtest.h>
#include <sys/types.h>

#include <json/value.h>

#include <string>
#include <vector>

#include "tests/e2e/stack.hpp"
#include "tests/support/temporary_directory.hpp"

namespace coin::chain_test {

class LocalChain {
 public:
  // Starts anvil, deploys the contracts and writes the indexer's configuration for them.
  // Throws std::runtime_error, with what anvil or the deploy printed, when either fails.
  LocalChain();
  ~LocalChain();  // stops anvil (its directory goes after)
  LocalChain(const LocalChain&) = delete;
  LocalChain& operator=(const LocalChain&) = delete;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int port() const { return port_; }
  // The node's answer to one JSON-RPC call (tests/chain/rpc_call.mjs), as JSON text; "" and a
  // test failure when the call fails.
  std::string rpc(const std::string& method, const std::string& params = "[]") const;
  // The configuration deploy.mjs wrote, and a file holding `config` (a changed copy of it).
  const Json::Value& config() const { return config_; }
  std::string write_config(const Json::Value& config, const std::string& name) const;
  const std::string& config_path() const { return config_path_; }

 private:
  const testing_support::TemporaryDirectory directory_{"coin-chain"};  // anvil's log, the configurations
  std::string config_path_;
  Json::Value config_;
  int port_ = 0;
  pid_t pid_ = -1;
};

// A test suite's local chain and stack with empty snapshot tables, made once for the suite and
// emptied again before each of its tests.
class ChainSuite : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    chain_ = new LocalChain();
    stack_ = new e2e::Stack("empty");
  }
  // The pointers are shared by every suite of the kind: left dangling, a later suite whose stack
  // failed to start would delete this one's again.
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
    delete chain_;
    chain_ = nullptr;
  }
  void SetUp() override;

  static inline LocalChain* chain_ = nullptr;
  static inline e2e::Stack* stack_ = nullptr;
};

// Whether something accepts connections on the loopback port.
bool accepts(int port);

// Empties the stack's snapshot tables (and restarts their ids), for a round from nothing; true
// when it did.
bool empty_snapshot_tables(const e2e::Stack& stack);

// coin-indexer (the Debug build's) run to its end with `args` on the stack's database as
// coin_indexer. Returns its exit status; what it wrote on stderr goes to *log.
int run_indexer(const e2e::Stack& stack, const std::vector<std::string>& args, std::string* log);

// coin-indexer running in the background until stop(), its stderr in a file.
class IndexerProcess {
 public:
  IndexerProcess(const e2e::Stack& stack, const std::vector<std::string>& args);
  ~IndexerProcess();
  IndexerProcess(const IndexerProcess&) = delete;
  IndexerProcess& operator=(const IndexerProcess&) = delete;

  bool running() const;
  // SIGTERM, then its exit status (-1 when it had already ended: it must not have).
  int stop();
  std::string log() const;

 private:
  std::string log_path_;
  pid_t pid_ = -1;
  bool ended_ = false;
};

}  // namespace coin::chain_test
