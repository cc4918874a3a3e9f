// Group A (spec 6.1-6.5) over real HTTP: nginx, handlers/supply and PostgreSQL. The fixture's
// answers are the OpenAPI document's examples, worked out by hand in tests/sql/fixture.sql's
// header and checked by the validator (openapi_test.cpp); here, what holds of any data.

#include <gtest/gtest.h>

#include <regex>
#include <string>
#include <vector>

#include "shared/chains.hpp"
#include "tests/e2e/decimal.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

HttpResponse get(const Stack& stack, std::string_view path) { return http("GET", stack.url(path)); }

TEST(SupplyFixture, UnknownQueryParametersAreIgnored) {
  EXPECT_EQ(get(fixture_stack(), "/totalSupply?chain=eth&x=%27%3B").body, get(fixture_stack(), "/totalSupply").body);
  EXPECT_EQ(get(fixture_stack(), "/api/v1/external/earn-apy?interval=WEEKLY").body,
            get(fixture_stack(), "/api/v1/external/earn-apy").body);
}

// The demo data: figures unknown in advance, so the test checks how they relate.
TEST(SupplyDemo, TotalSupplyEqualsCoinPlusScoinTotals) {
  const std::string coin = get(demo_stack(), "/api/v1/external/total-supply/coin").body;
  const std::string scoin = get(demo_stack(), "/api/v1/external/total-supply/scoin").body;
  const std::string total = get(demo_stack(), "/totalSupply").body;
  ASSERT_TRUE(std::regex_match(total, std::regex("[1-9][0-9]*(\\.[0-9]*[1-9])?"))) << total;
  EXPECT_EQ(total, decimal_sum({data_of(coin)["totalSupply"].number(), data_of(scoin)["totalSupply"].number()}));
  EXPECT_EQ(get(demo_stack(), "/circulatingSupply").body, total);
}

TEST(SupplyDemo, EachTotalIsTheSumOfItsChains) {
  for (const char* path : {"/api/v1/external/total-supply/coin", "/api/v1/external/total-supply/scoin"}) {
    const std::string body = get(demo_stack(), path).body;
    const Json data = data_of(body);
    std::vector<std::string> chains;
    for (const std::string_view chain : protocol_chains()) chains.push_back(data[std::string(chain)].number());
    EXPECT_EQ(data["totalSupply"].number(), decimal_sum(chains)) << body;
  }
}

TEST(SupplyDemo, SuppliesAndApysLookReal) {
  const std::string coin = get(demo_stack(), "/api/v1/external/total-supply/coin").body;
  // Hundreds of millions: nine or more digits before the point.
  EXPECT_TRUE(std::regex_match(data_of(coin)["totalSupply"].number(), std::regex("[1-9][0-9]{8,}(\\.[0-9]+)?")))
      << coin;
  const std::string apy = get(demo_stack(), "/api/v1/external/earn-apy").body;
  for (const std::string_view chain : protocol_chains()) {
    EXPECT_TRUE(std::regex_match(data_of(apy)[std::string(chain) + "Apy"].text(), std::regex(R"(0\.0[1-9][0-9]{2})")))
        << chain << ": " << apy;
  }
}

}  // namespace
}  // namespace coin::e2e
