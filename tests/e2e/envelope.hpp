#pragma once
// Reading the spec's envelope in the tests.

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {

// The body of a success envelope around `data` (JSON text).
inline std::string success_body(std::string_view data) {
  return R"({"code":0,"message":"SUCCESS","data":)" + std::string(data) + "}";
}

// The spec's error bodies (section 7), byte for byte.
inline const std::string chain_missing =
    R"({"code":1,"message":"Required request parameter 'chain' is not present","data":null})";
inline const std::string interval_missing =
    R"({"code":1,"message":"Required request parameter 'interval' is not present","data":null})";
inline const std::string chain_invalid = R"({"code":10002,"message":"Invalid chain.","data":null})";
inline const std::string interval_invalid = R"({"code":10002,"message":"Invalid interval.","data":null})";
inline const std::string server_error_body = R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})";
inline const std::string too_many_requests_body = R"({"code":429,"message":"TOO_MANY_REQUESTS","data":null})";

// The Cache-Control of every answer with data (a 200, its 304 and a business error), published
// or a handler's: fresh for 30 s, then stale while revalidated, and on errors.
inline const std::string published_cache_control =
    "public, max-age=30, stale-while-revalidate=270, stale-if-error=86400";

// Every response, errors included, allows any origin.
inline void expect_cors(const HttpResponse& response, const std::string& context) {
  EXPECT_EQ(response.header("access-control-allow-origin"), "*") << context;
  EXPECT_EQ(response.header("access-control-allow-methods"), "GET, HEAD, OPTIONS") << context;
}

// The Content-Security-Policy of the API's answers (data: nothing to render or run) and of the
// pages for people (their own scripts, styles and images, and this origin's API).
inline const std::string api_policy = "default-src 'none'; frame-ancestors 'none'";
inline const std::string page_policy =
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

// The headers of every answer (nginx/headers.conf). No HSTS: TLS ends in front of nginx.
inline void expect_security_headers(const HttpResponse& response, const std::string& context,
                                    const std::string& policy = api_policy) {
  EXPECT_EQ(response.header("x-content-type-options"), "nosniff") << context;
  EXPECT_EQ(response.header("x-frame-options"), "DENY") << context;
  EXPECT_EQ(response.header("content-security-policy"), policy) << context;
  EXPECT_EQ(response.header("referrer-policy"), "no-referrer") << context;
  EXPECT_EQ(response.header("cross-origin-resource-policy"), "cross-origin") << context;
  EXPECT_FALSE(response.has_header("strict-transport-security")) << context;
}

// No header is sent twice (an add_header and a module's own, say).
inline void expect_no_header_twice(const HttpResponse& response, const std::string& context) {
  std::set<std::string> names;
  for (const std::string& line : response.header_lines) {
    EXPECT_TRUE(names.insert(lower_case(line.substr(0, line.find(':')))).second) << context << ": " << line << " twice";
  }
}

// The data of the envelope in `body`, whatever its code. Throws when the body is not JSON.
inline Json data_of(const std::string& body) { return Json::parse(body)["data"]; }

// GET `path` and return the envelope's data, after checking it is a success (HTTP 200,
// application/json, code 0, SUCCESS). Throws when the body is not JSON.
inline Json fetch_data(const Stack& stack, const std::string& path) {
  const HttpResponse response = http("GET", stack.url(path));
  EXPECT_EQ(response.status, 200) << path;
  EXPECT_EQ(response.header("content-type"), "application/json") << path;
  const Json envelope = Json::parse(response.body);
  EXPECT_EQ(envelope["code"].text(), "0") << path;
  EXPECT_EQ(envelope["message"].text(), "SUCCESS") << path;
  return envelope["data"];
}

}  // namespace coin::e2e
