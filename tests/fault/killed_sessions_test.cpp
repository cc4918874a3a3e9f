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
  // About 20,000 answers, however long the machine takes (the cap is for a broken case).
  auto load = std::async(std::launch::async, [&] {
    return run_load(stack.url(""), every_endpoint(),
                    Load{/*connections*/ 16, /*seconds, at most*/ 600, /*timeout*/ 5, /*answers*/ 20'000});
  });
  long terminated = 0;
  while (load.wait_for(500ms) == std::future_status::timeout) {
    terminated += std::stol(stack.query("postgres", R"(
      SELECT count(*) FILTER (WHERE pg_terminate_backend(pid))
        FROM pg_stat_activity WHERE usename = 'coin_api';)"));
  }
  const LoadResult result = load.get();
  report("sessions killed", result.figures() + "; " + std::to_string(terminated) + " sessions ended");
  EXPECT_EQ(result.failed(), 0) << result.figures();
  EXPECT_GT(terminated, 50) << "sessions were ended while requests ran";
}

}  // namespace
}  // namespace coin::fault
