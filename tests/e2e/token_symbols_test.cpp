// The deployment's own names (docs/using-the-api.md): with symbols in
// snapshot.token_symbol, 6.4 and 6.5 say them, and /api/v1/external/total-supply/<symbol in
// lower case> answers exactly what /coin or /scoin answers; a change of the symbols moves the
// names with nothing restarted, and the defaults leave none. A stack of its own (the tests write
// the symbols), and one without the publisher.
//
// By hand, from tests/sql/fixture.sql's header: 6.4 and 6.5 with `symbol` in place of COIN and
// sCOIN, nothing else changed.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/e2e/answers.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/other_chains.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

const std::string directory = "/api/v1/external/total-supply/";

std::string coin_answer(const std::string& symbol) {
  return success_body(R"({"symbol":")" + symbol + R"(","totalSupply":1000250000.5,"tron":123456789.123456789012345678,)"
                      R"("eth":876543210.876543210987654322,"bsc":250000.5)" + for_other_chains(R"(,"{}":0)") + "}");
}
std::string scoin_answer(const std::string& symbol) {
  return success_body(R"({"symbol":")" + symbol + R"(","totalSupply":4999.999999999999999999,)"
                      R"("tron":4999.999999999999999998,"eth":0.000000000000000001,"bsc":0)" +
                      for_other_chains(R"(,"{}":0)") + "}");
}

// The indexer's statement (indexer/), for both tokens, as coin_indexer.
bool set_symbols(const Stack& stack, const std::string& coin, const std::string& scoin) {
  return stack.psql("coin_indexer",
                    "INSERT INTO snapshot.token_symbol (token, symbol) VALUES ('coin', '" + coin + "'), ('scoin', '" +
                        scoin +
                        "') ON CONFLICT (token) DO UPDATE SET symbol = excluded.symbol"
                        " WHERE snapshot.token_symbol.symbol IS DISTINCT FROM excluded.symbol");
}

// Waits until 6.4 answers `symbol`'s answer, the set published with those symbols; that answer.
HttpResponse coin_saying(const Stack& stack, const std::string& symbol) {
  return http_until(stack.url(directory + "coin"),
                    [&](const HttpResponse& response) { return response.body == coin_answer(symbol); });
}

// `other` answers exactly as `token` (coin or scoin), byte for byte and header for header: to
// GET, to HEAD, with gzip, conditionally, and in a form the handlers answer (an unknown
// parameter and format=csv, which 6.4 and 6.5 ignore).
void expect_same_answers(const Stack& stack, const std::string& other, const std::string& token) {
  const std::string etag = http("GET", stack.url(directory + token)).header("etag");
  ASSERT_FALSE(etag.empty());
  const std::vector<std::vector<std::string>> requests = {
      {"GET"}, {"HEAD"}, {"GET", "Accept-Encoding: gzip"}, {"GET", "If-None-Match: " + etag}, {"OPTIONS"}};
  for (const std::string& query : {std::string(), std::string("?x=1&format=csv")}) {
    for (const std::vector<std::string>& request : requests) {
      const std::vector<std::string> headers(request.begin() + 1, request.end());
      const HttpResponse canonical = http(request[0], stack.url(directory + token + query), headers);
      const HttpResponse aliased = http(request[0], stack.url(directory + other + query), headers);
      const std::string what = request[0] + " " + other + query + (headers.empty() ? "" : " " + headers[0]);
      EXPECT_EQ(aliased.status, canonical.status) << what;
      EXPECT_EQ(aliased.body, canonical.body) << what;
      // Header for header but Date; the file of a name made anew is signed as it is written, the
      // other's signature may be older (comparable_value).
      EXPECT_EQ(headers_without_date(aliased), headers_without_date(canonical)) << what;
    }
  }
  EXPECT_EQ(http("GET", stack.url(directory + other)).header("etag"), etag) << other;
  EXPECT_EQ(http("GET", stack.url(directory + other + "?x=1")).header("etag"), etag) << other << " (handlers)";
}

// `path` is the 404 of an unknown path.
void expect_not_found(const Stack& stack, const std::string& path) {
  const HttpResponse unknown = http("GET", stack.url("/nope"));
  const HttpResponse response = http("GET", stack.url(path));
  EXPECT_EQ(response.status, 404) << path;
  EXPECT_EQ(response.body, unknown.body) << path;
}

TEST(TokenSymbols, NamesFollowTheDatabasesSymbolsWithNothingRestarted) {
  const Stack stack("fixture");
  // No row: the defaults, and no other name.
  EXPECT_EQ(http("GET", stack.url(directory + "coin")).body, coin_answer("COIN"));
  EXPECT_EQ(http("GET", stack.url(directory + "scoin")).body, scoin_answer("sCOIN"));
  expect_not_found(stack, directory + "usdd");

  // USDD and sUSDD, as the indexer writes them.
  ASSERT_TRUE(set_symbols(stack, "USDD", "sUSDD"));
  EXPECT_EQ(coin_saying(stack, "USDD").status, 200);
  EXPECT_EQ(http("GET", stack.url(directory + "coin")).body, coin_answer("USDD"));
  EXPECT_EQ(http("GET", stack.url(directory + "scoin")).body, scoin_answer("sUSDD"));
  EXPECT_EQ(http("GET", stack.url(directory + "usdd")).body, coin_answer("USDD"));
  EXPECT_EQ(http("GET", stack.url(directory + "susdd")).body, scoin_answer("sUSDD"));
  expect_same_answers(stack, "usdd", "coin");
  expect_same_answers(stack, "susdd", "scoin");
  EXPECT_EQ(http("GET", stack.url("/totalSupply")).body, "1000255000.499999999999999999");
  for (const std::string name : {"USDD", "Usdd", "usdd/", "usd", "usdd1", "nope", "susdd.json", "coin1"}) {
    expect_not_found(stack, directory + name);
  }

  // Refused by the database (the other token's path): nothing changes.
  EXPECT_FALSE(set_symbols(stack, "sCOIN", "sUSDD"));
  EXPECT_FALSE(set_symbols(stack, "USDD", "usdd"));
  EXPECT_EQ(http("GET", stack.url(directory + "usdd")).body, coin_answer("USDD"));

  // New symbols at run time: the names move.
  ASSERT_TRUE(set_symbols(stack, "USDX", "sUSDX"));
  EXPECT_EQ(coin_saying(stack, "USDX").status, 200);
  EXPECT_EQ(http("GET", stack.url(directory + "usdx")).body, coin_answer("USDX"));
  EXPECT_EQ(http("GET", stack.url(directory + "susdx")).body, scoin_answer("sUSDX"));
  expect_same_answers(stack, "usdx", "coin");
  expect_same_answers(stack, "susdx", "scoin");
  expect_not_found(stack, directory + "usdd");
  expect_not_found(stack, directory + "susdd");

  // Back to the defaults: no other name left.
  ASSERT_TRUE(stack.psql("coin_indexer", "DELETE FROM snapshot.token_symbol"));
  EXPECT_EQ(coin_saying(stack, "COIN").status, 200);
  EXPECT_EQ(http("GET", stack.url(directory + "scoin")).body, scoin_answer("sCOIN"));
  expect_not_found(stack, directory + "usdx");
  expect_not_found(stack, directory + "susdx");
}

// Without the publisher the handlers answer every request, and a name is only a name where a
// published set marks it: /coin says the symbol, the other name is the 404
// (docs/using-the-api.md).
TEST(TokenSymbols, WithoutAPublishedSetOnlyTheOwnPathsAnswer) {
  const Stack stack("fixture", {"PUBLISH=off"});
  ASSERT_TRUE(set_symbols(stack, "USDD", "sUSDD"));
  EXPECT_EQ(coin_saying(stack, "USDD").status, 200);
  EXPECT_EQ(http("GET", stack.url(directory + "scoin")).body, scoin_answer("sUSDD"));
  expect_not_found(stack, directory + "usdd");
  expect_not_found(stack, directory + "susdd");
}

}  // namespace
}  // namespace coin::e2e
