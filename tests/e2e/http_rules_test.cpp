// What nginx and the handlers do for every endpoint alike: content types, CORS, HEAD, the CORS
// preflight, 405, 404, 400.

#include <gtest/gtest.h>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

TEST(HttpRules, EveryEndpointAnswersWithItsContentTypeAndCors) {
  for (const Request& request : sample_requests()) {
    const HttpResponse response = http("GET", fixture_stack().url(request.path));
    EXPECT_EQ(response.status, 200) << request.spec;
    EXPECT_EQ(response.header("content-type"), request.content_type) << request.spec;
    EXPECT_FALSE(response.body.empty()) << request.spec;
    expect_cors(response, request.spec);
  }
}

TEST(HttpRules, HeadAnswersLikeGetWithoutBody) {
  for (const Request& request : sample_requests()) {
    const HttpResponse head = http("HEAD", fixture_stack().url(request.path));
    const HttpResponse full = http("GET", fixture_stack().url(request.path));
    EXPECT_EQ(head.status, 200) << request.spec;
    EXPECT_EQ(head.body, "") << request.spec;
    EXPECT_EQ(head.header("content-type"), full.header("content-type")) << request.spec;
    // Large bodies are gzip-able, but only when asked for: none of these asked.
    EXPECT_EQ(head.header("content-length"), std::to_string(full.body.size())) << request.spec;
    expect_cors(head, request.spec);
  }
}

TEST(HttpRules, OptionsIsACorsPreflight) {
  for (const Request& request : sample_requests()) {
    const HttpResponse response =
        http("OPTIONS", fixture_stack().url(request.path),
             {"Origin: https://wallet.example", "Access-Control-Request-Method: GET",
              "Access-Control-Request-Headers: x-requested-with"});
    EXPECT_EQ(response.status, 204) << request.spec;
    EXPECT_EQ(response.body, "") << request.spec;
    EXPECT_EQ(response.header("access-control-allow-headers"), "x-requested-with") << request.spec;
    EXPECT_EQ(response.header("access-control-max-age"), "86400") << request.spec;
    expect_cors(response, request.spec);
  }
}

TEST(HttpRules, OtherMethodsAre405WithAllowAndCors) {
  for (const Request& request : sample_requests()) {
    for (const char* method : {"POST", "PUT", "DELETE", "PATCH"}) {
      const std::string context = request.spec + " " + method;
      const HttpResponse response = http(method, fixture_stack().url(request.path));
      EXPECT_EQ(response.status, 405) << context;
      EXPECT_EQ(response.header("allow"), "GET, HEAD, OPTIONS") << context;
      EXPECT_EQ(response.body.find("SUCCESS"), std::string::npos) << context;
      expect_cors(response, context);
    }
  }
}

TEST(HttpRules, UnknownPathsAreAnHtml404WithCors) {
  // "/" and "/docs" are pages (pages_test), served under other names than their files'.
  for (const char* path : {"/nope", "/index.html", "/docs/", "/docs.html", "/assets", "/totalSupply/",
                           "/TotalSupply", "/api/v1/external/total-supply",
                           "/api/v1/external/total-supply/coin/", "/api/v2/external/earn-apy",
                           "/api/v1/market-site", "/api/v1/data-platform/latest-collateral/eth",
                           "/api/v1/smart-allocator/detail-overview.json", "/404.html", "/50x.json"}) {
    const HttpResponse response = http("GET", fixture_stack().url(path));
    EXPECT_EQ(response.status, 404) << path;
    EXPECT_EQ(response.header("content-type"), "text/html") << path;
    EXPECT_NE(response.body.find("<h1>404 Not Found</h1>"), std::string::npos) << path;
    expect_cors(response, path);
  }
}

TEST(HttpRules, AMalformedPathIsA400WithCors) {
  const HttpResponse response = http("GET", fixture_stack().url("/api/v1/external/earn-apy%00"));
  EXPECT_EQ(response.status, 400);
  EXPECT_EQ(response.header("content-type"), "text/html");
  expect_cors(response, "%00");
}

TEST(HttpRules, EncodedAndDoubledSlashesReachTheSameEndpoint) {
  const std::string expected = http("GET", fixture_stack().url("/api/v1/external/earn-apy")).body;
  EXPECT_EQ(http("GET", fixture_stack().url("/api/v1/external/earn%2Dapy")).body, expected);
  EXPECT_EQ(http("GET", fixture_stack().url("//api/v1/external/earn-apy")).body, expected);
}

TEST(HttpRules, ServerHidesItsVersionAndSendsNoAllowOnSuccess) {
  const HttpResponse response = http("GET", fixture_stack().url("/totalSupply"));
  EXPECT_EQ(response.header("server"), "nginx");
  EXPECT_FALSE(response.has_header("allow"));
}

}  // namespace
}  // namespace coin::e2e
