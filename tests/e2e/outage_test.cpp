// What clients see when part of the stack is down: every published answer, as it was (the
// last good snapshot); a request that is not published gets the spec's server error; never a
// hang, a stack trace or a database message; and service again once the part is back.

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

void expect_server_error(const HttpResponse& response, const std::string& context) {
  EXPECT_EQ(response.status, 503) << context;
  EXPECT_EQ(response.header("content-type"), "application/json") << context;
  EXPECT_EQ(response.header("retry-after"), "5") << context;
  expect_cors(response, context);
  expect_security_headers(response, context);
  EXPECT_EQ(response.header("cache-control"), "no-store") << context;
}

// Asks for `path` every 50 ms, for up to 10 s, until it answers 200; the last answer.
HttpResponse until_ok(const Stack& stack, const std::string& path) {
  return http_until(stack.url(path), [](const HttpResponse& response) { return response.status == 200; });
}

// A stack of its own: these tests take parts of it down.
class Outage : public testing::Test {
 protected:
  static void SetUpTestSuite() { stack = new Stack("fixture"); }
  static void TearDownTestSuite() {
    delete stack;
    stack = nullptr;
  }
  static Stack* stack;
};
Stack* Outage::stack = nullptr;

TEST_F(Outage, WithTheDatabaseDownPublishedAnswersStayAndTheRestIsAServerError) {
  std::map<std::string, HttpResponse> before;
  for (const Request& request : published_requests()) {
    before[request.path] = http("GET", stack->url(request.path));
    ASSERT_EQ(before[request.path].status, 200) << request.name();
  }
  // Not published: an endpoint with parameters, asked with one more (the handlers answer it).
  const std::string unpublished = "/api/v1/data-platform/latest-collateral?chain=eth&x=1";
  ASSERT_EQ(http("GET", stack->url(unpublished)).body, before["/api/v1/data-platform/latest-collateral?chain=eth"].body);

  ASSERT_TRUE(stack->stop_database());
  for (const Request& request : published_requests()) {
    const HttpResponse response = http("GET", stack->url(request.path));
    EXPECT_EQ(response.status, 200) << request.name();
    EXPECT_EQ(response.body, before[request.path].body) << request.name();
    EXPECT_EQ(response.header("last-modified"), before[request.path].header("last-modified")) << request.name();
  }
  // The handlers' own copy went with the database: their listener lost it.
  const HttpResponse not_published = http("GET", stack->url(unpublished));
  expect_server_error(not_published, "database down");
  EXPECT_EQ(not_published.body, server_error_body);
  EXPECT_EQ(not_published.body.find("postgres"), std::string::npos);

  ASSERT_TRUE(stack->start_database());
  const HttpResponse back = until_ok(*stack, unpublished);
  EXPECT_EQ(back.status, 200);
  EXPECT_EQ(back.body, before["/api/v1/data-platform/latest-collateral?chain=eth"].body);
}

// The protocol pool: an endpoint without parameters answers a query without from, to or
// format from its published file, so only 6.12, 6.13 and 6.15 (and ranges and CSV) can be
// asked for something that is not published.
TEST_F(Outage, WithAHandlerPoolDownItsPublishedAnswersStayAndTheRestIsNginxsServerError) {
  const std::vector<std::string> sockets = {stack->var() + "/run/protocol-1.sock",
                                            stack->var() + "/run/protocol-2.sock"};
  for (const std::string& socket : sockets) {
    ASSERT_EQ(std::rename(socket.c_str(), (socket + ".away").c_str()), 0);
  }
  std::vector<std::pair<std::string, long>> published;
  for (const Request& request : published_requests()) {
    if (request.endpoint->group != "protocol") continue;
    published.emplace_back(request.name(), http("GET", stack->url(request.path)).status);
  }
  const std::string unpublished = "/api/v1/data-platform/latest-collateral?chain=eth&x=1";
  const HttpResponse down = http("GET", stack->url(unpublished));
  const HttpResponse parameter_error = http("GET", stack->url("/api/v1/data-platform/latest-collateral"));
  for (const std::string& socket : sockets) {
    ASSERT_EQ(std::rename((socket + ".away").c_str(), socket.c_str()), 0);
  }

  ASSERT_FALSE(published.empty());
  for (const auto& [name, status] : published) EXPECT_EQ(status, 200) << name;
  for (const HttpResponse* response : {&down, &parameter_error}) {
    expect_server_error(*response, "pool down");
    EXPECT_EQ(response->body, server_error_body + "\n");  // nginx's page (nginx/html/50x.json)
  }
  // nginx leaves a failed process out for fail_timeout (1 s), counted in whole seconds.
  EXPECT_EQ(until_ok(*stack, unpublished).status, 200);
}

}  // namespace
}  // namespace coin::e2e
