// The Vault history, date ranges and CSV were added without changing a byte of any answer that
// was there before (spec section 9): tests/e2e/published_before.sha256 holds, in sha256sum's
// format, the checksum of each of the 27 answers the publisher rendered from the fixture at the
// commit before them. The set published now holds each of them, byte for byte, and the handlers
// give the same bytes for the same requests, with no parameter and with those the additions
// leave alone (format=json).

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

const std::string checksums = COIN_SOURCE_DIR "/tests/e2e/published_before.sha256";

// The files the checksums name ("api/v1/vault/collaterals.json"), in order.
std::vector<std::string> files_before() {
  std::ifstream in(checksums);
  std::vector<std::string> files;
  for (std::string line; std::getline(in, line);) files.push_back(line.substr(66));  // "<64 hex>  <file>"
  return files;
}

TEST(UnchangedAnswers, TheChecksumsNameThe27AnswersOfTheSpec) {
  std::vector<std::string> expected;
  for (const Request& request : published_requests()) {
    if (request.spec != "6.15") expected.push_back(published_file(*request.endpoint, request.values));
  }
  ASSERT_EQ(expected.size(), 27u);
  std::vector<std::string> named = files_before();
  std::sort(expected.begin(), expected.end());
  std::sort(named.begin(), named.end());
  EXPECT_EQ(named, expected);
}

TEST(UnchangedAnswers, ThePublishedSetHoldsEachAnswerAsBefore) {
  const std::string log = fixture_stack().var() + "/sha256sum.log";
  const pid_t pid = spawn({"sh", "-c", "cd '" + fixture_stack().published() + "/current' && sha256sum --check --strict '" +
                                           checksums + "'"},
                          {}, log);
  EXPECT_EQ(wait_status(pid), 0) << read_file(log);
}

TEST(UnchangedAnswers, TheHandlersGiveTheSameBytes) {
  const std::string current = fixture_stack().published() + "/current/";
  for (const Request& request : published_requests()) {
    if (request.spec == "6.15") continue;
    const std::string file = published_file(*request.endpoint, request.values);
    const std::string published = read_file(current + file);
    ASSERT_FALSE(published.empty()) << file;
    EXPECT_EQ(http("GET", unpublished_stack().url(request.path)).body, published) << request.name();
    const std::string json = request.path + (request.values.empty() ? "?" : "&") + "format=json";
    EXPECT_EQ(http("GET", fixture_stack().url(json)).body, published) << json;
  }
}

}  // namespace
}  // namespace coin::e2e
