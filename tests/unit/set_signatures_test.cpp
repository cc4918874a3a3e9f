// A set's signature index (publisher/set_signatures.hpp): a line per file nginx may send, by the
// path try_files gives it (a large file under /large/), with the Content-Digest of its bytes
// (worked out with `openssl dgst -sha256 -binary | base64`) and the signature of its fields
// (the fields' signature base is answer_signature's, held to openssl in rendered_answer_test).

#include "publisher/set_signatures.hpp"

#include <gtest/gtest.h>

#include <ctime>
#include <filesystem>
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

// A set whose answers are linked from the one before (the same inodes) and that shows the same
// blocks lists their lines as they were, signing nothing; with other blocks, each is signed again
// on the digest it had, and a file written anew is digested and signed.
TEST(SetSignatures, SignsWhatChangedAndKeepsTheRestWhileTheBlocksAreTheSame) {
  const testing_support::TemporaryDirectory directory("coin-set-signatures");
  std::filesystem::create_directories(directory.path() / "1");
  const SetDirectory first(directory.path() / "1");
  constexpr std::time_t modified = 1778634000;
  write_file(first, "totalSupply.txt", "1", modified);
  write_file(first, "circulatingSupply.txt", "2", modified);
  Publication publication;
  publication.blocks = "tron=latest; eth=22480012";
  publication.answers = {{"/totalSupply", "\"e1\"", "totalSupply.txt", "text/plain"},
                         {"/circulatingSupply", "\"e2\"", "circulatingSupply.txt", "text/plain"}};
  publication.changed = publication.answers;
  const SigningKey key = SigningKey::from_pem(testing_support::rfc9421_key);
  SetSignatures signatures(key);
  signatures.sign(first, publication);
  EXPECT_EQ(publication.signed_files, 2u);
  const auto signed_first = index_lines(first);

  // The next set: 6.1 linked, 6.2 written anew with other bytes.
  std::filesystem::create_directories(directory.path() / "2");
  const SetDirectory second(directory.path() / "2");
  std::filesystem::create_hard_link(first.path() / "totalSupply.txt", second.path() / "totalSupply.txt");
  write_file(second, "circulatingSupply.txt", "3", modified + 60);
  publication.changed = {publication.answers[1]};
  signatures.sign(second, publication);
  EXPECT_EQ(publication.signed_files, 1u);
  const auto signed_second = index_lines(second);
  ASSERT_EQ(signed_second.size(), 2u);
  EXPECT_EQ(signed_second[0], signed_first[0]);
  EXPECT_NE(signed_second[1][1], signed_first[1][1]);  // its digest: other bytes

  // Then the same files with other blocks: both signed again, the digests as they were.
  std::filesystem::create_directories(directory.path() / "3");
  const SetDirectory third(directory.path() / "3");
  for (const char* name : {"totalSupply.txt", "circulatingSupply.txt"}) {
    std::filesystem::create_hard_link(second.path() / name, third.path() / name);
  }
  publication.blocks = "tron=latest; eth=22480013";
  publication.changed = {};
  signatures.sign(third, publication);
  EXPECT_EQ(publication.signed_files, 2u);
  const auto signed_third = index_lines(third);
  ASSERT_EQ(signed_third.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_EQ(signed_third[i][1], signed_second[i][1]);
    EXPECT_NE(signed_third[i][3], signed_second[i][3]);  // a signature of other blocks
  }
}

}  // namespace
}  // namespace coin
