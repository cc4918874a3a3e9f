#pragma once
// Every endpoint of the spec, as a request that succeeds.

#include <string>
#include <vector>

namespace coin::e2e {

struct Endpoint {
  std::string spec;          // "6.1"
  std::string path;          // with the query string it needs, if any
  std::string content_type;  // of a success
};

inline const std::vector<Endpoint> endpoints = {
    {"6.1", "/totalSupply", "text/plain"},
    {"6.2", "/circulatingSupply", "text/plain"},
    {"6.3", "/api/v1/external/earn-apy", "application/json"},
    {"6.4", "/api/v1/external/total-supply/coin", "application/json"},
    {"6.5", "/api/v1/external/total-supply/scoin", "application/json"},
    {"6.6", "/api/v1/market-site/overview", "application/json"},
    {"6.7", "/api/v1/data-platform/overview/info", "application/json"},
    {"6.8", "/api/v1/market-site/overview/apy", "application/json"},
    {"6.9", "/api/v1/data-platform/overview/supply-value-history", "application/json"},
    {"6.10", "/api/v1/data-platform/overview/collateral-value-history", "application/json"},
    {"6.11", "/api/v1/vault/collaterals", "application/json"},
    {"6.12", "/api/v1/data-platform/latest-collateral?chain=eth", "application/json"},
    {"6.13", "/api/v1/data-platform/collateral-history?chain=tron&interval=WEEKLY", "application/json"},
    {"6.14", "/api/v1/smart-allocator/detail-overview", "application/json"},
};

}  // namespace coin::e2e
