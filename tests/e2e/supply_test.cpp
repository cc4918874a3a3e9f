// Group A (spec 6.1-6.5) over real HTTP: nginx, handlers/supply and PostgreSQL.
// The expected values are worked out by hand in tests/sql/fixture.sql's header.

#include <gtest/gtest.h>

#include <regex>

#include "tests/e2e/decimal.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

HttpResponse get(const Stack& stack, std::string_view path) { return http("GET", stack.url(path)); }

// 6.1 and 6.2 are one figure: COIN in circulation + sCOIN, 6.4 totalSupply + 6.5 totalSupply.
TEST(SupplyFixture, TotalAndCirculatingSupplyAreCoinPlusScoinAsBareText) {
  for (const char* path : {"/totalSupply", "/circulatingSupply"}) {
    const HttpResponse response = get(fixture_stack(), path);
    EXPECT_EQ(response.status, 200) << path;
    EXPECT_EQ(response.header("content-type"), "text/plain") << path;
    EXPECT_EQ(response.body, "1000255000.499999999999999999") << path;
    expect_cors(response, path);
  }
}

TEST(SupplyFixture, EarnApyIsCutToExactlyFourDecimalStrings) {
  const HttpResponse response = get(fixture_stack(), "/api/v1/external/earn-apy");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("content-type"), "application/json");
  EXPECT_EQ(response.body, success_body(R"({"tronApy":"0.0456","ethApy":"0.0312","bscApy":"0.0400"})"));
  expect_cors(response, "6.3");
}

TEST(SupplyFixture, CoinSupplyIsPerChainNumbersAndTheirSum) {
  const HttpResponse response = get(fixture_stack(), "/api/v1/external/total-supply/coin");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("content-type"), "application/json");
  EXPECT_EQ(response.body,
            success_body(R"({"symbol":"COIN","totalSupply":1000250000.5,"tron":123456789.123456789012345678,)"
                    R"("eth":876543210.876543210987654322,"bsc":250000.5})"));
  expect_cors(response, "6.4");
}

TEST(SupplyFixture, ScoinSupplyIsPerChainNumbersAndTheirSum) {
  const HttpResponse response = get(fixture_stack(), "/api/v1/external/total-supply/scoin");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("content-type"), "application/json");
  EXPECT_EQ(response.body,
            success_body(R"({"symbol":"sCOIN","totalSupply":4999.999999999999999999,)"
                    R"("tron":4999.999999999999999998,"eth":0.000000000000000001,"bsc":0})"));
  expect_cors(response, "6.5");
}

TEST(SupplyFixture, UnknownQueryParametersAreIgnored) {
  EXPECT_EQ(get(fixture_stack(), "/totalSupply?chain=eth&x=%27%3B").body, "1000255000.499999999999999999");
  EXPECT_EQ(get(fixture_stack(), "/api/v1/external/earn-apy?interval=WEEKLY").body,
            success_body(R"({"tronApy":"0.0456","ethApy":"0.0312","bscApy":"0.0400"})"));
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
    EXPECT_EQ(data["totalSupply"].number(),
              decimal_sum({data["tron"].number(), data["eth"].number(), data["bsc"].number()}))
        << body;
  }
}

TEST(SupplyDemo, SuppliesAndApysLookReal) {
  const std::string coin = get(demo_stack(), "/api/v1/external/total-supply/coin").body;
  // Hundreds of millions: nine or more digits before the point.
  EXPECT_TRUE(std::regex_match(data_of(coin)["totalSupply"].number(), std::regex("[1-9][0-9]{8,}(\\.[0-9]+)?")))
      << coin;
  const std::string apy = get(demo_stack(), "/api/v1/external/earn-apy").body;
  EXPECT_TRUE(std::regex_match(
      apy, std::regex(R"(\{"code":0,"message":"SUCCESS","data":\{"tronApy":"0\.0[1-9][0-9]{2}",)"
                      R"("ethApy":"0\.0[1-9][0-9]{2}","bscApy":"0\.0[1-9][0-9]{2}"\}\})")))
      << apy;
}

}  // namespace
}  // namespace coin::e2e
