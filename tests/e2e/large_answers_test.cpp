// Small and large answers (publisher/set_files.hpp): a file of over 48 KB lies under large/ in its
// set and is sent from its endpoint's location of large answers (with sendfile), a smaller one
// from the endpoint's own (in one write); the encodings of an answer each lie where their own
// size puts them. Every published answer, in every encoding, is nginx's from the set, not a
// handler's (whose answer has the same bytes and headers: told apart by the access log).

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

namespace fs = std::filesystem;

// The fixture's one answer of over 48 KB (its days of a year of liquidation totals, 6.21); its
// .gz and .br are small.
const std::string large_answer = "/api/v1/risk/liquidation-totals?chain=tron&interval=ANNUAL";
const std::string large_file = "api/v1/risk/liquidation-totals/chain=tron&interval=ANNUAL.json";

// nginx's ETag of the file at `path` ("<hex mtime>-<hex length>").
std::string etag_of(const fs::path& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return "no file " + path.string();
  char etag[64];
  std::snprintf(etag, sizeof etag, "\"%llx-%llx\"", static_cast<unsigned long long>(status.st_mtime),
                static_cast<unsigned long long>(status.st_size));
  return etag;
}

TEST(LargeAnswers, AnAnswerOfOver48KbIsSentFromLargeAndItsSmallEncodingsFromTheirOwnPlace) {
  const fs::path current = fs::canonical(fixture_stack().published() + "/current");
  const HttpResponse plain = http("GET", fixture_stack().url(large_answer));
  ASSERT_EQ(plain.status, 200);
  EXPECT_GT(plain.body.size(), 64u * 1024);
  EXPECT_EQ(plain.header("etag"), etag_of(current / "large" / large_file));
  EXPECT_FALSE(fs::exists(current / large_file));

  const HttpResponse gzip = http("GET", fixture_stack().url(large_answer), {"Accept-Encoding: gzip"});
  EXPECT_EQ(gzip.header("content-encoding"), "gzip");
  EXPECT_EQ(gzip.header("etag"), etag_of(current / (large_file + ".gz")));
  const HttpResponse br = http("GET", fixture_stack().url(large_answer), {"Accept-Encoding: gzip, br"});
  EXPECT_EQ(br.header("content-encoding"), "br");
  EXPECT_EQ(br.header("etag"), etag_of(current / (large_file + ".br")));

  const HttpResponse head = http("HEAD", fixture_stack().url(large_answer));
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("content-length"), std::to_string(plain.body.size()));
  const HttpResponse not_modified = http("GET", fixture_stack().url(large_answer), {"If-None-Match: " + plain.header("etag")});
  EXPECT_EQ(not_modified.status, 304);
  EXPECT_EQ(not_modified.header("x-snapshot-blocks"), plain.header("x-snapshot-blocks"));
}

TEST(LargeAnswers, EveryPublishedAnswerInEveryEncodingIsNginxsFromTheSet) {
  // Each request names itself in its User-Agent, which the access log holds beside who answered.
  const std::vector<std::string> encodings = {"", "Accept-Encoding: gzip", "Accept-Encoding: gzip, deflate, br"};
  std::map<std::string, std::string> asked;  // user agent -> what was asked
  for (const Request& request : published_requests()) {
    for (const std::string& encoding : encodings) {
      const std::string agent = "coin-e2e-large-answers-" + std::to_string(asked.size());
      asked[agent] = request.name() + " " + encoding;
      std::vector<std::string> headers = {"User-Agent: " + agent};
      if (!encoding.empty()) headers.push_back(encoding);
      EXPECT_EQ(http("GET", fixture_stack().url(request.path), headers).status, 200) << asked[agent];
    }
  }
  std::map<std::string, std::string> answered;  // user agent -> the log's line
  eventually([&] {  // the log is flushed every second
    std::ifstream log(fixture_stack().var() + "/nginx/access.log");
    for (std::string line; std::getline(log, line);) {
      const std::size_t at = line.find("\"coin-e2e-large-answers-");
      if (at != std::string::npos) answered[line.substr(at + 1, line.find('"', at + 1) - at - 1)] = line;
    }
    return answered.size() >= asked.size();
  });
  ASSERT_EQ(answered.size(), asked.size());
  for (const auto& [agent, line] : answered) {
    EXPECT_NE(line.find(" published "), std::string::npos) << asked[agent] << ": " << line;
  }
}

}  // namespace
}  // namespace coin::e2e
