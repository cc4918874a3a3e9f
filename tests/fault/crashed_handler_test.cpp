// Item 4: handler processes killed with SIGKILL under load, without the publisher or any cache
// (PUBLISH=off, --no-cache: every request reaches a handler). Their supervisor (scripts/run.sh)
// starts them again, and nginx sends what the dead process held to the other process of its
// pool: under 0.1% fail.

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <future>
#include <string>

#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/fault/fault.hpp"
#include "tests/fault/load.hpp"

namespace coin::fault {
namespace {

TEST(CrashedHandler, ItIsRestartedAndFewerThanOneRequestInAThousandFails) {
  const e2e::Stack stack("fixture", {"PUBLISH=off", "HANDLER_FLAGS=--no-cache"});
  auto load = std::async(std::launch::async, [&] {
    return run_load(stack.url(""), every_endpoint(), Load{/*connections*/ 32, /*seconds*/ 20});
  });
  int kills = 0;
  int restarts = 0;
  double slowest_restart = 0;
  for (int round = 0; round < 8; ++round) {  // each process twice, one every 2 s
    std::this_thread::sleep_for(2s);
    const std::string& name = handler_names[static_cast<size_t>(round) % handler_names.size()];
    const pid_t pid = handler_pid(stack.var(), name);
    ASSERT_GT(pid, 0) << name;
    ASSERT_EQ(::kill(pid, SIGKILL), 0);
    ++kills;
    const auto killed = Clock::now();
    pid_t again = -1;
    while ((again = handler_pid(stack.var(), name)) == pid || again < 0) {
      if (seconds_since(killed) > 5) break;
      std::this_thread::sleep_for(10ms);
    }
    if (again > 0 && again != pid) {
      ++restarts;
      slowest_restart = std::max(slowest_restart, seconds_since(killed));
    }
  }
  const LoadResult result = load.get();
  report("handlers killed", result.figures() + "; " + std::to_string(kills) + " kills, " +
                                std::to_string(restarts) + " restarts, the slowest after " +
                                std::to_string(slowest_restart) + " s");
  EXPECT_EQ(restarts, kills);
  EXPECT_LT(result.failed() * 1000, result.requests) << result.figures();
  EXPECT_GT(result.requests, 10'000) << "the load ran";
}

}  // namespace
}  // namespace coin::fault
