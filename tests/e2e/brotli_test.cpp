// Brotli for the published answers (nginx/published.conf): every answer of 1 KB or more comes
// as its .br to a client that takes br, with Content-Encoding: br, Vary: Accept-Encoding and an
// ETag of its own, and decodes to exactly the plain answer; a smaller answer never does; a
// client that takes only gzip, or refuses br, gets gzip; one that takes neither the plain answer.

#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/support/gunzip.hpp"
#include "tests/support/unbrotli.hpp"

namespace coin::e2e {
namespace {

// What a browser sends.
const std::string accept_br = "Accept-Encoding: gzip, deflate, br";

HttpResponse published_answer(const Request& request, const std::vector<std::string>& headers = {}) {
  return http("GET", fixture_stack().url(request.path), headers);
}

// nginx's ETag of a file as old as the one `etag` names ("<hex mtime>-<hex length>"), `length`
// bytes long: each variant of an answer has the same mtime and its own length.
std::string etag_of_length(const std::string& etag, size_t length) {
  char hex[32];
  std::snprintf(hex, sizeof hex, "%zx", length);
  return etag.substr(0, etag.find('-') + 1) + hex + "\"";
}

TEST(Brotli, EveryAnswerOf1KbOrMoreComesInBrToClientsThatTakeIt) {
  int in_br = 0;
  for (const Request& request : published_requests()) {
    SCOPED_TRACE(request.name());
    const HttpResponse plain = published_answer(request);
    const HttpResponse response = published_answer(request, {accept_br});
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.header("vary"), "Accept-Encoding");
    if (plain.body.size() < 1024) {  // gzip_min_length (shared/rendered_answer.hpp)
      EXPECT_FALSE(response.has_header("content-encoding"));
      EXPECT_EQ(response.body, plain.body);
      continue;
    }
    ++in_br;
    EXPECT_EQ(response.header("content-encoding"), "br");
    EXPECT_EQ(testing_support::unbrotli(response.body), plain.body);
    EXPECT_LT(response.body.size(), plain.body.size());
    EXPECT_EQ(response.header("last-modified"), plain.header("last-modified"));
    EXPECT_EQ(response.header("etag"), etag_of_length(plain.header("etag"), response.body.size()));
    EXPECT_NE(response.header("etag"), plain.header("etag"));
    EXPECT_NE(response.header("etag"), published_answer(request, {"Accept-Encoding: gzip"}).header("etag"));

    // Its own 304, which says nothing of an encoding, as the gzip variant's.
    const HttpResponse not_modified =
        published_answer(request, {accept_br, "If-None-Match: " + response.header("etag")});
    EXPECT_EQ(not_modified.status, 304);
    EXPECT_EQ(not_modified.header("etag"), response.header("etag"));
    EXPECT_EQ(not_modified.header("vary"), "Accept-Encoding");
    EXPECT_FALSE(not_modified.has_header("content-encoding"));
    // HEAD: the same headers, no body.
    const HttpResponse head = http("HEAD", fixture_stack().url(request.path), {accept_br});
    EXPECT_EQ(head.header("content-encoding"), "br");
    EXPECT_EQ(head.header("content-length"), std::to_string(response.body.size()));
    EXPECT_EQ(head.body, "");
  }
  // The fixture's answers of 1 KB or more: those with a .gz in tests/e2e/published_v1.sha256.
  EXPECT_EQ(in_br, 32);
}

// Accept-Encoding as brotli_static and nginx.conf's $br_accepted and $gzip_accepted read it, on an
// answer of 1 KB or more.
TEST(Brotli, EachClientGetsTheEncodingItTakes) {
  const Request history = sample_requests()[12];  // tron's 168 hourly points
  ASSERT_EQ(history.name(), "6.13 chain=tron&interval=WEEKLY");
  const std::string plain = published_answer(history).body;
  ASSERT_GE(plain.size(), 1024u);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"br", "br"},
      {"BR;q=0.5", "br"},
      {"gzip;q=1.0, br;q=0.1", "br"},  // nginx takes any weight but 0 alike, as for gzip
      {"gzip", "gzip"},
      {"br;q=0, gzip", "gzip"},
      {"br; q=0.000, gzip", "gzip"},
      {"brotli, gzip", "gzip"},  // another coding's name
      {"br;q=0", ""},
      {"identity", ""},
      {"deflate", ""},
  };
  for (const auto& [accept, encoding] : cases) {
    SCOPED_TRACE(accept);
    const HttpResponse response = published_answer(history, {"Accept-Encoding: " + accept});
    EXPECT_EQ(response.status, 200);
    EXPECT_EQ(response.header("vary"), "Accept-Encoding");
    EXPECT_EQ(response.header("content-encoding"), encoding);
    const std::string decoded = encoding == "br"     ? testing_support::unbrotli(response.body)
                                : encoding == "gzip" ? testing_support::gunzip(response.body)
                                                     : response.body;
    EXPECT_EQ(decoded, plain);
  }
}

// The Accept-Encoding values most clients send, which nginx.conf looks up in $encoding_suffix's
// hash before its rules: each gives what such a client takes, worked out by hand, and what the
// rules give the same value made one the hash does not list (", identity" added).
TEST(Brotli, TheCommonClientsGetWhatTheRulesGiveThem) {
  const Request history = sample_requests()[12];
  const std::map<std::string, std::string> expected = {
      {"", ""},
      {"gzip, deflate, br, zstd", "br"},
      {"gzip, deflate, br", "br"},
      {"deflate, gzip, br, zstd", "br"},
      {"gzip, deflate", "gzip"},
      {"gzip", "gzip"},
  };
  // The quoted keys of the map, as nginx.conf lists them.
  const std::string conf = read_file(COIN_SOURCE_DIR "/nginx/nginx.conf");
  const size_t map = conf.find("map $http_accept_encoding $encoding_suffix {");
  ASSERT_NE(map, std::string::npos);
  std::istringstream lines(conf.substr(map, conf.find('}', map) - map));
  std::vector<std::string> listed;
  for (std::string line; std::getline(lines, line);) {
    const size_t quote = line.find_first_not_of(' ');
    if (quote != std::string::npos && line[quote] == '"') {
      listed.push_back(line.substr(quote + 1, line.find('"', quote + 1) - quote - 1));
    }
  }
  ASSERT_EQ(listed.size(), expected.size());
  const auto encoding_of = [&history](const std::string& accept) {
    const std::vector<std::string> headers = {"Accept-Encoding: " + accept};
    return published_answer(history, accept.empty() ? std::vector<std::string>{} : headers).header("content-encoding");
  };
  for (const std::string& accept : listed) {
    SCOPED_TRACE(accept);
    ASSERT_EQ(expected.count(accept), 1u);
    EXPECT_EQ(encoding_of(accept), expected.at(accept));
    EXPECT_EQ(encoding_of(accept.empty() ? "identity" : accept + ", identity"), expected.at(accept));
  }
}

// The handlers (a query in another form, which nginx does not publish) compress with gzip alone:
// a client that takes br and gzip gets gzip from them.
TEST(Brotli, TheHandlersAnswerGzip) {
  const Request history = sample_requests()[12];
  const HttpResponse handlers = http("GET", fixture_stack().url(history.with_unknown_parameter()), {accept_br});
  EXPECT_EQ(handlers.header("content-encoding"), "gzip");
  EXPECT_EQ(testing_support::gunzip(handlers.body), published_answer(history).body);
}

}  // namespace
}  // namespace coin::e2e
