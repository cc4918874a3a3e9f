// handlers/protocol: Group B of the spec, the protocol overview, histories, Vaults and the
// Smart Allocator.
//
//   GET /api/v1/market-site/overview                                6.6   cross-chain figures
//   GET /api/v1/data-platform/overview/info                         6.7   figures and daily changes
//   GET /api/v1/market-site/overview/apy                            6.8   APYs and daily series
//   GET /api/v1/data-platform/overview/supply-value-history         6.9   daily supplies
//   GET /api/v1/data-platform/overview/collateral-value-history     6.10  daily collateral
//   GET /api/v1/vault/collaterals                                   6.11  Vault types
//   GET /api/v1/data-platform/latest-collateral?chain=              6.12  one chain, per Vault
//   GET /api/v1/data-platform/collateral-history?chain=&interval=   6.13  one chain's window
//   GET /api/v1/smart-allocator/detail-overview                     6.14  allocator positions
//
// Each endpoint reads one api view (sql/deploy/api_protocol.sql), which builds the payload.

#include "server.hpp"

namespace {

using coin::chain_parameter;
using coin::interval_parameter;

const std::vector<coin::Route> routes = {
    {"/api/v1/market-site/overview", "SELECT row_to_json(v)::text FROM api.market_overview AS v"},
    {"/api/v1/data-platform/overview/info",
     "SELECT row_to_json(v)::text FROM api.platform_overview AS v"},
    {"/api/v1/market-site/overview/apy", "SELECT row_to_json(v)::text FROM api.apy_overview AS v"},
    {"/api/v1/data-platform/overview/supply-value-history",
     R"(SELECT coalesce(json_agg(v ORDER BY "statisticTime"), '[]')::text
          FROM api.supply_value_history AS v)"},
    {"/api/v1/data-platform/overview/collateral-value-history",
     R"(SELECT coalesce(json_agg(v ORDER BY "statisticTime"), '[]')::text
          FROM api.collateral_value_history AS v)"},
    {"/api/v1/vault/collaterals", "SELECT row_to_json(v)::text FROM api.vault_collaterals AS v"},
    {"/api/v1/data-platform/latest-collateral",
     "SELECT data::text FROM api.latest_collateral WHERE chain = $1", coin::Body::envelope,
     {&chain_parameter}},
    {"/api/v1/data-platform/collateral-history",
     R"(SELECT data::text FROM api.collateral_history
         WHERE chain = $1 AND "interval" = $2)",
     coin::Body::envelope, {&chain_parameter, &interval_parameter}},
    {"/api/v1/smart-allocator/detail-overview",
     "SELECT row_to_json(v)::text FROM api.allocator_overview AS v"},
};

}  // namespace

int main(int argc, char** argv) {
  return coin::serve(argc, argv, "protocol",
                     "Serves Group B of the coin-api spec (6.6-6.14) over FastCGI.", routes);
}
