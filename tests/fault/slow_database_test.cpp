// Item 3: a view that hangs. coin_api's statement_timeout (5 s) ends its statements: every
// worker of the pool answers the spec's server error instead of staying stuck, the other pool
// serves meanwhile, and the endpoint answers again as soon as the view does.

#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <string>
#include <vector>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/fault/fault.hpp"

namespace coin::fault {
namespace {

using e2e::http;
using e2e::HttpResponse;
using e2e::server_error_body;

constexpr const char* hanging = "/api/v1/external/earn-apy";  // 6.3, api.earn_apy

TEST(SlowDatabase, AHangingViewIsAServerErrorWithinTheStatementTimeout) {
  const e2e::Stack stack("fixture", {"PUBLISH=off", "HANDLER_FLAGS=--no-cache"});
  const std::string definition = stack.query("postgres", "SELECT pg_get_viewdef('api.earn_apy')");
  // The same view, with the same columns, that sleeps for a minute first.
  ASSERT_TRUE(stack.psql("postgres", "CREATE OR REPLACE VIEW api.earn_apy AS SELECT v.* FROM (" +
                                         definition.substr(0, definition.rfind(';')) +
                                         ") AS v, pg_sleep(60)"));
  const auto handlers = handler_processes(stack.var());

  // As many requests as the supply pool has workers (2 processes x 2 threads): all held.
  const auto start = Clock::now();
  std::vector<std::future<HttpResponse>> requests;
  for (int i = 0; i < 4; ++i) {
    requests.push_back(std::async(std::launch::async, [&] { return http("GET", stack.url(hanging)); }));
  }
  std::this_thread::sleep_for(1s);
  const auto other_pool = Clock::now();
  EXPECT_EQ(http("GET", stack.url("/api/v1/market-site/overview")).status, 200);
  const double other_pool_seconds = seconds_since(other_pool);
  EXPECT_LT(other_pool_seconds, 1.0);

  double slowest = 0;
  for (auto& request : requests) {
    const HttpResponse response = request.get();
    EXPECT_EQ(response.status, 503);
    EXPECT_EQ(response.body, server_error_body);
    slowest = std::max(slowest, seconds_since(start));
  }
  // Ended by statement_timeout (5 s), not by the view's minute of sleep.
  EXPECT_LT(slowest, 30) << "statement_timeout is 5 s";
  EXPECT_EQ(stack.query("postgres", "SELECT count(*) FROM pg_stat_activity "
                                    "WHERE usename = 'coin_api' AND state = 'active'"),
            "0\n")
      << "no statement of the handlers still runs";

  ASSERT_TRUE(stack.psql("postgres", "CREATE OR REPLACE VIEW api.earn_apy AS " + definition));
  const auto restored = Clock::now();
  EXPECT_EQ(http("GET", stack.url(hanging)).status, 200);
  const double recovered = seconds_since(restored);
  EXPECT_LT(recovered, 1.0);
  report("slow database", "4 requests to a hanging view: 4 answered 503, the last after " +
                              std::to_string(slowest) + " s; the other pool answered in " +
                              std::to_string(other_pool_seconds) + " s meanwhile; 200 again " +
                              std::to_string(recovered) + " s after the view was restored");
  for (const auto& [name, pid] : handlers) EXPECT_EQ(handler_pid(stack.var(), name), pid) << name << " restarted";
}

}  // namespace
}  // namespace coin::fault
