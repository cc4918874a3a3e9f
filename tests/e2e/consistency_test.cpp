// "One figure, one value" on the demo data: the same quantity never disagrees between
// endpoints, and the long series have the shape the spec and DESIGN.md give them.

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <tuple>
#include <vector>

#include "shared/chains.hpp"
#include "tests/e2e/decimal.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

// The demo has rows of every chain of the OpenAPI document.
const std::vector<std::string> chains(protocol_chains().begin(), protocol_chains().end());
constexpr long long day_ms = 86400000;
constexpr long long utc8_ms = 8 * 3600000;

Json data(const std::string& path) { return fetch_data(demo_stack(), path); }

Json latest_collateral(const std::string& chain) {
  return data("/api/v1/data-platform/latest-collateral?chain=" + chain);
}

// Signed decimals are not needed here: every figure compared by sum is non-negative.
std::string sum_of(const std::vector<std::string>& terms) { return decimal_sum(terms); }

TEST(Consistency, OverviewTotalSupplyIsTheCoinTotal) {
  EXPECT_EQ(data("/api/v1/market-site/overview")["totalSupply"].text(),
            data("/api/v1/external/total-supply/coin")["totalSupply"].text());
}

TEST(Consistency, TvlIsTotalCollateralValueIsTheSumOfTheChains) {
  const Json overview = data("/api/v1/market-site/overview");
  const Json info = data("/api/v1/data-platform/overview/info");
  std::vector<std::string> per_chain;
  for (const std::string& chain : chains) per_chain.push_back(latest_collateral(chain)["totalCollateralValue"].text());
  EXPECT_EQ(overview["tvl"].text(), info["totalCollateralValue"].text());
  EXPECT_EQ(info["totalCollateralValue"].text(), sum_of(per_chain));
  EXPECT_NE(info["totalCollateralValue"].text(), "0");
}

TEST(Consistency, SupplyValueAndEarnTvlAgreeBetweenOverviews) {
  const Json overview = data("/api/v1/market-site/overview");
  const Json info = data("/api/v1/data-platform/overview/info");
  EXPECT_EQ(overview["totalSupplyValue"].text(), info["totalSupplyValue"].text());
  EXPECT_EQ(overview["earnTvl"].text(), info["earnTvl"].text());
  std::vector<std::string> per_chain;
  for (const std::string& chain : chains) per_chain.push_back(latest_collateral(chain)["earnTvl"].text());
  EXPECT_EQ(overview["earnTvl"].text(), sum_of(per_chain));
}

TEST(Consistency, ApysAgreeAcross63And66And68And612) {
  const Json overview = data("/api/v1/market-site/overview");
  const Json apy = data("/api/v1/market-site/overview/apy");
  const Json cut = data("/api/v1/external/earn-apy");
  for (size_t i = 0; i < chains.size(); ++i) {
    const std::string& chain = chains[i];
    const std::string full = overview[chain + "Apy"].text();
    EXPECT_TRUE(overview[chain + "Apy"].is_number()) << chain;
    EXPECT_EQ(apy["items"][i]["chain"].text(), chain);
    EXPECT_EQ(apy["items"][i]["currentApy"].text(), full) << chain;
    EXPECT_EQ(latest_collateral(chain)["apy"].text(), full) << chain;
    // 6.3 cuts to 4 decimals: the first 6 characters of "0.0xyz..." padded with zeros.
    EXPECT_EQ(cut[chain + "Apy"].text(), (full + "0000").substr(0, 6)) << chain;
    EXPECT_GE(full.size(), 20u) << "an APY of many digits: " << full;
  }
}

TEST(Consistency, CoinTotalSupplyOfAChainIsThe64ChainFigure) {
  const Json coin = data("/api/v1/external/total-supply/coin");
  for (const std::string& chain : chains) {
    EXPECT_EQ(latest_collateral(chain)["coinTotalSupply"].text(), coin[chain].text()) << chain;
  }
}

TEST(Consistency, ChainCollateralIsTheSumOfItsVaults) {
  for (const std::string& chain : chains) {
    const Json latest = latest_collateral(chain);
    std::vector<std::string> locked;
    for (const Json& item : latest["items"].elements()) {
      EXPECT_EQ(item["chain"].text(), chain);
      locked.push_back(item["lockedValue"].text());
    }
    EXPECT_EQ(latest["totalCollateralValue"].text(), sum_of(locked)) << chain;
  }
}

TEST(Consistency, AllocatorDebtIsTheSumOfItsVaultsAndEarnSaOfItsPositions) {
  const Json allocator = data("/api/v1/smart-allocator/detail-overview");
  std::vector<std::string> debts;
  for (const Json& vault : allocator["vaultInfos"].elements()) debts.push_back(vault["debt"].text());
  EXPECT_EQ(allocator["debt"].text(), sum_of(debts));
  std::vector<std::string> earnings;
  bool plasma = false;
  for (const Json& position : allocator["platformSummaryInfos"].elements()) {
    earnings.push_back(position["actualEarnings"].text());
    plasma = plasma || position["chain"].text() == "plasma";
  }
  EXPECT_EQ(data("/api/v1/data-platform/overview/info")["earnSa"].text(), sum_of(earnings));
  EXPECT_TRUE(plasma);
}

TEST(Consistency, TheLivePointOfEveryWindowIs612) {
  for (const std::string& chain : chains) {
    const Json latest = latest_collateral(chain);
    for (const char* interval : {"WEEKLY", "MONTHLY", "BIANNUAL", "ANNUAL"}) {
      const std::string context = std::string(chain) + " " + interval;
      const Json items = data(std::string("/api/v1/data-platform/collateral-history?chain=") + chain +
                              "&interval=" + interval)["items"];
      ASSERT_GT(items.size(), 1u) << context;
      const Json& live = items[items.size() - 1];
      EXPECT_TRUE(live["time"].is_null()) << context;
      EXPECT_EQ(live["collateralValue"].text(), latest["totalCollateralValue"].text()) << context;
      EXPECT_EQ(live["coinTotalSupply"].text(), latest["coinTotalSupply"].text()) << context;
      EXPECT_EQ(live["totalSupplyValue"].text(), latest["totalSupplyValue"].text()) << context;
      EXPECT_EQ(live["earnTvl"].text(), latest["earnTvl"].text()) << context;
      EXPECT_EQ(live["earnApy"].text(), latest["apy"].text()) << context;
    }
  }
}

TEST(Consistency, WindowsHaveTheirPointsInUtc8) {
  const std::regex utc8_time("20[0-9]{2}-[01][0-9]-[0-3][0-9] [0-2][0-9]:00 \\(UTC\\+8\\)");
  for (const auto& [interval, points, step_ms] :
       std::vector<std::tuple<std::string, size_t, long long>>{
           {"WEEKLY", 168, 3600000}, {"MONTHLY", 30, day_ms}, {"BIANNUAL", 182, day_ms}, {"ANNUAL", 365, day_ms}}) {
    const Json items = data("/api/v1/data-platform/collateral-history?chain=eth&interval=" + interval)["items"];
    ASSERT_EQ(items.size(), points + 1) << interval;  // the demo history is longer than a year
    for (size_t i = 0; i < points; ++i) {
      const long long at = std::stoll(items[i]["statisticTime"].text());
      EXPECT_EQ((at + utc8_ms) % step_ms, 0) << interval << " point " << i;
      EXPECT_TRUE(std::regex_match(items[i]["time"].text(), utc8_time)) << items[i]["time"].text();
      if (i > 0) {
        EXPECT_EQ(at - std::stoll(items[i - 1]["statisticTime"].text()), step_ms) << interval;
      }
      for (const char* field : {"collateralValue", "debt", "mintedCOIN", "coinTotalSupply", "totalSupplyValue",
                                "earnTvl", "earnApy"}) {
        EXPECT_TRUE(items[i][field].is_number()) << interval << " " << field;
      }
    }
    EXPECT_GT(std::stoll(items[points]["statisticTime"].text()), std::stoll(items[points - 1]["statisticTime"].text()));
  }
}

// 6.8, 6.9, 6.10: one point per day at 00:00 UTC+8 since the first snapshot, ascending.
void expect_daily_series(const std::vector<long long>& times, const std::string& context) {
  ASSERT_GT(times.size(), 600u) << context;  // the demo history starts 2025-01-25
  EXPECT_EQ(times.front(), 1737820800000) << context;  // 2025-01-26 00:00 UTC+8, after 01-25 08:00
  for (size_t i = 0; i < times.size(); ++i) {
    EXPECT_EQ((times[i] + utc8_ms) % day_ms, 0) << context << " point " << i;
    if (i > 0) {
      EXPECT_EQ(times[i] - times[i - 1], day_ms) << context << " point " << i;
    }
  }
}

TEST(Consistency, DailyHistoriesAreOnePointADaySinceTheFirstSnapshot) {
  for (const char* path : {"/api/v1/data-platform/overview/supply-value-history",
                           "/api/v1/data-platform/overview/collateral-value-history"}) {
    const Json series = data(path);
    std::vector<long long> times;
    for (const Json& point : series.elements()) {
      times.push_back(std::stoll(point["statisticTime"].text()));
      for (const auto& [name, value] : point.members()) {
        if (name == "statisticTime") continue;
        ASSERT_EQ(value.size(), protocol_chains().size()) << path << " " << name;
        for (const Json& figure : value.elements()) EXPECT_TRUE(figure.is_string()) << path << " " << name;
      }
    }
    expect_daily_series(times, path);
  }
  const Json apy = data("/api/v1/market-site/overview/apy");
  for (const Json& chain : apy["items"].elements()) {
    std::vector<long long> times;
    for (const Json& point : chain["items"].elements()) {
      EXPECT_TRUE(point["apy"].is_string());
      times.push_back(std::stoll(point["statisticTime"].text()));
    }
    expect_daily_series(times, "6.8 " + chain["chain"].text());
  }
}

TEST(Consistency, VaultCollateralsAreTheSevenRegularTypes) {
  const Json items = data("/api/v1/vault/collaterals")["items"];
  std::vector<std::string> ilks;
  for (const Json& item : items.elements()) {
    ilks.push_back(item["ilk"].text());
    for (const auto& [name, value] : item.members()) EXPECT_TRUE(value.is_string()) << name;
  }
  std::sort(ilks.begin(), ilks.end());
  EXPECT_EQ(ilks, (std::vector<std::string>{"STRX-A", "TRX-A", "TRX-B", "TRX-C", "USDT-A", "WBTC-A", "WBTC-B"}));
}

}  // namespace
}  // namespace coin::e2e
