// Item 4: handler processes killed with SIGKILL under load, without the publisher or any cache
// (PUBLISH=off, --no-cache: every request reaches a handler). Their supervisor (scripts/dev/run.sh)
// starts them again, and nginx sends what the dead process held to the other process of its
// pool: under 0.1% fail. The kills are spread over the load by its progress, not by the clock.

#include <gtest/gtest.h>

#include <algorithm>
#include <csignal>
#include <future>
#include <string>
#include <vector>

#include "handlers/mcp/tool_catalog.hpp"
#include "shared/endpoints.hpp"

#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/fault/fault.hpp"
#include "tests/fault/load.hpp"

namespace coin::fault {
namespace {

// What the kills did: processes started again, and the slowest restart (seconds).
struct Kills {
  int restarts = 0;
  double slowest_restart = 0;
};

// Kills (SIGKILL) the processes `names` of `stack` in turn, `kills` times, kill k once nginx has
// answered k x `between_kills` requests since `first` (by its count, /stub_status: spread over
// the load by its progress, not by the clock), each time waiting for its supervisor to start it
// again.
void kill_in_turn(const e2e::Stack& stack, const std::vector<std::string>& names, int kills, long first,
                  long between_kills, Kills& done) {
  const std::string stub_status = stack.url("/stub_status");
  for (int round = 1; round <= kills; ++round) {
    ASSERT_TRUE(eventually([&] { return nginx_requests(stub_status) >= first + round * between_kills; }))
        << "the load stalled";
    const std::string& name = names[static_cast<size_t>(round - 1) % names.size()];
    const pid_t pid = handler_pid(stack.var(), name);
    ASSERT_GT(pid, 0) << name;
    ASSERT_EQ(::kill(pid, SIGKILL), 0);
    const double restarted = seconds_until(Clock::now(), [&] {
      const pid_t again = handler_pid(stack.var(), name);
      return again > 0 && again != pid;
    });
    if (restarted >= 0) ++done.restarts;
    done.slowest_restart = std::max(done.slowest_restart, restarted);
  }
}

TEST(CrashedHandler, ItIsRestartedAndFewerThanOneRequestInAThousandFails) {
  const e2e::Stack stack("fixture", {"PUBLISH=off", "HANDLER_FLAGS=--no-cache"});
  // About 40,000 answers, however long the machine takes (the cap is for a broken case), and
  // each process killed twice while they are sent, spread over the first 20,000 (which wrk
  // sends whatever the balance of its two threads, load.hpp): kill k once nginx has answered
  // k/9 of those.
  constexpr long answers = 40'000;
  constexpr int kills = 8;
  constexpr long between_kills = answers / 2 / (kills + 1);
  const long first = nginx_requests(stack.url("/stub_status"));
  auto load = std::async(std::launch::async, [&] {
    return run_load(stack.url(""), every_endpoint(),
                    Load{/*connections*/ 32, /*seconds, at most*/ 600, /*timeout*/ 5, answers});
  });
  Kills done;
  kill_in_turn(stack, handler_names, kills, first, between_kills, done);
  const LoadResult result = load.get();
  report("handlers killed", result.figures() + "; " + std::to_string(kills) + " kills, " +
                                std::to_string(done.restarts) + " restarts, the slowest after " +
                                std::to_string(done.slowest_restart) + " s");
  EXPECT_EQ(done.restarts, kills);
  EXPECT_LT(result.failed() * 1000, result.requests) << result.figures();
}

// The mcp handler's two processes killed in turn under MCP tool calls (POST /mcp): nginx hands
// a call the dead process held to the other (fastcgi_next_upstream non_idempotent: every MCP
// method only reads), and the supervisor starts it again; with the publisher and the caches
// on, as served. The same bound as above.
TEST(CrashedHandler, AnMcpProcessKilledUnderToolCallsIsRestartedAndFewerThanOneInAThousandFails) {
  const e2e::Stack stack("fixture");
  std::vector<std::string> calls;
  for (const Endpoint& endpoint : endpoints()) {
    std::string arguments;
    for (const Parameter* parameter : endpoint.parameters) {
      const std::string value = parameter->checked_by_data() ? "WBTC-A" : std::string(*parameter->allowed.begin());
      arguments += (arguments.empty() ? "" : ",") + ("\"" + std::string(parameter->name) + "\":\"" + value + "\"");
    }
    calls.push_back(R"(/mcp {"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":")" + mcp::tool_name(endpoint) +
                    R"(","arguments":{)" + arguments + "}}}");
  }
  constexpr long answers = 20'000;
  constexpr int kills = 4;
  constexpr long between_kills = answers / 2 / (kills + 1);
  const long first = nginx_requests(stack.url("/stub_status"));
  auto load = std::async(std::launch::async, [&] {
    return run_load(stack.url(""), calls, Load{/*connections*/ 16, /*seconds, at most*/ 600, /*timeout*/ 5, answers});
  });
  Kills done;
  kill_in_turn(stack, {"mcp-1", "mcp-2"}, kills, first, between_kills, done);
  const LoadResult result = load.get();
  report("mcp processes killed", result.figures() + "; " + std::to_string(kills) + " kills, " +
                                     std::to_string(done.restarts) + " restarts, the slowest after " +
                                     std::to_string(done.slowest_restart) + " s");
  EXPECT_EQ(done.restarts, kills);
  EXPECT_LT(result.failed() * 1000, result.requests) << result.figures();
}

}  // namespace
}  // namespace coin::fault
