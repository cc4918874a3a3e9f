// Item 2: the handlers' database sessions ended by pg_terminate_backend, twice a second, under
// load without the publisher or any cache (every request queries): they reconnect and no
// request fails.

#include <gtest/gtest.h>

#include <future>
#include <string>

#include "tests/e2e/stack.hpp"
#include "tests/fault/fault.hpp"
#include "tests/fault/load.hpp"

namespace coin::fault {
namespace {

TEST(KilledSessions, TheHandlersReconnectAndNoRequestFails) {
  const e2e::Stack stack("fixture", {"PUBLISH=off", "HANDLER_FLAGS=--no-cache"});
  const auto start = Clock::now();
  auto load = std::async(std::launch::async, [&] {
    return run_load(stack.url(""), every_endpoint(), Load{/*connections*/ 16, /*seconds*/ 15});
  });
  long terminated = 0;
  while (seconds_since(start) < 14) {
    std::this_thread::sleep_for(500ms);
    terminated += std::stol(stack.query("postgres", R"(
      SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))
        FROM pg_stat_activity WHERE usename = 'coin_api';)"));
  }
  const LoadResult result = load.get();
  report("sessions killed", result.figures() + "; " + std::to_string(terminated) + " sessions ended");
  EXPECT_EQ(result.failed(), 0) << result.figures();
  EXPECT_GT(result.requests, 10'000) << "the load ran";
  EXPECT_GT(terminated, 50) << "sessions were ended while requests ran";
}

}  // namespace
}  // namespace coin::fault
