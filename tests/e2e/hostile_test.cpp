// Hostile requests, end to end: broken percent-encoding, NUL and non-UTF-8 bytes, repeated and
// empty keys, oversized request lines, headers and bodies, path tricks, other methods, malformed
// requests. Each gets its exact answer, with the security headers and CORS, and no answer ever
// shows the server's insides. Requests libcurl will not send go through raw_http().

#include <gtest/gtest.h>

#include <chrono>
#include <future>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "tests/e2e/answers.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/raw_http.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

using namespace std::string_literals;

const std::string latest = "/api/v1/data-platform/latest-collateral";
const std::string history = "/api/v1/data-platform/collateral-history";
const std::string earn_apy = "/api/v1/external/earn-apy";

// Nothing of the server's insides, in the body or any header: no nginx page or version, no
// path of the server, no C++ or SQL, no database or exception message.
void expect_no_leak(const HttpResponse& response, const std::string& context) {
  if (response.has_header("server")) {
    EXPECT_EQ(response.header("server"), "nginx") << context;
  }
  std::string text = response.body;
  for (const auto& [name, value] : response.headers) {
    if (name != "server") text += "\n" + name + ": " + value;
  }
  text = lower_case(text);
  for (const std::string& needle :
       {"nginx"s, "/tmp"s, "coin-e2e"s, "/var/"s, "/usr/"s, "/home/"s, "/root"s, "/work"s,
        lower_case(COIN_SOURCE_DIR), ".cpp"s, ".hpp"s, ".sql"s, "pqxx"s, "libpq"s, "postgres"s,
        "error:"s, "select "s, "from api"s, "exception"s, "what():"s, "terminate"s, "traceback"s}) {
    EXPECT_EQ(text.find(needle), std::string::npos) << context << ": '" << needle << "' in\n" << text;
  }
}

// What every answer must be, whatever it says.
void expect_clean(const HttpResponse& response, const std::string& context) {
  expect_cors(response, context);
  expect_security_headers(response, context);
  expect_no_leak(response, context);
}

HttpResponse get(const std::string& path_and_query, const std::vector<std::string>& headers = {}) {
  return http("GET", fixture_stack().url(path_and_query), headers);
}

// The bytes of a request for `target`, with `more_headers` (each ending in \r\n).
std::string request(std::string_view method, std::string_view target, std::string_view more_headers = "") {
  return std::string(method) + " " + std::string(target) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" +
         std::string(more_headers) + "\r\n";
}

HttpResponse send(std::string_view bytes) { return raw_http(fixture_stack().url(""), bytes); }

// One of nginx's refusals: `status` with its HTML page (nginx/html/).
void expect_page(const HttpResponse& response, long status, const std::string& context) {
  EXPECT_EQ(response.status, status) << context;
  EXPECT_EQ(response.header("content-type"), "text/html") << context;
  EXPECT_NE(response.body.find("<h1>" + std::to_string(status) + " "), std::string::npos) << context;
  expect_clean(response, context);
}

// Exactly the answer of a plain GET of `canonical`.
void expect_answer_of(const HttpResponse& response, const std::string& canonical, const std::string& context) {
  const HttpResponse expected = get(canonical);
  ASSERT_EQ(expected.status, 200) << canonical;
  EXPECT_EQ(response.status, 200) << context;
  EXPECT_EQ(response.header("content-type"), expected.header("content-type")) << context;
  EXPECT_EQ(response.body, expected.body) << context;
  expect_clean(response, context);
}

// A business error of spec section 7: HTTP 200 with the envelope `body`.
void expect_error(const HttpResponse& response, const std::string& body, const std::string& context) {
  EXPECT_EQ(response.status, 200) << context;
  EXPECT_EQ(response.header("content-type"), "application/json") << context;
  EXPECT_EQ(response.body, body) << context;
  expect_clean(response, context);
}

TEST(Hostile, BrokenPercentEncoding) {
  // The handler decodes the query: a broken escape stays as it is, so it is just a bad value...
  for (const std::string value : {"%", "%zz", "%E0%A4", "%2", "eth%", "%%65th", "%G5th"}) {
    expect_error(get(latest + "?chain=" + value), chain_invalid, value);
  }
  expect_error(get(history + "?chain=eth&interval=%zz"), interval_invalid, "interval=%zz");
  // ... and an unknown parameter is ignored, broken or not.
  expect_answer_of(get("/totalSupply?%"), "/totalSupply", "?%");
  expect_answer_of(get("/totalSupply?%zz=%E0%A4"), "/totalSupply", "?%zz=%E0%A4");
  // nginx decodes the path: a broken escape there is a malformed request.
  expect_page(get("/totalSupply%"), 400, "path %");
  expect_page(get("/totalSupply%zz"), 400, "path %zz");
  expect_page(get("/totalSupply%E0%A4"), 404, "path %E0%A4");
}

TEST(Hostile, NulBytes) {
  expect_page(send(request("GET", "/total\0Supply"s)), 400, "raw NUL in the path");
  expect_page(send(request("GET", latest + "?chain=eth\0"s)), 400, "raw NUL in the query");
  expect_page(send(request("GET", "/totalSupply", "X-Test: a\0b\r\n"s)), 400, "raw NUL in a header");
  expect_page(get("/totalSupply%00"), 400, "%00 in the path");
  expect_error(get(latest + "?chain=eth%00"), chain_invalid, "chain=eth%00");
  expect_error(get(latest + "?chain=%00"), chain_invalid, "chain=%00");
  expect_error(get(latest + "?chain%00=eth"), chain_missing, "chain%00=eth");
  expect_error(get(latest + "?%00=eth"), chain_missing, "%00=eth");
  expect_answer_of(get("/totalSupply?%00"), "/totalSupply", "?%00");
}

TEST(Hostile, NonUtf8Bytes) {
  expect_page(send(request("GET", "/total\xffSupply")), 404, "raw 0xff in the path");
  expect_page(send(request("GET", "/totalSupply\xc0\xaf")), 404, "overlong '/' in the path");
  expect_page(get("/totalSupply%C0%AF"), 404, "%C0%AF in the path");
  expect_error(send(request("GET", latest + "?chain=\xff" "eth")), chain_invalid, "raw 0xff in chain");
  expect_error(get(latest + "?chain=%FF%FE"), chain_invalid, "chain=%FF%FE");
  expect_error(get(latest + "?chain=e%C0%B4h"), chain_invalid, "chain=e%C0%B4h");
  expect_answer_of(send(request("GET", "/totalSupply", "Origin: \xff\xfe\r\n")), "/totalSupply",
                   "raw 0xff in a header");
}

TEST(Hostile, RepeatedAndEmptyKeysTheFirstCounts) {
  expect_answer_of(get(latest + "?chain=eth&chain=bsc"), latest + "?chain=eth", "eth then bsc");
  expect_answer_of(get(latest + "?chain=bsc&chain=eth"), latest + "?chain=bsc", "bsc then eth");
  expect_answer_of(get(latest + "?&&chain=eth&&"), latest + "?chain=eth", "&& around");
  expect_answer_of(get(history + "?chain=tron&interval=WEEKLY&interval=bad&chain=eth"),
                   history + "?chain=tron&interval=WEEKLY", "6.13 repeated");
  expect_error(get(latest + "?chain=&chain=eth"), chain_invalid, "empty, then eth");
  for (const std::string query : {"?=eth", "?&&", "?&", "?=", "?=&=", "?&=eth&"}) {
    expect_error(get(latest + query), chain_missing, query);
    expect_answer_of(get("/totalSupply" + query), "/totalSupply", query);
  }
}

TEST(Hostile, ARequestLineOver8KBIs414) {
  expect_page(get(latest + "?chain=eth&pad=" + std::string(9000, 'x')), 414, "9 KB query");
  expect_page(get("/" + std::string(9000, 'x')), 414, "9 KB path");
  expect_answer_of(get(latest + "?chain=eth&pad=" + std::string(7000, 'x')), latest + "?chain=eth", "7 KB query");
}

TEST(Hostile, AHeaderOver8KBOrHeadersOver32KBAre431) {
  expect_page(get("/totalSupply", {"X-Pad: " + std::string(9000, 'x')}), 431, "a 9 KB header");
  expect_page(get("/totalSupply", {"Cookie: a=" + std::string(9000, 'x')}), 431, "a 9 KB cookie");
  std::vector<std::string> headers;
  for (int i = 0; i < 5; ++i) headers.push_back("X-Pad-" + std::to_string(i) + ": " + std::string(7000, 'x'));
  expect_page(get("/totalSupply", headers), 431, "35 KB of headers");
  expect_answer_of(get("/totalSupply", {"X-Pad: " + std::string(7000, 'x')}), "/totalSupply", "a 7 KB header");
}

// libcurl would resolve the dot segments itself: these go as they are.
TEST(Hostile, PathTricksAreA404OrTheCanonicalAnswer) {
  const std::vector<std::pair<std::string, std::string>> canonical = {
      {"//totalSupply", "/totalSupply"},
      {"/./totalSupply", "/totalSupply"},
      {"/%74otalSupply", "/totalSupply"},
      {"/totalSupply#fragment", "/totalSupply"},
      {"http://elsewhere.example/totalSupply", "/totalSupply"},
      {"///api//v1//external//earn-apy", earn_apy},
      {"/api/v1/external/./earn-apy", earn_apy},
      {"/api/v1/external/total-supply/../earn-apy", earn_apy},
      {"/api/v1/external/total-supply/%2e%2e/earn-apy", earn_apy},
  };
  for (const auto& [path, answer] : canonical) expect_answer_of(send(request("GET", path)), answer, path);

  for (const char* path : {"/api/v1/../totalSupply",  // that is /api/totalSupply
                           "/api/v1/external/%2e%2e/earn-apy", "/api/v1/external/earn-apy/..",
                           "/totalSupply/", "/totalSupply/.", "/totalSupply%2F", "/totalSupply%20",
                           "/totalSupply..", "/totalSupply;x=1", "/api\\v1\\external\\earn-apy",
                           "/api/v1/..%2f..%2fetc/passwd", "/api/v1/data-platform/latest-collateral%3Fchain=eth",
                           "/400.html", "/%34%30%34.html", "/429.json", "/50x.json"}) {
    expect_page(send(request("GET", path)), 404, path);
  }
}

// nginx refuses a path that climbs above the root while it reads the request line, before any
// location: a malformed request, like %00 in the path.
TEST(Hostile, APathAboveTheRootIsA400) {
  for (const char* path : {"/../totalSupply", "/%2e%2e/totalSupply", "/api/../../totalSupply",
                           "/..%2f..%2fetc%2fpasswd"}) {
    expect_page(send(request("GET", path)), 400, path);
  }
}

TEST(Hostile, EveryOtherMethodIs405WithAllow) {
  for (const Request& request : sample_requests()) {
    for (const char* method : {"POST", "PUT", "DELETE", "PATCH", "TRACE", "CONNECT", "PROPFIND", "MKCOL",
                               "LOCK", "BREW", "X-INVENTED_TOKEN"}) {
      const std::string context = request.spec + " " + method;
      const HttpResponse response = http(method, fixture_stack().url(request.path));
      expect_page(response, 405, context);
      EXPECT_EQ(response.header("allow"), "GET, HEAD, OPTIONS") << context;
    }
  }
  // An unknown path stays unknown, whatever the method (TRACE is refused before any path).
  expect_page(http("POST", fixture_stack().url("/nope")), 404, "POST /nope");
  expect_page(http("TRACE", fixture_stack().url("/nope")), 405, "TRACE /nope");
}

TEST(Hostile, ABodyIsIgnoredUpTo1KBAndOverIt413) {
  expect_answer_of(send(request("GET", "/totalSupply", "Content-Length: 5\r\n") + "hello"), "/totalSupply",
                   "GET with 5 bytes");
  const std::string form = "chain=bsc&" + std::string(1014, 'x');  // 1 KB, never read as parameters
  expect_answer_of(send(request("GET", latest + "?chain=eth", "Content-Length: 1024\r\n") + form),
                   latest + "?chain=eth", "GET with 1 KB");
  expect_answer_of(send(request("GET", "/totalSupply", "Transfer-Encoding: chunked\r\n") + "5\r\nhello\r\n0\r\n\r\n"),
                   "/totalSupply", "GET with a chunked body");

  const std::string big(2000, 'x');
  expect_page(send(request("GET", "/totalSupply", "Content-Length: 1025\r\n") + big.substr(0, 1025)), 413,
              "GET with 1025 bytes");
  const std::string chunked = "7d0\r\n" + big + "\r\n0\r\n\r\n";  // 2000 bytes in one chunk
  expect_page(send(request("GET", "/totalSupply", "Transfer-Encoding: chunked\r\n") + chunked), 413,
              "GET of a published answer with 2000 bytes chunked");
  expect_page(send(request("GET", latest + "?chain=eth&x=1", "Transfer-Encoding: chunked\r\n") + chunked), 413,
              "GET of a handler's answer with 2000 bytes chunked");
  // In small chunks: nginx finds the body too large halfway, and drops the rest on the way to
  // the page (a limit there would refuse it again, with nginx's own page).
  std::string small_chunks;
  for (int i = 0; i < 20; ++i) small_chunks += "64\r\n" + big.substr(0, 100) + "\r\n";
  expect_page(send(request("GET", "/totalSupply", "Transfer-Encoding: chunked\r\n") + small_chunks + "0\r\n\r\n"), 413,
              "GET with 2000 bytes in chunks of 100");
  expect_page(send(request("POST", "/totalSupply", "Content-Length: 2000\r\n") + big), 413, "POST with 2000 bytes");
  expect_page(send(request("POST", "/totalSupply", "Content-Length: 5\r\n") + "hello"), 405, "POST with 5 bytes");
}

// A byte range is ignored: every answer is whole (no 206, no 416), the very answer of a GET
// without it (signed alike: another handler process may have signed it at another second), each
// header once.
TEST(Hostile, ARangeIsIgnoredAndEveryAnswerIsWhole) {
  for (const std::string& path :
       std::vector<std::string>{"/openapi.json", "/", "/totalSupply", latest + "?chain=eth", latest + "?chain=eth&x=1"}) {
    for (const char* range : {"bytes=99999999-", "bytes=0-0", "bytes=-1", "bytes=0-1,5-9", "lines=1-2"}) {
      const std::string context = path + " with Range: " + range;
      const HttpResponse response = get(path, {std::string("Range: ") + range});
      const HttpResponse whole = get(path);
      EXPECT_EQ(response.status, 200) << context;
      EXPECT_EQ(response.body, whole.body) << context;
      EXPECT_FALSE(response.has_header("content-range")) << context;
      EXPECT_FALSE(response.has_header("accept-ranges")) << context;
      EXPECT_EQ(response.header_lines.size(), response.headers.size()) << context << ": a header twice";
      for (const auto& [name, value] : whole.headers) {
        if (name != "date") {
          EXPECT_EQ(comparable_value(name, response.header(name)), comparable_value(name, value))
              << context << ": " << name;
        }
      }
      expect_cors(response, context);
    }
  }
}

TEST(Hostile, MalformedRequestsAre400) {
  const std::string ok = "Host: 127.0.0.1\r\nConnection: close\r\n";
  for (const std::string& bytes : {
           "GARBAGE\r\n\r\n"s,
           "GET\r\n\r\n"s,
           "GET /totalSupply HTTP/1.1 extra\r\n" + ok + "\r\n",
           "get /totalSupply HTTP/1.1\r\n" + ok + "\r\n",
           "GET  HTTP/1.1\r\n" + ok + "\r\n",
           "GET /total Supply HTTP/1.1\r\n" + ok + "\r\n",
           "GET /totalSupply HTTQ/1.1\r\n" + ok + "\r\n",
           "OPTIONS * HTTP/1.1\r\n" + ok + "\r\n",
           "CONNECT 127.0.0.1:443 HTTP/1.1\r\n" + ok + "\r\n",
           "GET /totalSupply HTTP/1.1\r\nConnection: close\r\n\r\n"s,  // HTTP/1.1 without Host
           request("GET", "/totalSupply", "Host: elsewhere.example\r\n"),
           "GET /totalSupply HTTP/1.1\r\nHost: a/b\r\nConnection: close\r\n\r\n"s,
           "GET /totalSupply HTTP/1.1\r\nHost: ..\r\nConnection: close\r\n\r\n"s,
           "GET /totalSupply HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n"s,
           request("GET", "/totalSupply", "Content-Length: -1\r\n"),
           request("GET", "/totalSupply", "Content-Length: 1\r\nContent-Length: 2\r\n") + "ab",
           request("GET", "/totalSupply", "Content-Length: 3\r\nTransfer-Encoding: chunked\r\n") + "0\r\n\r\n",
           request("GET", "/totalSupply", "Transfer-Encoding: chunked\r\n") + "zz\r\n\r\n",
           request("GET", "/totalSupply", "X\x01Y: 1\r\n"),
           request("GET", "/totalSupply", " Folded: 1\r\n"),
       }) {
    expect_page(send(bytes), 400, bytes.substr(0, 60));
  }
  expect_page(send(request("GET", "/totalSupply", "Transfer-Encoding: gzip\r\n")), 501, "Transfer-Encoding: gzip");
  expect_page(send("GET /totalSupply HTTP/2.0\r\n" + ok + "\r\n"), 505, "HTTP/2.0");
  expect_answer_of(send("GET /totalSupply HTTP/1.0\r\n\r\n"), "/totalSupply", "HTTP/1.0 needs no Host");
}

// HTTP/0.9 has no status line and no headers: the answer is the 400 page alone.
TEST(Hostile, Http09GetsThe400Page) {
  for (const char* path : {"/totalSupply", "/nope"}) {
    const HttpResponse response = send("GET "s + path + "\r\n");
    EXPECT_EQ(response.status, 0) << path;
    EXPECT_NE(response.body.find("<h1>400 Bad Request</h1>"), std::string::npos) << path;
    expect_no_leak(response, path);
  }
}

// client_header_timeout (10 s, nginx/requests.conf): not before, and not held on to; the upper
// bound only tells 10 s from a setting several times longer (nginx's timer is not late by
// seconds on a busy machine), and raw_http gives up at `patience` if it is never cut off.
// Its headers, or its body, stalled: closed with no answer (nginx logs a 408 and sends none).
TEST(Hostile, ASilentClientIsCutOffAfter10Seconds) {
  const auto start = Clock::now();
  auto body = std::async(std::launch::async, [] {
    return raw_http(fixture_stack().url(""),
                    "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    "Content-Length: 100\r\n\r\n{\"js",  // and no more
                    patience);
  });
  const HttpResponse headers =
      raw_http(fixture_stack().url(""), "GET /totalSupply HTTP/1.1\r\nHost: 127.0.0.1\r\n", patience);  // and no more
  const HttpResponse stalled_body = body.get();
  const double waited = seconds_since(start);
  for (const HttpResponse* response : {&headers, &stalled_body}) {
    EXPECT_EQ(response->status, 0);
    EXPECT_EQ(response->body, "");
  }
  EXPECT_GE(waited, 9);
  EXPECT_LT(waited, 30);
}

}  // namespace
}  // namespace coin::e2e
