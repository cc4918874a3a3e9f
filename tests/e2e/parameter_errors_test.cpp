// Spec section 7 over HTTP for the two endpoints with parameters, 6.12 and 6.13: business
// errors are HTTP 200 with a non-zero code; unknown parameters are ignored.

#include <gtest/gtest.h>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

const std::string latest = "/api/v1/data-platform/latest-collateral";
const std::string history = "/api/v1/data-platform/collateral-history";

void expect_error(const std::string& path_and_query, const std::string& body) {
  const HttpResponse response = http("GET", fixture_stack().url(path_and_query));
  EXPECT_EQ(response.status, 200) << path_and_query;
  EXPECT_EQ(response.header("content-type"), "application/json") << path_and_query;
  expect_cors(response, path_and_query);
  EXPECT_EQ(response.body, body) << path_and_query;
}

TEST(ParameterErrors, LatestCollateralWithoutChain) {
  expect_error(latest, chain_missing);
  expect_error(latest + "?interval=WEEKLY", chain_missing);
  expect_error(latest + "?Chain=eth", chain_missing);
  expect_error(latest + "?chains=eth", chain_missing);
}

TEST(ParameterErrors, LatestCollateralWithABadChain) {
  for (const char* chain : {"", "TRON", "Eth", "plasma", "ethereum", "eth%20", "%20eth", "eth%00",
                            "eth%27%20OR%20%271%27%3D%271", "eth%3BSELECT%20pg_sleep(10)", "tron,eth",
                            "%E2%82%AC"}) {
    expect_error(latest + "?chain=" + chain, chain_invalid);
  }
  expect_error(latest + "?chain", chain_invalid);
}

TEST(ParameterErrors, CollateralHistoryChecksPresenceThenValuesChainFirst) {
  expect_error(history, chain_missing);
  expect_error(history + "?interval=WEEKLY", chain_missing);
  expect_error(history + "?interval=bad", chain_missing);
  expect_error(history + "?chain=eth", interval_missing);
  expect_error(history + "?chain=bad", interval_missing);
  expect_error(history + "?chain=bad&interval=bad", chain_invalid);
  expect_error(history + "?chain=TRON&interval=WEEKLY", chain_invalid);
  expect_error(history + "?chain=eth&interval=weekly", interval_invalid);
  expect_error(history + "?chain=eth&interval=DAILY", interval_invalid);
  expect_error(history + "?chain=eth&interval=", interval_invalid);
  expect_error(history + "?chain=eth&interval=WEEKLY%27%20--", interval_invalid);
}

TEST(ParameterErrors, UnknownParametersAreIgnoredAndTheFirstOfARepeatCounts) {
  const Json eth = fetch_data(fixture_stack(), latest + "?chain=eth");
  EXPECT_EQ(http("GET", fixture_stack().url(latest + "?x=1&chain=eth&interval=NOPE&chain=tron")).body,
            http("GET", fixture_stack().url(latest + "?chain=eth")).body);
  EXPECT_EQ(http("GET", fixture_stack().url(history + "?interval=MONTHLY&chain=bsc&page=2")).body,
            http("GET", fixture_stack().url(history + "?chain=bsc&interval=MONTHLY")).body);
  EXPECT_TRUE(eth.has("items"));
}

TEST(ParameterErrors, PercentEncodedValuesAreDecodedFirst) {
  EXPECT_EQ(http("GET", fixture_stack().url(history + "?chain=%74ron&interval=WEEK%4CY")).body,
            http("GET", fixture_stack().url(history + "?chain=tron&interval=WEEKLY")).body);
}

}  // namespace
}  // namespace coin::e2e
