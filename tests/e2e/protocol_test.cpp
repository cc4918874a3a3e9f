// Group B (spec 6.6-6.15) over real HTTP: nginx, handlers/protocol and PostgreSQL, on the
// fixture: the answers the OpenAPI document's examples leave out (the validator checks those:
// openapi_test.cpp), whole. Every expected body is worked out by hand in tests/sql/fixture.sql's
// header; the daily changes there use the 00:00 UTC+8 snapshot, between the 23:59 and 00:01
// ones. A chain the fixture has no row of adds what no data gives (other_chains.hpp).

#include <gtest/gtest.h>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/other_chains.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

std::string body_of(const std::string& path) {
  const HttpResponse response = http("GET", fixture_stack().url(path));
  EXPECT_EQ(response.status, 200) << path;
  EXPECT_EQ(response.header("content-type"), "application/json") << path;
  return response.body;
}

TEST(ProtocolFixture, ApyOverviewHasWeightedMeansAndDailyPoints) {
  EXPECT_EQ(body_of("/api/v1/market-site/overview/apy"),
            success_body(R"({"averageApy":"0.053017027552011450186576700915",)"
                    R"("currentApy":"0.042976106996297278762711677934","items":[)"
                    R"({"chain":"tron","currentApy":"0.045699999999999999999999999999",)"
                    R"("averageApy":"0.072800000000000000000000000001","items":[)"
                    R"({"statisticTime":1778515200000,"apy":"0.0999"},)"
                    R"({"statisticTime":1778601600000,"apy":"0.045700000000000000000000000001"}]},)"
                    R"({"chain":"eth","currentApy":"0.031259999999999999999999999999",)"
                    R"("averageApy":"0.023833333333333333333333333333","items":[)"
                    R"({"statisticTime":1778428800000,"apy":"0.0201"},)"
                    R"({"statisticTime":1778515200000,"apy":"0.0201"},)"
                    R"({"statisticTime":1778601600000,"apy":"0.0313"}]},)"
                    R"({"chain":"bsc","currentApy":"0.04","averageApy":"0.0401","items":[)"
                    R"({"statisticTime":1778601600000,"apy":"0.0401"}]})" +
                    for_other_chains(R"(,{"chain":"{}","currentApy":"0","averageApy":"0","items":[]})") + "]}"));
}

TEST(ProtocolFixture, SupplyValueHistoryIsDailyStringTriples) {
  const std::string others = for_other_chains(R"(,"0")");  // each array's other chains
  EXPECT_EQ(body_of("/api/v1/data-platform/overview/supply-value-history"),
            success_body(R"([{"statisticTime":1778428800000,"coin":["0","888888888.888888888888888889","0")" + others +
                         R"(],"scoin":["0","0.5","0")" + others + R"(]},)"
                         R"({"statisticTime":1778515200000,"coin":["130000000.987654321","888888888.888888888888888889","0")" +
                         others + R"(],"scoin":["9000.999999999999999999","0.5","0")" + others + R"(]},)"
                         R"({"statisticTime":1778601600000,"coin":["123500000.123456789","876700000.5","250100")" +
                         others + R"(],"scoin":["5100.5","0.5","10")" + others + "]}]"));
}

TEST(ProtocolFixture, CollateralValueHistoryIsDailyStringTriples) {
  const std::string others = for_other_chains(R"(,"0")");
  EXPECT_EQ(body_of("/api/v1/data-platform/overview/collateral-value-history"),
            success_body(R"([{"statisticTime":1778428800000,"collateralValue":["0","15000000.25","0")" + others +
                         R"(]},{"statisticTime":1778515200000,"collateralValue":["2000000.5","15000000.25","0")" +
                         others + R"(]},{"statisticTime":1778601600000,"collateralValue":["2469000.873456","24790001","1161002")" +
                         others + "]}]"));
}

TEST(ProtocolFixture, LatestCollateralOfEachChain) {
  EXPECT_EQ(
      body_of("/api/v1/data-platform/latest-collateral?chain=tron"),
      success_body(R"({"apy":0.045699999999999999999999999999,"coinTotalSupply":123456789.123456789012345678,)"
              R"("totalSupplyValue":123437409.494026603827378206739708642197530866,)"
              R"("totalSupplyValueDailyChange":-55658.380517839493721793260291357802469134,)"
              R"("totalCollateralValue":2500000.75,"totalCollateralValueDailyChange":30999.876544,)"
              R"("earnTvl":5309.876,"earnTvlDailyChange":-0.624,"items":[)"
              R"({"vaultType":"TRX-A","chain":"tron","collateralType":1,"contractAddress":"TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH",)"
              R"("mintedCOIN":1234567.891234567891234567,"debt":1234890.123456789012345678,"lockedValue":2500000.75,)"
              R"("collateralRatio":2.024472220250516437,"minCollateralRatio":"1.5","stabilityFee":"0.045",)"
              R"("line":"50000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},)"
              R"({"vaultType":"TRX-B","chain":"tron","collateralType":1,"contractAddress":"TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn",)"
              R"("mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"minCollateralRatio":"1.3",)"
              R"("stabilityFee":"0.03","line":"20000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":null}]})"));
  EXPECT_EQ(
      body_of("/api/v1/data-platform/latest-collateral?chain=bsc"),
      success_body(R"({"apy":0.04,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,)"
              R"("totalSupplyValueDailyChange":-134.99005,"totalCollateralValue":1153134.975308642,)"
              R"("totalCollateralValueDailyChange":-7867.024691358,"earnTvl":0,"earnTvlDailyChange":-10.5,"items":[)"
              R"({"vaultType":"WBTC-A","chain":"bsc","collateralType":1,"contractAddress":"0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e",)"
              R"("mintedCOIN":99000.123456789,"debt":99015.5,"lockedValue":150123.987654321,)"
              R"("collateralRatio":1.5161665360910262,"minCollateralRatio":"1.45","stabilityFee":"0.0525",)"
              R"("line":"1000000.5","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},)"
              R"({"vaultType":"SA-USDT-A","chain":"bsc","collateralType":3,"contractAddress":"0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f",)"
              R"("mintedCOIN":1000000,"debt":1000000,"lockedValue":1003010.987654321,"collateralRatio":1.003010987654321,)"
              R"("minCollateralRatio":"1","stabilityFee":"0","line":"5000000",)"
              R"("apy":0.049876543210987654321098765432,"estimatedAnnualEarnings":49876.54,"psmFee":null}]})"));
}

// tron's data begins on 05-11: every daily window holds all of it, as MONTHLY's example says.
TEST(ProtocolFixture, CollateralHistoryDailyWindowsEndWithTheLivePoint) {
  const std::string monthly = body_of("/api/v1/data-platform/collateral-history?chain=tron&interval=MONTHLY");
  for (const char* interval : {"BIANNUAL", "ANNUAL"}) {
    EXPECT_EQ(body_of(std::string("/api/v1/data-platform/collateral-history?chain=tron&interval=") + interval), monthly)
        << interval;
  }
}

TEST(ProtocolFixture, CollateralHistoryWeeklyIsHourlyFromTheFirstSnapshot) {
  const Json tron = Json::parse(body_of("/api/v1/data-platform/collateral-history?chain=tron&interval=WEEKLY"));
  const Json& items = tron["data"]["items"];
  ASSERT_EQ(items.size(), 37u);
  EXPECT_EQ(items[0]["statisticTime"].text(), "1778500800000");
  EXPECT_EQ(items[0]["time"].text(), "2026-05-11 20:00 (UTC+8)");
  EXPECT_EQ(items[0]["debt"].text(), "900050");
  // 00:00, between the 23:59 and 00:01 snapshots: the 00:00 one.
  EXPECT_EQ(items[28]["time"].text(), "2026-05-13 00:00 (UTC+8)");
  EXPECT_EQ(items[28]["collateralValue"].text(), "2469000.873456");
  EXPECT_EQ(items[28]["earnApy"].text(), "0.045700000000000000000000000001");
  EXPECT_EQ(items[35]["time"].text(), "2026-05-13 07:00 (UTC+8)");
  EXPECT_EQ(items[35]["coinTotalSupply"].text(), "123450000");
  EXPECT_TRUE(items[36]["time"].is_null());
  EXPECT_EQ(items[36]["statisticTime"].text(), "1778630400000");

  EXPECT_EQ(Json::parse(body_of("/api/v1/data-platform/collateral-history?chain=eth&interval=WEEKLY"))["data"]["items"].size(),
            57u);
  EXPECT_EQ(Json::parse(body_of("/api/v1/data-platform/collateral-history?chain=bsc&interval=WEEKLY"))["data"]["items"].size(),
            9u);
  EXPECT_EQ(Json::parse(body_of("/api/v1/data-platform/collateral-history?chain=bsc&interval=ANNUAL"))["data"]["items"].size(),
            2u);
}

}  // namespace
}  // namespace coin::e2e
