// A set's signature index (publisher/set_signatures.hpp): a line per file nginx may send, by the
// path try_files gives it (a large file under /large/), with the Content-Digest of its bytes
// (worked out with `openssl dgst -sha256 -binary | base64`) and the signature of its fields
// (the fields' signature base is answer_signature's, held to openssl in rendered_answer_test).

#include "publisher/set_signatures.hpp"

#include <gtest/gtest.h>

#include <ctime>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/support/rfc9421_key.hpp"
#include "tests/support/temporary_directory.hpp"

namespace coin {
namespace {

std::vector<std::vector<std::string>> index_lines(const SetDirectory& set) {
  std::vector<std::vector<std::string>> lines;
  std::istringstream text(read_file(set, std::string(signature_index)));
  for (std::string line; std::getline(text, line);) {
    std::vector<std::string> fields;
    std::istringstream columns(line);
    for (std::string field; std::getline(columns, field, '\t');) fields.push_back(field);
    lines.push_back(fields);
  }
  return lines;
}

TEST(SetSignatures, ListsEachFileOfEachAnswerWhereNginxSendsItFrom) {
  const testing_support::TemporaryDirectory directory("coin-set-signatures");
  const SetDirectory set(directory.path());
  constexpr std::time_t modified = 1778634000;  // Wed, 13 May 2026 01:00:00 GMT
  write_file(set, "totalSupply.txt", R"({"hello": "world"})", modified);
  write_file(set, "api/v1/x.json", std::string(49153, 'a'), modified);  // large
  write_file(set, "api/v1/x.json.gz", "gz-bytes", modified);            // and no .br
  Publication publication;
  publication.blocks = "tron=latest; eth=22480012";
  publication.answers = {{"/totalSupply", "\"e1\"", "totalSupply.txt", "text/plain"},
                         {"/api/v1/x", "\"e2\"", "api/v1/x.json", "application/json"}};
  publication.changed = publication.answers;
  const SigningKey key = SigningKey::from_pem(testing_support::rfc9421_key);
  SetSignatures signatures(key);
  const std::time_t before = std::time(nullptr);
  signatures.sign(set, publication);
  const std::time_t after = std::time(nullptr);

  EXPECT_EQ(publication.signed_files, 3u);
  const auto lines = index_lines(set);
  ASSERT_EQ(lines.size(), 3u);
  const std::vector<std::vector<std::string>> expected = {
      {"/totalSupply.txt", "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:", ""},
      {"/large/api/v1/x.json", "sha-256=:yg4UOK+km0NLTm3J1H2gHyi1WVgw/mdg1ksrOywqUqA=:", ""},
      {"/api/v1/x.json.gz", "sha-256=:MDExxBDc/CJHDdoSXVsEZerl6tIAxaZFQAjaerQiQCM=:", R"( "content-encoding")"}};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    ASSERT_EQ(lines[i].size(), 4u);
    EXPECT_EQ(lines[i][0], expected[i][0]);
    EXPECT_EQ(lines[i][1], expected[i][1]) << lines[i][0];
    std::smatch created;
    const std::regex input(R"(coin=\("content-type")" + expected[i][2] +
                           R"( "content-digest" "last-modified" "x-snapshot-blocks"\);created=([0-9]+);keyid=")" +
                           std::string(testing_support::rfc9421_keyid) + "\"");
    ASSERT_TRUE(std::regex_match(lines[i][2], created, input)) << lines[i][2];
    EXPECT_GE(std::stoll(created[1]), before);
    EXPECT_LE(std::stoll(created[1]), after);
    EXPECT_TRUE(std::regex_match(lines[i][3], std::regex("coin=:[A-Za-z0-9+/]{86}==:"))) << lines[i][3];
  }
}

}  // namespace
}  // namespace coin
