// Every answer with data, verified by an implementation of RFC 9421 of others
// (tests/signatures/verify_answers.mjs: the npm package http-message-signatures, Node.js's own
// SHA-256 and Ed25519) against the keys the fixture stack publishes at /.well-known/jwks.json:
// every published answer and the handlers' answer to the same request, a ranged and a CSV answer
// of each endpoint that has them (the handlers' alone), each plain, gzip and brotli as sent. The
// script also holds each to fail once a byte of it, a header it covers, its key or its time is
// not what was signed. And an event, by a JOSE implementation of others (the npm package jose).

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/support/rfc9421_key.hpp"
#include "tests/support/temporary_directory.hpp"

namespace coin::e2e {
namespace {

// Each published request, then the same answers asked of the handlers.
std::vector<std::string> paths_of_every_form() {
  std::vector<std::string> paths;
  for (const Request& request : published_requests()) {
    const std::string more = request.path.find('?') == std::string::npos ? "?" : "&";
    paths.push_back(request.path);
    paths.push_back(request.with_unknown_parameter());
    if (request.endpoint->ranged) paths.push_back(request.path + more + "from=2026-05-12");
    if (request.endpoint->has_csv()) paths.push_back(request.path + more + "format=csv");
  }
  return paths;
}

TEST(Signatures, EveryAnswerOfEveryFormVerifiesWithThePublishedKeys) {
  const std::vector<std::string> paths = paths_of_every_form();
  std::string list;
  for (const std::string& path : paths) list += path + "\n";
  const testing_support::TemporaryDirectory directory("coin-signatures");
  const std::string file = directory.write("paths.txt", list, 0644);
  std::string output;
  const int status =
      run_node_script("tests/signatures/verify_answers.mjs", "'" + fixture_stack().url("") + "' '" + file + "'", &output);
  EXPECT_EQ(status, 0) << output;
  // Each path in its three encodings.
  EXPECT_NE(output.find("verified " + std::to_string(paths.size() * 3) + " answers\n"), std::string::npos) << output;
}

// coin-api-verify, without nodes, checks the signature alone: a published answer and a handler's.
TEST(Signatures, CoinApiVerifyChecksAnAnswersSignatureWithoutNodes) {
  for (const std::string path : {"/api/v1/external/total-supply/coin", "/api/v1/vault/collaterals?format=csv"}) {
    std::string output;
    EXPECT_EQ(run_command(std::string(COIN_HANDLER_DIR) + "/coin-api-verify '" + fixture_stack().url(path) + "'",
                          &output),
              0)
        << output;
    EXPECT_EQ(output.find("signature: valid (key "), 0u) << output;
    EXPECT_NE(output.find("\nfigures: not re-derived (no node given: --rpc CHAIN=URL)\n"), std::string::npos) << output;
  }
  // With a node, the description is needed: the fixture's stack has none (no indexer ran).
  std::string output;
  EXPECT_EQ(run_command(std::string(COIN_HANDLER_DIR) + "/coin-api-verify '" +
                            fixture_stack().url("/api/v1/vault/collaterals") + "' --rpc eth=http://127.0.0.1:9",
                        &output),
            2)
      << output;
  EXPECT_NE(output.find("/.well-known/coin-api/deployment.json answered 404"), std::string::npos) << output;
}

// The JWK Set (RFC 7517) of the stack's one key, whose id the answers' signatures name.
TEST(Signatures, TheKeysAreAJwkSetOfTheKeyTheAnswersName) {
  const HttpResponse keys = http("GET", fixture_stack().url("/.well-known/jwks.json"));
  EXPECT_EQ(keys.status, 200);
  EXPECT_EQ(keys.header("content-type"), "application/jwk-set+json");
  EXPECT_NE(keys.header("cache-control"), "no-store");
  const Json set = Json::parse(keys.body);
  ASSERT_EQ(set["keys"].size(), 1u) << keys.body;
  const Json& key = set["keys"][size_t{0}];
  EXPECT_EQ(key["kty"].text(), "OKP");
  EXPECT_EQ(key["crv"].text(), "Ed25519");
  EXPECT_EQ(key["alg"].text(), "EdDSA");
  EXPECT_EQ(key["use"].text(), "sig");
  const HttpResponse answer = http("GET", fixture_stack().url("/totalSupply"));
  EXPECT_NE(answer.header("signature-input").find(";keyid=\"" + key["kid"].text() + "\""), std::string::npos)
      << answer.header("signature-input");
}

// The stack's first event lists every answer it published (the publisher's first set).
TEST(Signatures, AnEventIsSignedOverItsDataWithoutItsSignature) {
  std::string output;
  const int status = run_node_script("tests/signatures/verify_event.mjs", "'" + fixture_stack().url("") + "'", &output);
  EXPECT_EQ(status, 0) << output;
  EXPECT_EQ(output, "verified an event of " + std::to_string(published_requests().size()) + " answers\n");
}

// Never unsigned: a handler of a group and the publisher stop at start, saying why, without a key
// only they may read. (The mcp handler's answers are JSON-RPC's, unsigned; it takes no key.)
TEST(Signatures, WithoutAKeyOnlyTheyMayReadTheyDoNotStart) {
  const testing_support::TemporaryDirectory directory("coin-unsigned");
  const std::string shared = directory.write("shared.pem", testing_support::rfc9421_key, 0644);
  const std::string missing = directory.file("missing.pem");
  const std::string handlers = COIN_HANDLER_DIR;
  const std::string shared_fault =
      "the signing key " + shared + ": others than its owner may use it (mode 644): chmod 600 it";
  const struct {
    std::vector<std::string> argv;
    std::string says;
  } starts[] = {
      {{handlers + "/supply", "--socket", directory.file("supply.sock")}, "supply: --signing-key FILE is required"},
      {{handlers + "/protocol", "--socket", directory.file("protocol.sock"), "--signing-key", missing},
       "protocol: the signing key " + missing + ": No such file or directory"},
      {{handlers + "/supply", "--socket", directory.file("supply.sock"), "--signing-key", shared},
       "supply: " + shared_fault},
      {{handlers + "/publisher", "--directory", directory.file("published"), "--signing-key", shared},
       "publisher: cannot publish: " + shared_fault},
  };
  const std::string log = directory.file("log");  // each start's alone: spawn truncates it
  for (const auto& start : starts) {
    EXPECT_EQ(wait_status(spawn(start.argv, {"PGHOST=/nonexistent"}, log)), 1) << start.says;
    EXPECT_NE(read_file(log).find(start.says + "\n"), std::string::npos) << read_file(log);
  }
  EXPECT_FALSE(std::filesystem::exists(directory.file("published") + "/current")) << "published unsigned";
}

}  // namespace
}  // namespace coin::e2e
