// The requests the tests derive from the endpoint list (requests.hpp): a sample of each endpoint,
// and every answer the publisher renders from the fixture (each endpoint's parameter values,
// 6.15's for each of the fixture's Vaults).

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "shared/chains.hpp"
#include "tests/e2e/requests.hpp"

namespace coin::e2e {
namespace {

std::vector<std::string> paths_of(const std::vector<Request>& requests) {
  std::vector<std::string> paths;
  for (const Request& request : requests) paths.push_back(request.path);
  return paths;
}

TEST(Requests, OneSampleRequestPerEndpoint) {
  const std::vector<Request> samples = sample_requests();
  ASSERT_EQ(samples.size(), endpoints().size());
  for (std::size_t i = 0; i < samples.size(); ++i) EXPECT_EQ(samples[i].endpoint->path, endpoints()[i].path);
  EXPECT_EQ(samples.front().path, "/totalSupply");
  EXPECT_EQ(samples.front().content_type, "text/plain");
  EXPECT_EQ(samples[11].path, "/api/v1/data-platform/latest-collateral?chain=eth");
  EXPECT_EQ(samples[12].name(), "6.13 chain=tron&interval=WEEKLY");
  EXPECT_EQ(samples[14].name(), "6.15 chain=tron&vaultType=TRX-A&interval=WEEKLY");
  EXPECT_EQ(samples[14].content_type, "application/json");
}

TEST(Requests, EveryPublishedAnswerOnce) {
  const std::vector<std::string> paths = paths_of(published_requests());
  EXPECT_EQ(std::set<std::string>(paths.begin(), paths.end()).size(), paths.size());
  const auto published = [&paths](const std::string& path) {
    return std::count(paths.begin(), paths.end(), path) == 1;
  };
  for (const Endpoint& each : endpoints()) {
    if (each.parameters.empty()) {
      EXPECT_TRUE(published(std::string(each.path))) << each.path;
    }
  }
  for (const std::string_view chain : protocol_chains()) {
    const std::string on_chain(chain);
    EXPECT_TRUE(published("/api/v1/data-platform/latest-collateral?chain=" + on_chain)) << chain;
    for (const char* interval : {"WEEKLY", "MONTHLY", "BIANNUAL", "ANNUAL"}) {
      EXPECT_TRUE(published("/api/v1/data-platform/collateral-history?chain=" + on_chain + "&interval=" + interval));
    }
  }
  const std::string vault = "/api/v1/data-platform/vault-history?chain=";
  EXPECT_TRUE(published(vault + "tron&vaultType=TRX-A&interval=WEEKLY"));
  EXPECT_TRUE(published(vault + "tron&vaultType=TRX-B&interval=ANNUAL"));
  EXPECT_TRUE(published(vault + "bsc&vaultType=SA-USDT-A&interval=ANNUAL"));
  EXPECT_FALSE(published(vault + "tron&vaultType=WBTC-A&interval=WEEKLY")) << "tron has no WBTC-A in the fixture";
  EXPECT_TRUE(published("/api/v1/risk/liquidation-curve?chain=bsc&vaultType=WBTC-A"));
  EXPECT_TRUE(published("/api/v1/risk/vaults-at-risk?chain=eth"));
  for (const std::string& path : paths) {
    EXPECT_EQ(path.find("/api/v1/risk/urns"), std::string::npos) << "a page of urns is its handler's alone";
  }
}

TEST(Requests, AnUnknownParameterIsAppended) {
  const std::vector<Request> samples = sample_requests();
  EXPECT_EQ(samples[0].with_unknown_parameter(), "/totalSupply?x=1");
  EXPECT_EQ(samples[11].with_unknown_parameter(), "/api/v1/data-platform/latest-collateral?chain=eth&x=1");
}

}  // namespace
}  // namespace coin::e2e
