// HTTPS as docs/deploying.md configures it: a stack with a certificate (made here, signed by a CA
// made here), its names given, plain HTTP redirected and a trusted proxy named. Over HTTPS and
// HTTP/2 every answer is the one plain HTTP gives (the plain fixture stack's, same data; plain,
// gzip and br), with HSTS, and the event stream and MCP work, the event streams per address
// still limited; plain HTTP redirects but for ACME's challenges; a handshake for another name,
// plain HTTP on the TLS port and a client naming its own address each get what nginx should
// answer.

#include <curl/curl.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/e2e/answers.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/raw_http.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

constexpr std::string_view name = "api.coin.test";
constexpr std::string_view hsts = "max-age=31536000";
constexpr std::string_view proxy = "127.0.0.2";  // REAL_IP_FROM

class Https : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    certificates = make_var_directory("coin-e2e-tls");
    // A CA, and the server's certificate for `name` signed by it (ECDSA P-256, as Let's Encrypt's).
    const std::string in = "cd '" + certificates + "' && ";
    output_of(in + "openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 "
                   "-subj /CN=coin-test-ca -keyout ca.key -out ca.pem 2>&1 && "
                   "openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj /CN=" + std::string(name) +
              " -keyout server.key -out server.csr 2>&1 && "
              "printf 'subjectAltName=DNS:" + std::string(name) + "\\n' > san.cnf && "
              "openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 2 "
              "-extfile san.cnf -out server.pem 2>&1 && chmod a+r server.key");
    tls_port = free_port();
    stack = new Stack("fixture", {"TLS_CERT=" + certificates + "/server.pem", "TLS_KEY=" + certificates + "/server.key",
                                  "TLS_PORT=" + std::to_string(tls_port), "SERVER_NAMES=" + std::string(name),
                                  "REAL_IP_FROM=" + std::string(proxy)});
  }
  static void TearDownTestSuite() {
    delete stack;
    std::filesystem::remove_all(certificates);
  }

  // The HTTPS URL of `path_and_query`, and how to reach it.
  static std::string https_url(std::string_view path_and_query) {
    return "https://" + std::string(name) + ":" + std::to_string(tls_port) + std::string(path_and_query);
  }
  static HttpRoute https_route() {
    return {certificates + "/ca.pem", std::string(name) + ":" + std::to_string(tls_port) + ":127.0.0.1", ""};
  }
  static HttpResponse get_https(std::string_view path_and_query, const std::vector<std::string>& headers = {}) {
    return http("GET", https_url(path_and_query), headers, https_route());
  }

  static std::string certificates;
  static int tls_port;
  static Stack* stack;
};
std::string Https::certificates;
int Https::tls_port = 0;
Stack* Https::stack = nullptr;

// The headers an answer must have alike over both: all but those of the connection and the time,
// the signature's but for its time (answers.hpp).
std::map<std::string, std::string> compared_headers(std::map<std::string, std::string> headers) {
  for (const char* header : {"date", "connection", "keep-alive", "strict-transport-security"}) headers.erase(header);
  for (auto& [header, value] : headers) value = comparable_value(header, value);
  return headers;
}

TEST_F(Https, EveryAnswerIsPlainHttpsOverHttp2WithHsts) {
  for (const Request& request : published_requests()) {
    for (const std::string& path : {request.path, request.with_unknown_parameter()}) {  // published, a handler's
      for (const std::vector<std::string>& headers :
           {std::vector<std::string>{}, {"Accept-Encoding: gzip"}, {"Accept-Encoding: gzip, br"}}) {
        SCOPED_TRACE(path + (headers.empty() ? "" : " | " + headers[0]));
        const HttpResponse plain = http("GET", fixture_stack().url(path), headers);
        const HttpResponse secure = get_https(path, headers);
        EXPECT_EQ(secure.version, CURL_HTTP_VERSION_2_0);
        EXPECT_EQ(secure.status, plain.status);
        EXPECT_EQ(secure.body, plain.body);
        EXPECT_EQ(compared_headers(secure.headers), compared_headers(plain.headers));
        EXPECT_EQ(secure.header("strict-transport-security"), hsts);
        EXPECT_FALSE(plain.has_header("strict-transport-security"));
      }
    }
  }
}

TEST_F(Https, ErrorsCarryHstsToo) {
  const HttpResponse missing = get_https("/no-such-path");
  EXPECT_EQ(missing.status, 404);
  EXPECT_EQ(missing.header("strict-transport-security"), hsts);
  const HttpResponse post = http("POST", https_url("/totalSupply"), {}, https_route());
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(post.header("strict-transport-security"), hsts);
}

TEST_F(Https, PlainHttpRedirectsToHttpsButServesAcmeChallenges) {
  const std::string https_origin = "https://127.0.0.1:" + std::to_string(tls_port);
  for (const char* method : {"GET", "HEAD"}) {
    const HttpResponse answer = http(method, stack->url("/api/v1/data-platform/latest-collateral?chain=eth&x=1"));
    EXPECT_EQ(answer.status, 301) << method;
    EXPECT_EQ(answer.header("location"), https_origin + "/api/v1/data-platform/latest-collateral?chain=eth&x=1");
    EXPECT_FALSE(answer.has_header("strict-transport-security"));
  }
  const HttpResponse post = http("POST", stack->url("/mcp"));
  EXPECT_EQ(post.status, 308);  // the method and its body kept
  EXPECT_EQ(post.header("location"), https_origin + "/mcp");

  // What certbot --webroot writes, served on both ports; anything else under the path is a 404.
  const std::filesystem::path challenges = stack->var() + "/acme/.well-known/acme-challenge";
  std::filesystem::create_directories(challenges);
  std::ofstream(challenges / "t0k3n") << "t0k3n.thumbprint";
  for (const HttpResponse& answer :
       {http("GET", stack->url("/.well-known/acme-challenge/t0k3n")), get_https("/.well-known/acme-challenge/t0k3n")}) {
    EXPECT_EQ(answer.status, 200);
    EXPECT_EQ(answer.body, "t0k3n.thumbprint");
    EXPECT_EQ(answer.header("content-type"), "text/plain");
  }
  EXPECT_EQ(http("GET", stack->url("/.well-known/acme-challenge/other")).status, 404);
}

// Plain HTTP sent to the TLS port, and a malformed request to the plain port (its error page is
// not redirected): our 400 page, not nginx's.
TEST_F(Https, PlainHttpOnTheTlsPortIsABadRequest) {
  const std::string page = read_file(COIN_SOURCE_DIR "/nginx/html/400.html");
  const HttpResponse on_tls = raw_http("http://127.0.0.1:" + std::to_string(tls_port),
                                       "GET /totalSupply HTTP/1.1\r\nHost: api.coin.test\r\n\r\n");
  EXPECT_EQ(on_tls.status, 400);
  EXPECT_EQ(on_tls.body, page);
  const HttpResponse malformed = raw_http(stack->url(""), "GET /totalSupply%00 HTTP/1.1\r\nHost: x\r\n\r\n");
  EXPECT_EQ(malformed.status, 400);
  EXPECT_EQ(malformed.body, page);
}

TEST_F(Https, AHandshakeForAnotherNameIsRefused) {
  HttpRoute other = https_route();
  other.resolve = "other.coin.test:" + std::to_string(tls_port) + ":127.0.0.1";
  const std::string port = ":" + std::to_string(tls_port);
  EXPECT_THROW(http("GET", "https://other.coin.test" + port + "/totalSupply", {}, other), std::runtime_error);
  EXPECT_THROW(http("GET", "https://127.0.0.1" + port + "/totalSupply", {}, https_route()), std::runtime_error);
  EXPECT_EQ(get_https("/totalSupply").status, 200);  // and the name served is served
}

// TLS 1.3 and 1.2 for the name served (the server refusing other names sees the handshake
// first: its protocols are the same), nothing older.
TEST_F(Https, TlsOneTwoAndOneThreeOnly) {
  // What openssl's client says of a handshake with only `version` (a refused one fails it).
  const auto handshake = [](const std::string& version) {
    return output_of("openssl s_client -connect 127.0.0.1:" + std::to_string(tls_port) + " -servername " +
                     std::string(name) + " -CAfile '" + certificates + "/ca.pem' " + version +
                     " -cipher 'DEFAULT@SECLEVEL=0' </dev/null 2>&1 || true");  // the client would try 1.1
  };
  EXPECT_NE(handshake("-tls1_3").find("New, TLSv1.3, Cipher is TLS_AES_"), std::string::npos);
  EXPECT_NE(handshake("-tls1_2").find("New, TLSv1.2, Cipher is ECDHE-ECDSA-"), std::string::npos);
  EXPECT_NE(handshake("-tls1_1").find("alert protocol version"), std::string::npos);
}

// How many times `needle` occurs in `text`.
std::size_t occurrences(const std::string& text, std::string_view needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++count;
  return count;
}

// nghttp (nghttp2's client) opens all its requests as streams of one HTTP/2 connection.
std::string nghttp(const std::string& arguments, int tls_port) {
  return output_of("nghttp -v -y -t 5 -H ':authority: " + std::string(name) + ":" + std::to_string(tls_port) + "' " +
                   arguments + " 2>&1");
}

TEST_F(Https, EventStreamsAndMcpOverHttp2) {
  // Ten event streams on one connection: the address's eight (EVENT_STREAMS) get the events kept
  // since the oldest (Last-Event-ID 0:0), the next two a 429.
  std::string streams;
  for (int i = 1; i <= 10; ++i) streams += " https://127.0.0.1:" + std::to_string(tls_port) + "/api/v1/events?n=" + std::to_string(i);
  const std::string events = nghttp("-H 'accept: text/event-stream' -H 'last-event-id: 0:0'" + streams, tls_port);
  EXPECT_EQ(occurrences(events, "The negotiated protocol: h2"), 1u) << events;
  EXPECT_EQ(occurrences(events, ":status: 200"), 8u) << events;
  EXPECT_EQ(occurrences(events, ":status: 429"), 2u) << events;
  EXPECT_EQ(occurrences(events, "\ndata: "), 8u) << events;

  const std::string body = stack->var() + "/tools-list.json";
  std::ofstream(body) << R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})";
  const std::string mcp = nghttp("-H 'content-type: application/json' -H 'accept: application/json, text/event-stream' -d '" +
                                     body + "' https://127.0.0.1:" + std::to_string(tls_port) + "/mcp",
                                 tls_port);
  EXPECT_EQ(occurrences(mcp, ":status: 200"), 1u) << mcp;
  EXPECT_EQ(occurrences(mcp, R"({"jsonrpc":"2.0","id":1,"result":{"tools":[)"), 1u) << mcp;
}

// The access log's line of a request for `probe` (a query of its own), once nginx has written
// it (the log is flushed every second); "" if it never comes.
std::string access_log_line(const Stack& stack, const std::string& probe) {
  std::string found;
  eventually([&] {
    std::ifstream log(stack.var() + "/nginx/access.log");
    for (std::string line; std::getline(log, line);) {
      if (line.find(probe) != std::string::npos) found = line;
    }
    return !found.empty();
  });
  return found;
}

TEST_F(Https, OnlyATrustedProxyNamesTheClient) {
  const std::string forwarded = "X-Forwarded-For: 198.51.100.7, 203.0.113.10";
  http("GET", stack->url("/totalSupply?probe=untrusted"), {forwarded});
  http("GET", stack->url("/totalSupply?probe=trusted"), {forwarded}, {"", "", std::string(proxy)});
  http("GET", stack->url("/totalSupply?probe=proxy-alone"), {}, {"", "", std::string(proxy)});
  // The header from anyone else is ignored; the proxy's names the last address not trusted.
  EXPECT_EQ(access_log_line(*stack, "probe=untrusted").rfind("127.0.0.1 ", 0), 0u);
  EXPECT_EQ(access_log_line(*stack, "probe=trusted").rfind("203.0.113.10 ", 0), 0u);
  EXPECT_EQ(access_log_line(*stack, "probe=proxy-alone").rfind(std::string(proxy) + " ", 0), 0u);
}

}  // namespace
}  // namespace coin::e2e
