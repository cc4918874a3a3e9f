// Group B (spec 6.6-6.14) over real HTTP: nginx, handlers/protocol and PostgreSQL, on the
// fixture. Every expected body is worked out by hand in tests/sql/fixture.sql's header; the
// daily changes there use the 00:00 UTC+8 snapshot, between the 23:59 and 00:01 ones.

#include <gtest/gtest.h>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

std::string body_of(const std::string& path) {
  const HttpResponse response = http("GET", fixture_stack().url(path));
  EXPECT_EQ(response.status, 200) << path;
  EXPECT_EQ(response.header("content-type"), "application/json") << path;
  return response.body;
}

TEST(ProtocolFixture, MarketOverviewIsNumbersWithoutTotalCollateralValue) {
  EXPECT_EQ(body_of("/api/v1/market-site/overview"),
            success_body(R"({"totalSupply":1000250000.5,)"
                    R"("totalSupplyValue":1000405904.512695123457230060662108642197530866,)"
                    R"("tvl":29135481.736308642,"earnTvl":6544.376,)"
                    R"("tronApy":0.045699999999999999999999999999,"ethApy":0.031259999999999999999999999999,)"
                    R"("bscApy":0.04})"));
}

TEST(ProtocolFixture, PlatformOverviewIsStringsWithChangesSinceUtc8Midnight) {
  EXPECT_EQ(body_of("/api/v1/data-platform/overview/info"),
            success_body(R"({"totalSupplyValue":"1000405904.512695123457230060662108642197530866",)"
                    R"("totalSupplyValueDailyChange":"-124944.880649319863869939337891357802469134",)"
                    R"("totalCollateralValue":"29135481.736308642",)"
                    R"("totalCollateralValueDailyChange":"715477.862852642",)"
                    R"("earnTvl":"6544.376","earnTvlDailyChange":"23.376",)"
                    R"("earnSa":"22145.766555321","earnSaDailyChange":"7044.143099321"})"));
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
                    R"({"statisticTime":1778601600000,"apy":"0.0401"}]}]})"));
}

TEST(ProtocolFixture, SupplyValueHistoryIsDailyStringTriples) {
  EXPECT_EQ(body_of("/api/v1/data-platform/overview/supply-value-history"),
            success_body(R"([{"statisticTime":1778428800000,"coin":["0","888888888.888888888888888889","0"],)"
                    R"("scoin":["0","0.5","0"]},)"
                    R"({"statisticTime":1778515200000,"coin":["130000000.987654321","888888888.888888888888888889","0"],)"
                    R"("scoin":["9000.999999999999999999","0.5","0"]},)"
                    R"({"statisticTime":1778601600000,"coin":["123500000.123456789","876700000.5","250100"],)"
                    R"("scoin":["5100.5","0.5","10"]}])"));
}

TEST(ProtocolFixture, CollateralValueHistoryIsDailyStringTriples) {
  EXPECT_EQ(body_of("/api/v1/data-platform/overview/collateral-value-history"),
            success_body(R"([{"statisticTime":1778428800000,"collateralValue":["0","15000000.25","0"]},)"
                    R"({"statisticTime":1778515200000,"collateralValue":["2000000.5","15000000.25","0"]},)"
                    R"({"statisticTime":1778601600000,"collateralValue":["2469000.873456","24790001","1161002"]}])"));
}

TEST(ProtocolFixture, VaultCollateralsAreRegularTypesTotalledOverChains) {
  EXPECT_EQ(body_of("/api/v1/vault/collaterals"),
            success_body(R"({"items":[{"ilk":"TRX-A","minCollateralRatio":"1.5","stabilityFee":"0.045",)"
                    R"("maxMinted":"50000000","dust":"100","curMinted":"1234567.891234567891234567",)"
                    R"("totalCollateral":"2500000.75"},)"
                    R"({"ilk":"WBTC-A","minCollateralRatio":"1.5","stabilityFee":"0.0525","maxMinted":"3000000.75",)"
                    R"("dust":"750","curMinted":"409000.623456789","totalCollateral":"620124.320654321"},)"
                    R"({"ilk":"TRX-B","minCollateralRatio":"1.3","stabilityFee":"0.03","maxMinted":"20000000",)"
                    R"("dust":"100","curMinted":"0","totalCollateral":"0"}]})"));
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
      body_of("/api/v1/data-platform/latest-collateral?chain=eth"),
      success_body(R"({"apy":0.031259999999999999999999999999,"coinTotalSupply":876543210.876543210987654322,)"
              R"("totalSupplyValue":876718519.5187185196298518539224,)"
              R"("totalSupplyValueDailyChange":-69151.5100814803701481460776,)"
              R"("totalCollateralValue":25482346.011,"totalCollateralValueDailyChange":692345.011,)"
              R"("earnTvl":1234.5,"earnTvlDailyChange":34.5,"items":[)"
              R"({"vaultType":"WBTC-A","chain":"eth","collateralType":1,"contractAddress":"0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f",)"
              R"("mintedCOIN":310000.5,"debt":310040.75,"lockedValue":470000.333,"collateralRatio":1.5159308348983158,)"
              R"("minCollateralRatio":"1.5","stabilityFee":"0.05","line":"2000000.25","apy":null,)"
              R"("estimatedAnnualEarnings":null,"psmFee":null},)"
              R"({"vaultType":"PSM-USDT-A","chain":"eth","collateralType":2,"contractAddress":"0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c",)"
              R"("mintedCOIN":20000000,"debt":20000000,"lockedValue":20000000,"collateralRatio":1,)"
              R"("minCollateralRatio":"1","stabilityFee":"0","line":"30000000","apy":null,)"
              R"("estimatedAnnualEarnings":null,"psmFee":"0.0001"},)"
              R"({"vaultType":"SA-USDT-A","chain":"eth","collateralType":3,"contractAddress":"0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD",)"
              R"("mintedCOIN":5000000,"debt":5000000,"lockedValue":5012345.678,"collateralRatio":1.0024691356,)"
              R"("minCollateralRatio":"1","stabilityFee":"0","line":"10000000",)"
              R"("apy":0.052345678901234567890123456789,"estimatedAnnualEarnings":261728.39,"psmFee":null}]})"));
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

const std::string tron_live =
    R"({"statisticTime":1778630400000,"time":null,"collateralValue":2500000.75,)"
    R"("debt":1234890.123456789012345678,"mintedCOIN":1234567.891234567891234567,)"
    R"("coinTotalSupply":123456789.123456789012345678,)"
    R"("totalSupplyValue":123437409.494026603827378206739708642197530866,"earnTvl":5309.876,)"
    R"("earnApy":0.045699999999999999999999999999})";

TEST(ProtocolFixture, CollateralHistoryDailyWindowsEndWithTheLivePoint) {
  const std::string tron_daily =
      success_body(R"j({"items":[{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)",)j"
              R"("collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,)"
              R"("coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,)"
              R"("earnTvl":9500,"earnApy":0.0999},)"
              R"j({"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)",)j"
              R"("collateralValue":2469000.873456,"debt":1215161.25,"mintedCOIN":1215000.5,)"
              R"("coinTotalSupply":123500000.123456789,"totalSupplyValue":123493067.8745444433211,)"
              R"("earnTvl":5310.5,"earnApy":0.045700000000000000000000000001},)" +
              tron_live + "]}");
  for (const char* interval : {"MONTHLY", "BIANNUAL", "ANNUAL"}) {
    EXPECT_EQ(body_of(std::string("/api/v1/data-platform/collateral-history?chain=tron&interval=") + interval),
              tron_daily)
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

TEST(ProtocolFixture, AllocatorOverviewHasAPercentApyAndItsVaultsDebt) {
  EXPECT_EQ(body_of("/api/v1/smart-allocator/detail-overview"),
            success_body(R"({"apy":4.9340628507093153759800224467,"debt":6000000,"platformSummaryInfos":[)"
                    R"({"platform":"Aave","chain":"bsc","gemSymbol":"USDT","holdingAmount":1200000.000001,)"
                    R"("apyHoldingAmount":1000000,"apy":0.050123456789012345678901234567,"actualEarnings":3010.987654321,)"
                    R"("operatorAddress":"0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a","strategy":"Investment","tag":""},)"
                    R"({"platform":"Aave","chain":"eth","gemSymbol":"USDT","holdingAmount":3000000.5,)"
                    R"("apyHoldingAmount":2500000,"apy":0.0425,"actualEarnings":12345.678901,)"
                    R"("operatorAddress":"0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf","strategy":"Investment","tag":"Gauntlet"},)"
                    R"({"platform":"Aave","chain":"plasma","gemSymbol":"USDT0","holdingAmount":2000000,)"
                    R"("apyHoldingAmount":2000000,"apy":0.0575,"actualEarnings":6789.1,)"
                    R"("operatorAddress":"0x52Aa899454998Be5b000Ad077a46Bbe360F4e497","strategy":"Investment","tag":null}],)"
                    R"("vaultInfos":[{"chain":"eth","vaultType":"SA-USDT-A","contractAddress":"0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD","debt":5000000},)"
                    R"({"chain":"bsc","vaultType":"SA-USDT-A","contractAddress":"0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f","debt":1000000}]})"));
}

}  // namespace
}  // namespace coin::e2e
