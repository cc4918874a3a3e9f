// The requests the tests derive from the endpoint list (requests.hpp), against spec section 6
// and the Vault history added to it: 15 endpoints, and 55 published answers from the fixture
// (11 endpoints without parameters, 6.12 for each of the 3 chains, 6.13 for each of the 3
// chains and 4 intervals, 6.15 for each of the fixture's 7 Vaults and 4 intervals).

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/e2e/requests.hpp"

namespace coin::e2e {
namespace {

std::vector<std::string> paths_of(const std::vector<Request>& requests) {
  std::vector<std::string> paths;
  for (const Request& request : requests) paths.push_back(request.path);
  return paths;
}

TEST(Requests, OneSampleRequestPerEndpoint) {
  EXPECT_EQ(paths_of(sample_requests()),
            (std::vector<std::string>{"/totalSupply", "/circulatingSupply", "/api/v1/external/earn-apy",
                                      "/api/v1/external/total-supply/coin", "/api/v1/external/total-supply/scoin",
                                      "/api/v1/market-site/overview", "/api/v1/data-platform/overview/info",
                                      "/api/v1/market-site/overview/apy",
                                      "/api/v1/data-platform/overview/supply-value-history",
                                      "/api/v1/data-platform/overview/collateral-value-history",
                                      "/api/v1/vault/collaterals", "/api/v1/data-platform/latest-collateral?chain=eth",
                                      "/api/v1/data-platform/collateral-history?chain=tron&interval=WEEKLY",
                                      "/api/v1/smart-allocator/detail-overview",
                                      "/api/v1/data-platform/vault-history?chain=tron&vaultType=TRX-A&interval=WEEKLY"}));
  const std::vector<Request> samples = sample_requests();
  EXPECT_EQ(samples.front().content_type, "text/plain");
  EXPECT_EQ(samples.back().content_type, "application/json");
  EXPECT_EQ(samples.back().name(), "6.15 chain=tron&vaultType=TRX-A&interval=WEEKLY");
  EXPECT_EQ(samples[12].name(), "6.13 chain=tron&interval=WEEKLY");
}

TEST(Requests, EveryPublishedAnswerOnce) {
  const std::vector<std::string> paths = paths_of(published_requests());
  ASSERT_EQ(paths.size(), 55u);
  const std::string latest = "/api/v1/data-platform/latest-collateral?chain=";
  const std::string history = "/api/v1/data-platform/collateral-history?chain=";
  EXPECT_EQ(std::vector<std::string>(paths.begin() + 11, paths.begin() + 14),
            (std::vector<std::string>{latest + "tron", latest + "eth", latest + "bsc"}));
  std::vector<std::string> histories;
  for (const char* chain : {"tron", "eth", "bsc"}) {
    for (const char* interval : {"WEEKLY", "MONTHLY", "BIANNUAL", "ANNUAL"}) {
      histories.push_back(history + chain + "&interval=" + interval);
    }
  }
  EXPECT_EQ(std::vector<std::string>(paths.begin() + 14, paths.begin() + 26), histories);
  EXPECT_EQ(paths[26], "/api/v1/smart-allocator/detail-overview");
  const std::string vault = "/api/v1/data-platform/vault-history?chain=";
  EXPECT_EQ(paths[27], vault + "tron&vaultType=TRX-A&interval=WEEKLY");
  EXPECT_EQ(paths[30], vault + "tron&vaultType=TRX-A&interval=ANNUAL");
  EXPECT_EQ(paths[31], vault + "tron&vaultType=TRX-B&interval=WEEKLY");
  EXPECT_EQ(paths.back(), vault + "bsc&vaultType=SA-USDT-A&interval=ANNUAL");
}

TEST(Requests, AnUnknownParameterIsAppended) {
  const std::vector<Request> samples = sample_requests();
  EXPECT_EQ(samples[0].with_unknown_parameter(), "/totalSupply?x=1");
  EXPECT_EQ(samples[11].with_unknown_parameter(), "/api/v1/data-platform/latest-collateral?chain=eth&x=1");
}

}  // namespace
}  // namespace coin::e2e
