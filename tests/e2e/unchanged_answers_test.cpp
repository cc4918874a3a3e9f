// Answers that must not change unless a change means them to, checked by their checksums (in
// sha256sum's format): tests/e2e/published_v1.sha256 holds the checksum of every file of the set
// published from the fixture, the gzip copies too, as release v1.0.0 published them and as the
// changes since meant them (scripts/test/checksums.sh writes it); the set published now has
// exactly those files, byte for byte, and beside each .gz a .br, checked by what it decodes to:
// the plain file (its bytes are libbrotli's and its quality's, not the answer's). Its lines
// under served/ are what else the stack serves that is made from the OpenAPI document: the
// document itself, llms.txt, and MCP's tools and resources lists. The handlers give the
// published bytes for the same requests, with no parameter and with those the additions to the
// spec (6.15, ranges, CSV) leave alone.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/raw_http.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/support/unbrotli.hpp"

namespace coin::e2e {
namespace {

const std::string checksums_v1 = COIN_SOURCE_DIR "/tests/e2e/published_v1.sha256";

// The files CHECKSUMS names ("api/v1/vault/collaterals.json"), in order.
std::vector<std::string> files_named(const std::string& checksums) {
  std::ifstream in(checksums);
  std::vector<std::string> files;
  for (std::string line; std::getline(in, line);) files.push_back(line.substr(66));  // "<64 hex>  <file>"
  return files;
}

// The lines of published_v1.sha256 for the documents, and for the published set.
constexpr std::string_view served = "served/";

// sha256sum --check of CHECKSUMS' lines for the fixture's published set (`documents` false: the
// lines of files not under served/, in the set) or for the documents (true: the lines under
// served/, in the stack's VAR, where they are written): the log on failure, else "".
std::string failed_checksums(const std::string& checksums, bool documents = false) {
  const std::string log = fixture_stack().var() + "/sha256sum.log";
  const std::string directory = documents ? fixture_stack().var() : fixture_stack().published() + "/current";
  const std::string lines =
      std::string("grep ") + (documents ? "" : "-v ") + "'^[0-9a-f]*  " + std::string(served) + "' '" + checksums + "'";
  const pid_t pid = spawn({"sh", "-c", lines + " | (cd '" + directory + "' && sha256sum --check --strict --quiet -)"}, {}, log);
  return wait_status(pid) == 0 ? "" : read_file(log) + "(failed)";
}

TEST(UnchangedAnswers, ThePublishedSetIsAsAtV1) {
  const std::filesystem::path current = fixture_stack().published() + "/current";
  std::vector<std::string> published;
  std::vector<std::string> brotli;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(current)) {
    const std::string file = entry.path().lexically_relative(current).string();
    // The set's signatures: by this stack's key, as of its render (signatures_test.cpp); and its
    // X-Snapshot-Final (provenance_test.cpp).
    if (!entry.is_regular_file() || file == "signatures.tsv" || file == "snapshot-final") continue;
    (entry.path().extension() == ".br" ? brotli : published).push_back(file);
  }
  // A .br and the answer it decodes to each lie where their own size placed them (under large/
  // above 48 KB): compared by the answer's name.
  const auto answer_name = [](const std::string& file) { return file.rfind("large/", 0) == 0 ? file.substr(6) : file; };
  std::transform(brotli.begin(), brotli.end(), brotli.begin(), answer_name);
  std::vector<std::string> named = files_named(checksums_v1);
  named.erase(std::remove_if(named.begin(), named.end(),
                             [](const std::string& file) { return file.rfind(served, 0) == 0; }),
              named.end());
  std::sort(published.begin(), published.end());
  std::sort(named.begin(), named.end());
  EXPECT_EQ(published, named);
  EXPECT_EQ(failed_checksums(checksums_v1), "");

  std::vector<std::string> beside_gzip;  // "<answer>.br" for each "<answer>.gz"
  for (const std::string& file : named) {
    const std::string answer = answer_name(file.substr(0, file.size() - 3));
    if (file.size() > 3 && file.substr(answer.size()) == ".gz") beside_gzip.push_back(answer + ".br");
  }
  std::sort(brotli.begin(), brotli.end());
  EXPECT_EQ(brotli, beside_gzip);
  for (const std::string& file : brotli) {
    EXPECT_EQ(testing_support::unbrotli(read_published_file(current, file)),
              read_published_file(current, file.substr(0, file.size() - 3)))
        << file;
  }
}

// The bytes of a POST /mcp of the JSON-RPC request `method` to the fixture stack.
std::string mcp_answer(std::string_view method) {
  const std::string body = R"({"jsonrpc":"2.0","id":1,"method":")" + std::string(method) + R"("})";
  return raw_http(fixture_stack().url(""), "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                                           "Content-Type: application/json\r\n"
                                           "Accept: application/json, text/event-stream\r\n"
                                           "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body)
      .body;
}

TEST(UnchangedAnswers, TheDocumentsMadeFromTheOpenApiDocumentAreAsAtV1) {
  const std::string directory = fixture_stack().var() + "/" + std::string(served);
  std::filesystem::create_directories(directory);
  const std::vector<std::pair<std::string, std::string>> documents = {
      {"openapi.json", http("GET", fixture_stack().url("/openapi.json")).body},
      {"llms.txt", http("GET", fixture_stack().url("/llms.txt")).body},
      {"llms-full.txt", http("GET", fixture_stack().url("/llms-full.txt")).body},
      {"tools-list.json", mcp_answer("tools/list")},
      {"resources-list.json", mcp_answer("resources/list")}};
  for (const auto& [name, bytes] : documents) std::ofstream(directory + name, std::ios::binary) << bytes;
  EXPECT_EQ(failed_checksums(checksums_v1, true), "");
}

TEST(UnchangedAnswers, TheHandlersGiveTheSameBytes) {
  const std::string current = fixture_stack().published() + "/current/";
  for (const Request& request : published_requests()) {
    if (request.spec == "6.15") continue;
    const std::string file = published_file(*request.endpoint, request.values);
    const std::string published = read_published_file(current, file);
    ASSERT_FALSE(published.empty()) << file;
    EXPECT_EQ(http("GET", unpublished_stack().url(request.path)).body, published) << request.name();
    const std::string json = request.path + (request.values.empty() ? "?" : "&") + "format=json";
    EXPECT_EQ(http("GET", fixture_stack().url(json)).body, published) << json;
  }
}

}  // namespace
}  // namespace coin::e2e
