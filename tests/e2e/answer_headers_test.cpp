// Every kind of answer, once each: a published file, a handler's answer, nginx's own pages.
// Each carries CORS and the security headers, the Cache-Control and Retry-After of its kind,
// Allow on a 405 alone, and no header twice. nginx adds the headers in the server block
// (nginx/headers.conf), with the values of their kind worked out from the response
// (nginx/header-values.conf), except on a published location's own answers, which get the same
// values written out (nginx/published-headers.conf); render_nginx refuses an add_header
// anywhere else, since a block with one of its own drops every inherited header.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "tests/e2e/answers.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/raw_http.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

const std::string latest = "/api/v1/data-platform/latest-collateral";
const std::string unpublished = latest + "?chain=eth&x=1";  // an unknown parameter: the handlers
// The fixture's answer of over 48 KB, published from its endpoint's location of large answers.
const std::string large = "/api/v1/risk/liquidation-totals?chain=tron&interval=ANNUAL";

struct Kind {
  std::string name;
  HttpResponse response;
  long status;
  std::string cache_control;    // "" when there is none
  std::string retry_after = "";  // "" when there is none
};

void expect_headers_of(const Kind& kind) {
  const HttpResponse& response = kind.response;
  EXPECT_EQ(response.status, kind.status) << kind.name;
  expect_cors(response, kind.name);
  expect_security_headers(response, kind.name);
  EXPECT_EQ(response.header("cache-control"), kind.cache_control) << kind.name;
  EXPECT_EQ(response.header("retry-after"), kind.retry_after) << kind.name;
  EXPECT_EQ(response.has_header("allow"), kind.status == 405) << kind.name;
  expect_no_header_twice(response, kind.name);
}

// The bytes of a GET of /totalSupply with `more` (header lines, then a body) and `version`.
std::string raw_get(std::string_view more, std::string_view version = "HTTP/1.1") {
  return "GET /totalSupply " + std::string(version) + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n" +
         std::string(more);
}

TEST(AnswerHeaders, OnEveryKindOfAnswer) {
  const Stack& stack = fixture_stack();
  const auto get = [&](const std::string& path, const std::vector<std::string>& headers = {}) {
    return http("GET", stack.url(path), headers);
  };
  const auto send = [&](const std::string& bytes) { return raw_http(stack.url(""), bytes); };
  const std::string etag = get(latest + "?chain=eth").header("etag");
  const std::string handler_etag = get(unpublished).header("etag");

  const std::vector<Kind> kinds = {
      {"published", get(latest + "?chain=eth"), 200, published_cache_control},
      {"published gzip", get(latest + "?chain=eth", {"Accept-Encoding: gzip"}), 200, published_cache_control},
      {"published HEAD", http("HEAD", stack.url("/totalSupply")), 200, published_cache_control},
      {"published 304", get(latest + "?chain=eth", {"If-None-Match: " + etag}), 304, published_cache_control},
      {"published 412", get(latest + "?chain=eth", {"If-Match: \"other\""}), 412, "no-store"},
      {"published large", get(large), 200, published_cache_control},
      {"published large br", get(large, {"Accept-Encoding: br"}), 200, published_cache_control},
      {"published large 304", get(large, {"If-None-Match: " + get(large).header("etag")}), 304,
       published_cache_control},
      {"handler", get(unpublished), 200, published_cache_control},
      {"handler 304", get(unpublished, {"If-None-Match: " + handler_etag}), 304, published_cache_control},
      {"business error code 1", get(latest), 200, published_cache_control},
      {"business error code 10002", get(latest + "?chain=nope"), 200, published_cache_control},
      // A preflight gets what the endpoint's published answer gets.
      {"OPTIONS", http("OPTIONS", stack.url("/totalSupply")), 204, published_cache_control},
      {"400", get("/totalSupply%00"), 400, "no-store"},
      {"404", get("/nope"), 404, "no-store"},
      {"405", http("DELETE", stack.url("/totalSupply")), 405, "no-store"},
      {"413", send(raw_get("Content-Length: 2000\r\n\r\n" + std::string(2000, 'x'))), 413, "no-store"},
      {"414", get("/totalSupply?pad=" + std::string(9000, 'x')), 414, "no-store"},
      {"431", get("/totalSupply", {"X-Pad: " + std::string(9000, 'x')}), 431, "no-store"},
      {"501", send(raw_get("Transfer-Encoding: gzip\r\n\r\n")), 501, "no-store"},
      {"505", send(raw_get("\r\n", "HTTP/2.0")), 505, "no-store"},
  };
  for (const Kind& kind : kinds) expect_headers_of(kind);
}

// A published answer, its 304 and its preflight carry every header the handlers' answer to the
// same request gets (nginx/published-headers.conf against headers.conf and the handlers' own),
// with the same value, and none other: small and large, plain and compressed. Their signatures
// cover the same fields with the same key, each signed when its answer was rendered (its
// `created`); whether each verifies, an implementation of RFC 9421 of others says
// (signatures_test.cpp).
TEST(AnswerHeaders, APublishedAnswerCarriesTheHandlersHeaders) {
  const Stack& stack = fixture_stack();
  // What the two send alike; nginx's own framing (Server, Date, Connection, Content-Length,
  // Accept-Ranges) aside.
  const std::vector<std::string> names = {
      "access-control-allow-origin", "access-control-allow-methods", "access-control-allow-headers",
      "access-control-max-age", "access-control-expose-headers", "allow", "x-content-type-options",
      "x-frame-options", "content-security-policy", "referrer-policy", "cross-origin-resource-policy",
      "strict-transport-security", "cache-control", "vary", "content-encoding", "retry-after",
      "x-snapshot-blocks", "x-snapshot-final", "content-type", "etag", "last-modified", "content-digest"};
  const std::vector<std::string> signature = {"signature-input", "signature"};
  const auto keyid_of = [](const HttpResponse& answer) {  // the key its Signature-Input names
    const std::string input = answer.header("signature-input");
    return input.substr(std::min(input.find(";keyid="), input.size()));
  };

  const std::vector<std::string> framing = {"server", "date", "connection", "content-length", "accept-ranges",
                                            "transfer-encoding", "keep-alive"};
  for (const std::string& path : {latest + "?chain=eth", large, std::string("/totalSupply")}) {
    const std::string handlers = path + (path.find('?') == std::string::npos ? "?x=1" : "&x=1");
    for (const std::vector<std::string>& asked :
         {std::vector<std::string>{}, {"Accept-Encoding: gzip"}, {"Access-Control-Request-Headers: x-a"}}) {
      const std::string context = path + (asked.empty() ? "" : " " + asked[0]);
      const HttpResponse published = http("GET", stack.url(path), asked);
      const HttpResponse handler = http("GET", stack.url(handlers), asked);
      ASSERT_EQ(published.status, 200) << context;
      ASSERT_EQ(handler.status, 200) << context;
      for (const std::string& name : names) {
        EXPECT_EQ(published.header(name), handler.header(name)) << context << ": " << name;
      }
      EXPECT_EQ(comparable_value("signature-input", published.header("signature-input")),
                comparable_value("signature-input", handler.header("signature-input")))
          << context;
      EXPECT_EQ(keyid_of(published), keyid_of(handler)) << context;
      for (const std::string& line : published.header_lines) {
        const std::string name = lower_case(line.substr(0, line.find(':')));
        EXPECT_TRUE(std::find(names.begin(), names.end(), name) != names.end() ||
                    std::find(signature.begin(), signature.end(), name) != signature.end() ||
                    std::find(framing.begin(), framing.end(), name) != framing.end())
            << context << ": " << line;
      }
      EXPECT_NE(published.header("x-snapshot-blocks"), "") << context;
      EXPECT_NE(published.header("x-snapshot-final"), "") << context;
      EXPECT_NE(published.header("content-digest"), "") << context;
      EXPECT_NE(published.header("signature"), "") << context;
      EXPECT_NE(handler.header("signature"), "") << context;
      // Its 304 (the ETag is the handlers' too), asked as it was.
      std::vector<std::string> revalidate = asked;
      revalidate.push_back("If-None-Match: " + published.header("etag"));
      const HttpResponse not_modified = http("GET", stack.url(path), revalidate);
      EXPECT_EQ(not_modified.status, 304) << context;
      EXPECT_EQ(not_modified.header("x-snapshot-blocks"), published.header("x-snapshot-blocks")) << context;
      EXPECT_EQ(not_modified.header("x-snapshot-final"), published.header("x-snapshot-final")) << context;
      EXPECT_EQ(not_modified.header("vary"), "Accept-Encoding") << context;
      EXPECT_FALSE(not_modified.has_header("content-encoding")) << context;
      for (const char* name : {"content-digest", "signature-input", "signature"}) {
        EXPECT_FALSE(not_modified.has_header(name)) << context << ": " << name;
      }
    }
    const HttpResponse preflight =
        http("OPTIONS", stack.url(path), {"Access-Control-Request-Headers: x-a", "Origin: https://example.com"});
    EXPECT_EQ(preflight.status, 204) << path;
    EXPECT_EQ(preflight.header("access-control-allow-headers"), "x-a") << path;
    EXPECT_EQ(preflight.header("access-control-max-age"), "86400") << path;
    EXPECT_FALSE(preflight.has_header("x-snapshot-blocks")) << path;
    EXPECT_FALSE(preflight.has_header("content-encoding")) << path;
    EXPECT_FALSE(preflight.has_header("signature")) << path;
  }
}

// A stack of its own, rate-limited (RATE_LIMIT=on): the test takes its database and a handler
// pool down. Its burst (5) covers the requests before the flood for the 429.
TEST(AnswerHeaders, OnServerErrorsAndTooManyRequests) {
  const Stack stack("fixture", {"RATE_LIMIT=on", "RATE=1r/s", "BURST=5"});
  ASSERT_TRUE(stack.stop_database());
  const HttpResponse handler_error = http("GET", stack.url(latest + "?chain=bsc&x=1"));
  for (const char* socket : {"/run/protocol-1.sock", "/run/protocol-2.sock"}) {
    const std::string path = stack.var() + socket;
    ASSERT_EQ(std::rename(path.c_str(), (path + ".away").c_str()), 0);
  }
  const HttpResponse nginx_error = http("GET", stack.url(unpublished));
  EXPECT_EQ(handler_error.body, server_error_body);
  EXPECT_EQ(nginx_error.body, server_error_body + "\n");  // nginx's page (nginx/html/50x.json)
  HttpResponse too_many;
  for (int tries = 0; tries < 20 && too_many.status != 429; ++tries) too_many = http("GET", stack.url("/totalSupply"));
  // limit_req's 429: the spec's envelope, and when to ask again.
  EXPECT_EQ(too_many.header("content-type"), "application/json");
  EXPECT_EQ(too_many.body, too_many_requests_body);

  for (const Kind& kind : std::vector<Kind>{{"handler 503 (database down)", handler_error, 503, "no-store", "5"},
                                            {"nginx 503 (handler pool down)", nginx_error, 503, "no-store", "5"},
                                            {"429", too_many, 429, "no-store", "1"}}) {
    expect_headers_of(kind);
  }
}

}  // namespace
}  // namespace coin::e2e
