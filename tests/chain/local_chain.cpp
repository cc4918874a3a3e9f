#include "tests/chain/local_chain.hpp"

#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <json/reader.h>
#include <json/writer.h>

#include <csignal>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "tests/e2e/node_script.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {

namespace {

using e2e::read_file;
using e2e::spawn;
using e2e::wait_status;

const std::string source_dir = COIN_SOURCE_DIR;

std::vector<std::string> indexer_environment(const e2e::Stack& stack) {
  return {"PGHOST=" + stack.var() + "/pg", "PGDATABASE=coin", "PGUSER=coin_indexer",
          "PGAPPNAME=coin-indexer (test)"};
}

std::vector<std::string> indexer_argv(const std::vector<std::string>& args) {
  std::vector<std::string> argv = {std::string(COIN_HANDLER_DIR) + "/coin-indexer"};
  argv.insert(argv.end(), args.begin(), args.end());
  return argv;
}

}  // namespace

bool accepts(int port) {
  const int fd = e2e::connect_loopback(port);
  if (fd >= 0) ::close(fd);
  return fd >= 0;
}

LocalChain::LocalChain() : port_(e2e::free_port()) {
  pid_ = spawn({source_dir + "/" ANVIL_PATH, "--host", "127.0.0.1", "--port", std::to_string(port_)},
               {}, directory_.file("anvil.log"));
  if (!e2e::eventually([&] { return accepts(port_); })) {
    throw std::runtime_error("anvil did not start: " + read_file(directory_.file("anvil.log")));
  }
  config_path_ = directory_.file("indexer.json");
  const pid_t deploy = spawn({"node", source_dir + "/chain/deploy.mjs", "--rpc", url(), "--state",
                              source_dir + "/chain/demo-state.json", "--out", config_path_},
                             {}, directory_.file("deploy.log"));
  if (wait_status(deploy) != 0) {
    throw std::runtime_error("chain/deploy.mjs failed: " + read_file(directory_.file("deploy.log")));
  }
  std::istringstream text(read_file(config_path_));
  Json::CharReaderBuilder builder;
  std::string error;
  if (!Json::parseFromStream(builder, text, &config_, &error)) {
    throw std::runtime_error("deploy.mjs wrote no configuration: " + error);
  }
}

LocalChain::~LocalChain() {
  ::kill(pid_, SIGTERM);
  wait_status(pid_);
}

std::string LocalChain::write_config(const Json::Value& config, const std::string& name) const {
  const std::string path = directory_.file(name + ".json");
  std::ofstream(path) << Json::writeString(Json::StreamWriterBuilder(), config);
  return path;
}

std::string LocalChain::rpc(const std::string& method, const std::string& params) const {
  std::string output;
  EXPECT_EQ(e2e::run_node_script("tests/chain/rpc_call.mjs",
                                 "--rpc " + url() + " --method " + method + " --params '" + params + "'", &output),
            0)
      << output;
  return output.substr(0, output.find('\n'));
}

void ChainSuite::SetUp() { ASSERT_TRUE(empty_snapshot_tables(*stack_)); }

bool empty_snapshot_tables(const e2e::Stack& stack) {
  // The publisher may be rendering the last test's snapshot, whose statements take their tables'
  // locks in another order than TRUNCATE: PostgreSQL may end the TRUNCATE as a deadlock
  // victim. It is tried again, a few times.
  for (int attempt = 0; attempt < 5; ++attempt) {
    if (stack.psql("postgres", "TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, snapshot.urn_state, snapshot.urn, snapshot.urn_log_range, snapshot.vault_price, "
                               "snapshot.allocator_position_state, snapshot.allocator_position, "
                               "snapshot.vault_state, snapshot.vault, snapshot.chain_state, snapshot.live_snapshot RESTART IDENTITY")) {
      return true;
    }
  }
  return false;
}

int run_indexer(const e2e::Stack& stack, const std::vector<std::string>& args, std::string* log) {
  const std::string log_path = stack.var() + "/indexer-once.log";
  const int status = wait_status(spawn(indexer_argv(args), indexer_environment(stack), log_path));
  *log = read_file(log_path);
  return status;
}

IndexerProcess::IndexerProcess(const e2e::Stack& stack, const std::vector<std::string>& args)
    : log_path_(stack.var() + "/indexer.log"),
      pid_(spawn(indexer_argv(args), indexer_environment(stack), log_path_)) {}

IndexerProcess::~IndexerProcess() {
  if (!ended_) stop();
}

bool IndexerProcess::running() const {
  int status = 0;
  return !ended_ && ::waitpid(pid_, &status, WNOHANG) == 0;
}

int IndexerProcess::stop() {
  const bool was_running = running();
  ::kill(pid_, SIGTERM);
  const int status = wait_status(pid_);
  ended_ = true;
  return was_running ? status : -1;
}

std::string IndexerProcess::log() const { return read_file(log_path_); }

}  // namespace coin::chain_test
