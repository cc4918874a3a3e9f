#include "tests/e2e/stack.hpp"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <stdexcept>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"

namespace coin::e2e {

using namespace std::chrono_literals;

int bind_loopback(int* port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (fd < 0 || ::bind(fd, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    throw std::runtime_error("no free port");
  }
  *port = ntohs(address.sin_port);
  return fd;
}

int connect_loopback(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd >= 0 && ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0) return fd;
  if (fd >= 0) ::close(fd);
  return -1;
}

int free_port() {
  int port = 0;
  ::close(bind_loopback(&port));
  return port;
}

Stack::Stack(std::string_view data, const std::vector<std::string>& settings)
    : var_(make_var_directory("coin-e2e")), port_(free_port()) {
  const std::string script = std::string(COIN_SOURCE_DIR) + "/scripts/dev/run.sh";
  std::vector<std::string> environment = {"PORT=" + std::to_string(port_), "VAR=" + var_,
                                          "DATA=" + std::string(data),
                                          std::string("HANDLERS=") + COIN_HANDLER_DIR, "THREADS=2"};
  environment.insert(environment.end(), settings.begin(), settings.end());
  pid_ = spawn({"/bin/bash", script}, environment, var_ + "/stack.log");

  // Ready once scripts/dev/run.sh says it serves: every process up, the publisher's first set
  // published and its event posted. Demo data takes longest: its generator writes some 600k rows.
  wait_until_ready(
      pid_, 180s, [&] { return log().find("coin-api serves http://") != std::string::npos; }, "the stack",
      [this] { return log(); });
}

Stack::~Stack() {
  terminate(pid_);  // scripts/dev/run.sh stops nginx, the handlers and PostgreSQL
  std::error_code ignored;
  std::filesystem::remove_all(var_, ignored);
}

std::string Stack::url(std::string_view path_and_query) const {
  return "http://127.0.0.1:" + std::to_string(port_) + std::string(path_and_query);
}

std::string Stack::conninfo(std::string_view role) const {
  return "host=" + var_ + "/pg dbname=coin user=" + std::string(role);
}

bool Stack::psql(std::string_view role, std::string_view sql) const {
  return psql_succeeds(conninfo(role), sql);
}

std::string Stack::query(std::string_view role, std::string_view sql) const {
  return psql_output(conninfo(role), sql);
}

bool Stack::stop_database() const { return run_step("pg_stop"); }
bool Stack::start_database() const { return run_step("pg_start"); }

bool Stack::run_step(std::string_view step) const {
  const std::string command = "bash -c 'source " + std::string(COIN_SOURCE_DIR) + "/scripts/dev/lib.sh && " +
                              std::string(step) + " " + var_ + "' >/dev/null 2>&1";
  return std::system(command.c_str()) == 0;
}

std::string Stack::log() const { return read_file(var_ + "/stack.log"); }

namespace {

std::unique_ptr<Stack> fixture;
std::unique_ptr<Stack> demo;
std::unique_ptr<Stack> unpublished;

// Stops the stacks after the last test, while the test binary still runs.
class StopStacks : public testing::Environment {
  void TearDown() override {
    fixture.reset();
    demo.reset();
    unpublished.reset();
  }
};
const testing::Environment* const stop_stacks = testing::AddGlobalTestEnvironment(new StopStacks);

}  // namespace

const Stack& fixture_stack() {
  if (!fixture) fixture = std::make_unique<Stack>("fixture");
  return *fixture;
}

const Stack& demo_stack() {
  if (!demo) demo = std::make_unique<Stack>("demo");
  return *demo;
}

const Stack& unpublished_stack() {
  if (!unpublished) unpublished = std::make_unique<Stack>("fixture", std::vector<std::string>{"PUBLISH=off"});
  return *unpublished;
}

}  // namespace coin::e2e
