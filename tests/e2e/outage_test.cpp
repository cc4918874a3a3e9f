// What clients see when part of the stack is down: the last good answer where there is one,
// else the spec's server error; never a hang, a stack trace or a database message; and service
// again once the part is back.

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "envelope.hpp"
#include "http_client.hpp"
#include "stack.hpp"

namespace coin::e2e {
namespace {

const std::string server_error_body = R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})";

void expect_server_error(const HttpResponse& response) {
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(response.header("content-type"), "application/json");
  EXPECT_EQ(response.header("retry-after"), "5");
  expect_cors(response, "outage");
  expect_security_headers(response, "outage");
  EXPECT_EQ(response.header("cache-control"), "no-store");
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

TEST_F(Outage, ADatabaseOutageServesTheLastGoodAnswerOrAServerErrorAndServiceResumes) {
  const std::string total_supply = "1000255000.499999999999999999";  // 6.1 on the fixture
  ASSERT_EQ(http("GET", stack->url("/totalSupply")).body, total_supply);

  ASSERT_TRUE(stack->stop_database());
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));  // nginx's copy has expired
  const HttpResponse served_before = http("GET", stack->url("/totalSupply"));
  EXPECT_EQ(served_before.status, 200);
  EXPECT_EQ(served_before.body, total_supply);
  const HttpResponse never_served = http("GET", stack->url("/api/v1/external/total-supply/coin"));
  expect_server_error(never_served);
  EXPECT_EQ(never_served.body, server_error_body);

  ASSERT_TRUE(stack->start_database());
  const HttpResponse response = http("GET", stack->url("/api/v1/external/total-supply/coin"));
  EXPECT_EQ(response.status, 200);
  EXPECT_NE(response.body.find(R"("code":0)"), std::string::npos);
}

TEST_F(Outage, AHandlerPoolThatIsDownIsAServerErrorFromNginx) {
  const std::vector<std::string> sockets = {stack->var() + "/run/supply-1.sock",
                                            stack->var() + "/run/supply-2.sock"};
  for (const std::string& socket : sockets) {
    ASSERT_EQ(std::rename(socket.c_str(), (socket + ".away").c_str()), 0);
  }
  const HttpResponse response = http("GET", stack->url("/api/v1/external/earn-apy"));
  for (const std::string& socket : sockets) {
    ASSERT_EQ(std::rename((socket + ".away").c_str(), socket.c_str()), 0);
  }

  expect_server_error(response);
  EXPECT_EQ(response.body, server_error_body + "\n");
  // nginx leaves a failed process out for fail_timeout (1 s), counted in whole seconds.
  std::this_thread::sleep_for(std::chrono::milliseconds(2100));
  EXPECT_EQ(http("GET", stack->url("/api/v1/external/earn-apy")).status, 200);
}

}  // namespace
}  // namespace coin::e2e
