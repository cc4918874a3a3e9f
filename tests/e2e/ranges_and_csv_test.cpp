// The optional parameters added to the histories and lists (shared/history_options.hpp) over
// HTTP on the fixture: from and to keep a history's points in a range, format=csv sends the
// points (or 6.12's Vaults, 6.14's positions) as CSV. nginx sends every such request to the
// handlers, which answer it as they answer the published ones (ETag, gzip, 304).
// Worked out by hand from tests/sql/fixture.sql: the daily points are 00:00 UTC+8 of
// 2026-05-11, -12, -13 = 1778428800000, 1778515200000, 1778601600000; the newest snapshot is
// 2026-05-13 00:00 UTC (1778630400), which names every CSV file.

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/other_chains.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/support/gunzip.hpp"

namespace coin::e2e {
namespace {

const std::string apy = "/api/v1/market-site/overview/apy";
const std::string supply = "/api/v1/data-platform/overview/supply-value-history";
const std::string collateral = "/api/v1/data-platform/overview/collateral-value-history";
const std::string latest = "/api/v1/data-platform/latest-collateral";
const std::string history = "/api/v1/data-platform/collateral-history";
const std::string allocator = "/api/v1/smart-allocator/detail-overview";
const std::string vault_history = "/api/v1/data-platform/vault-history";

std::string error(const std::string& message) {
  return R"({"code":10002,"message":")" + message + R"(","data":null})";
}

std::vector<std::string> times_of(const Json& points) {
  std::vector<std::string> times;
  for (const Json& point : points.elements()) times.push_back(point["statisticTime"].number());
  return times;
}

using Times = std::vector<std::string>;

TEST(Ranges, KeepTheDailyPointsOfTheDaysAskedBothEndsIncluded) {
  const Stack& stack = fixture_stack();
  EXPECT_EQ(times_of(fetch_data(stack, supply + "?from=2026-05-12")), (Times{"1778515200000", "1778601600000"}));
  EXPECT_EQ(times_of(fetch_data(stack, supply + "?to=2026-05-12")), (Times{"1778428800000", "1778515200000"}));
  EXPECT_EQ(times_of(fetch_data(stack, supply + "?from=2026-05-12&to=2026-05-12")), (Times{"1778515200000"}));
  EXPECT_EQ(times_of(fetch_data(stack, collateral + "?from=1778515200000&to=1778601600000")),
            (Times{"1778515200000", "1778601600000"}));
  EXPECT_EQ(times_of(fetch_data(stack, collateral + "?from=1778515200001&to=1778601599999")), Times{});
  EXPECT_EQ(http("GET", stack.url(supply + "?from=2020-01-01&to=2020-12-31")).body, success_body("[]"));
  // A day before 1970, of any year, is a bound like any other: before the data, or all of it.
  EXPECT_EQ(http("GET", stack.url(supply + "?to=1969-12-31")).body, success_body("[]"));
  EXPECT_EQ(http("GET", stack.url(supply + "?from=1000-01-01&to=1000-01-02")).body, success_body("[]"));
  EXPECT_EQ(times_of(fetch_data(stack, supply + "?from=1969-12-31")),
            (Times{"1778428800000", "1778515200000", "1778601600000"}));
  EXPECT_EQ(times_of(fetch_data(stack, supply + "?from=0000-01-01&to=2026-05-11")), (Times{"1778428800000"}));
  // A point keeps every digit: tron's COIN in the daily snapshot of 2026-05-12
  EXPECT_EQ(fetch_data(stack, supply + "?from=2026-05-12&to=2026-05-12")[0]["coin"][0].text(), "130000000.987654321");
}

TEST(Ranges, KeepTheHourlyPointsOf613AndTheLivePointWhenItIsInRange) {
  const Stack& stack = fixture_stack();
  // eth WEEKLY: 00:00 and 01:00 UTC+8 of 2026-05-13, both bounds included
  const Json two = fetch_data(stack, history + "?chain=eth&interval=WEEKLY&from=1778601600000&to=1778605200000")["items"];
  EXPECT_EQ(times_of(two), (Times{"1778601600000", "1778605200000"}));
  EXPECT_EQ(two[1]["time"].text(), "2026-05-13 01:00 (UTC+8)");
  // from 07:00 on: the last hourly point and the live point (time null), at eth's newest snapshot, 07:55
  const Json last = fetch_data(stack, history + "?chain=eth&interval=WEEKLY&from=1778626800000")["items"];
  EXPECT_EQ(times_of(last), (Times{"1778626800000", "1778630100000"}));
  EXPECT_TRUE(last[1]["time"].is_null());
  EXPECT_EQ(http("GET", stack.url(history + "?chain=eth&interval=WEEKLY&to=2026-05-10")).body,
            success_body(R"({"items":[]})"));
  // a range within a window: the Vault history's daily points of 2026-05-13 and the live point
  EXPECT_EQ(times_of(fetch_data(stack, vault_history + "?chain=tron&vaultType=TRX-A&interval=ANNUAL&from=2026-05-13")["items"]),
            (Times{"1778601600000", "1778630400000"}));
}

TEST(Ranges, KeepEachChainsApyPointsAndLeaveTheFiguresOf68) {
  const Stack& stack = fixture_stack();
  const Json all = fetch_data(stack, apy);
  const Json ranged = fetch_data(stack, apy + "?from=2026-05-13");
  EXPECT_EQ(ranged["averageApy"].text(), all["averageApy"].text());
  EXPECT_EQ(ranged["currentApy"].text(), all["currentApy"].text());
  ASSERT_EQ(ranged["items"].size(), 3u + other_chains().size());
  for (size_t chain = 0; chain < ranged["items"].size(); ++chain) {
    EXPECT_EQ(ranged["items"][chain]["chain"].text(), all["items"][chain]["chain"].text());
    EXPECT_EQ(ranged["items"][chain]["averageApy"].text(), all["items"][chain]["averageApy"].text());
    // tron, eth and bsc have a point that day; a chain without rows in the fixture has none
    EXPECT_EQ(times_of(ranged["items"][chain]["items"]), chain < 3 ? Times{"1778601600000"} : Times{}) << chain;
  }
}

TEST(Ranges, BadBoundsAreAnsweredWithTheirOwnMessage) {
  for (const Stack* stack : {&fixture_stack(), &unpublished_stack()}) {
    EXPECT_EQ(http("GET", stack->url(supply + "?from=yesterday")).body, error("Invalid from."));
    EXPECT_EQ(http("GET", stack->url(supply + "?from=")).body, error("Invalid from."));
    EXPECT_EQ(http("GET", stack->url(supply + "?to=2026-02-30")).body, error("Invalid to."));
    EXPECT_EQ(http("GET", stack->url(supply + "?to=1778601600000.5")).body, error("Invalid to."));
    EXPECT_EQ(http("GET", stack->url(supply + "?from=2026-05-13&to=2026-05-12")).body, error("Invalid from."));
    EXPECT_EQ(http("GET", stack->url(apy + "?format=xml")).body, error("Invalid format."));
    EXPECT_EQ(http("GET", stack->url(history + "?chain=eth&interval=WEEKLY&from=-1")).body, error("Invalid from."));
    EXPECT_EQ(http("GET", stack->url(history + "?chain=eth&from=-1")).body,
              R"({"code":1,"message":"Required request parameter 'interval' is not present","data":null})");
  }
}

TEST(Ranges, AreNeverAnsweredFromThePublishedSet) {
  const Stack& stack = fixture_stack();
  const std::string full = http("GET", stack.url(supply)).body;
  const std::string from_13 = http("GET", stack.url(supply + "?from=2026-05-13")).body;
  EXPECT_NE(from_13, full);
  EXPECT_EQ(http("GET", stack.url(supply + "?x=1&from=2026-05-13")).body, from_13);
  EXPECT_EQ(http("GET", stack.url(supply + "?f%72om=2026-05-13")).body, from_13) << "a name with an escape";
  EXPECT_EQ(http("GET", stack.url(supply + "?fromage=2026-05-13&tomato=1&formats=csv")).body, full);
  // an endpoint that takes none of them ignores them
  EXPECT_EQ(http("GET", stack.url("/totalSupply?format=csv&from=x")).body, http("GET", stack.url("/totalSupply")).body);
  EXPECT_EQ(http("GET", stack.url(allocator + "?from=x")).body, http("GET", stack.url(allocator)).body);
}

TEST(Csv, IsTheHistorysPointsWithAColumnPerChain) {
  const HttpResponse response = http("GET", fixture_stack().url(supply + "?format=csv"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("content-type"), "text/csv");
  EXPECT_EQ(response.header("content-disposition"), R"(attachment; filename="supply-value-history_20260513T000000Z.csv")");
  expect_cors(response, "6.9 csv");
  // A column of each chain without rows in the fixture, 0 throughout, after each array's others.
  const std::string zero = for_other_chains(",0");
  const std::string header = "statisticTime,coin_tron,coin_eth,coin_bsc" + for_other_chains(",coin_{}") +
                             ",scoin_tron,scoin_eth,scoin_bsc" + for_other_chains(",scoin_{}") + "\r\n";
  const std::string on_13 = "1778601600000,123500000.123456789,876700000.5,250100" + zero + ",5100.5,0.5,10" + zero + "\r\n";
  EXPECT_EQ(response.body, header + "1778428800000,0,888888888.888888888888888889,0" + zero + ",0,0.5,0" + zero + "\r\n" +
                               "1778515200000,130000000.987654321,888888888.888888888888888889,0" + zero +
                               ",9000.999999999999999999,0.5,0" + zero + "\r\n" + on_13);
  const HttpResponse ranged = http("GET", fixture_stack().url(supply + "?format=csv&from=2026-05-13"));
  EXPECT_EQ(ranged.header("content-disposition"),
            R"(attachment; filename="supply-value-history_from-2026-05-13_20260513T000000Z.csv")");
  EXPECT_EQ(ranged.body, header + on_13);
  EXPECT_EQ(http("GET", fixture_stack().url(collateral + "?format=csv&to=2000-01-01")).body,
            "statisticTime,collateralValue_tron,collateralValue_eth,collateralValue_bsc" +
                for_other_chains(",collateralValue_{}") + "\r\n");
}

TEST(Csv, OfThePositionsLeavesAMissingTagEmpty) {
  const HttpResponse response = http("GET", fixture_stack().url(allocator + "?format=csv"));
  EXPECT_EQ(response.header("content-type"), "text/csv");
  EXPECT_EQ(response.header("content-disposition"), R"(attachment; filename="detail-overview_20260513T000000Z.csv")");
  EXPECT_EQ(response.body,
            "platform,chain,gemSymbol,holdingAmount,apyHoldingAmount,apy,actualEarnings,operatorAddress,strategy,tag\r\n"
            "Aave,bsc,USDT,1200000.000001,1000000,0.050123456789012345678901234567,3010.987654321,"
            "0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a,Investment,\r\n"
            "Aave,eth,USDT,3000000.5,2500000,0.0425,12345.678901,0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf,"
            "Investment,Gauntlet\r\n"
            "Aave,plasma,USDT0,2000000,2000000,0.0575,6789.1,0x52Aa899454998Be5b000Ad077a46Bbe360F4e497,Investment,\r\n");
}

TEST(Csv, OfTheVaultsOfAChainAndOfTheApyPoints) {
  const HttpResponse vaults = http("GET", fixture_stack().url(latest + "?chain=bsc&format=csv"));
  EXPECT_EQ(vaults.header("content-disposition"), R"(attachment; filename="latest-collateral_bsc_20260513T000000Z.csv")");
  EXPECT_EQ(vaults.body,
            "vaultType,chain,collateralType,contractAddress,mintedCOIN,debt,lockedValue,collateralRatio,"
            "minCollateralRatio,stabilityFee,line,apy,estimatedAnnualEarnings,psmFee\r\n"
            "WBTC-A,bsc,1,0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e,99000.123456789,99015.5,150123.987654321,"
            "1.5161665360910262,1.45,0.0525,1000000.5,,,\r\n"
            "SA-USDT-A,bsc,3,0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f,1000000,1000000,1003010.987654321,"
            "1.003010987654321,1,0,5000000,0.049876543210987654321098765432,49876.54,\r\n");
  const std::string points = http("GET", fixture_stack().url(apy + "?format=csv&from=2026-05-13")).body;
  EXPECT_EQ(points.substr(0, points.find("\r\n")), "chain,statisticTime,apy");
  EXPECT_EQ(std::count(points.begin(), points.end(), '\n'), 4) << points;
  EXPECT_EQ(points.find("\r\ntron,1778601600000,"), points.find("\r\n")) << points;
}

TEST(Csv, OfAHistoryIsCompressedAndRevalidatedLikeEveryAnswer) {
  const std::string path = vault_history + "?chain=tron&vaultType=TRX-A&interval=WEEKLY&format=csv";
  const HttpResponse plain = http("GET", fixture_stack().url(path));
  EXPECT_EQ(plain.body.substr(0, plain.body.find("\r\n")), "statisticTime,time,mintedCOIN,debt,lockedValue,collateralRatio,line,apy");
  EXPECT_EQ(plain.header("content-disposition"),
            R"(attachment; filename="vault-history_tron_TRX-A_WEEKLY_20260513T000000Z.csv")");
  EXPECT_NE(plain.body.find("\r\n1778630400000,,1234567.891234567891234567,1234890.123456789012345678,2500000.75,"
                            "2.024472220250516437,50000000,\r\n"),
            std::string::npos)
      << "the live point, last, with no time and no apy";
  const HttpResponse gzipped = http("GET", fixture_stack().url(path), {"Accept-Encoding: gzip"});
  EXPECT_EQ(gzipped.header("content-encoding"), "gzip");
  EXPECT_EQ(testing_support::gunzip(gzipped.body), plain.body);
  const HttpResponse again = http("GET", fixture_stack().url(path), {"If-None-Match: " + plain.header("etag")});
  EXPECT_EQ(again.status, 304);
  EXPECT_EQ(http("GET", unpublished_stack().url(path)).body, plain.body);
}

TEST(Csv, ErrorsStayJsonEnvelopes) {
  EXPECT_EQ(http("GET", fixture_stack().url(vault_history + "?chain=tron&vaultType=NOPE&interval=WEEKLY&format=csv")).body,
            R"({"code":10002,"message":"Invalid vaultType.","data":null})");
  const HttpResponse bad = http("GET", fixture_stack().url(history + "?chain=TRON&interval=WEEKLY&format=csv"));
  EXPECT_EQ(bad.header("content-type"), "application/json");
  EXPECT_EQ(bad.body, chain_invalid);
}

}  // namespace
}  // namespace coin::e2e
