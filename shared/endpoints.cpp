#include "shared/endpoints.hpp"

namespace coin {
namespace {

// The payload of a view with one row: that row as a JSON object.
constexpr std::string_view row = "row_to_json(v)::text";
// The payload of a daily history: its rows as a JSON array, oldest first.
constexpr std::string_view daily_rows = R"(coalesce(json_agg(v ORDER BY "statisticTime"), '[]')::text)";
// The payload of a view with one row per allowed parameter value: its data column.
constexpr std::string_view data = "data::text";

}  // namespace

const std::vector<Endpoint>& endpoints() {
  static const std::vector<Endpoint> list = {
      // Group A: supply and savings yield (sql/deploy/api_supply.sql)
      {"6.1", "/totalSupply", "supply", "api.total_supply", R"(v."totalSupply"::text)", Body::text},
      {"6.2", "/circulatingSupply", "supply", "api.circulating_supply", R"(v."circulatingSupply"::text)",
       Body::text},
      {"6.3", "/api/v1/external/earn-apy", "supply", "api.earn_apy", row},
      {"6.4", "/api/v1/external/total-supply/coin", "supply", "api.coin_supply", row},
      {"6.5", "/api/v1/external/total-supply/scoin", "supply", "api.scoin_supply", row},
      // Group B: the protocol overview, histories, Vaults and the Smart Allocator
      // (sql/deploy/api_protocol.sql)
      {"6.6", "/api/v1/market-site/overview", "protocol", "api.market_overview", row},
      {"6.7", "/api/v1/data-platform/overview/info", "protocol", "api.platform_overview", row},
      {"6.8", "/api/v1/market-site/overview/apy", "protocol", "api.apy_overview", row},
      {"6.9", "/api/v1/data-platform/overview/supply-value-history", "protocol",
       "api.supply_value_history", daily_rows},
      {"6.10", "/api/v1/data-platform/overview/collateral-value-history", "protocol",
       "api.collateral_value_history", daily_rows},
      {"6.11", "/api/v1/vault/collaterals", "protocol", "api.vault_collaterals", row},
      {"6.12", "/api/v1/data-platform/latest-collateral", "protocol", "api.latest_collateral", data,
       Body::envelope, {&chain_parameter}},
      {"6.13", "/api/v1/data-platform/collateral-history", "protocol", "api.collateral_history", data,
       Body::envelope, {&chain_parameter, &interval_parameter}},
      {"6.14", "/api/v1/smart-allocator/detail-overview", "protocol", "api.allocator_overview", row},
  };
  return list;
}

std::vector<Endpoint> endpoints_of(std::string_view group) {
  std::vector<Endpoint> of_group;
  for (const Endpoint& endpoint : endpoints()) {
    if (endpoint.group == group) of_group.push_back(endpoint);
  }
  return of_group;
}

std::string statement_of(const Endpoint& endpoint) {
  std::string sql = "SELECT " + std::string(endpoint.payload) +
                    ", (SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot)"
                    " FROM " + std::string(endpoint.view) + " AS v";
  for (std::size_t i = 0; i < endpoint.parameters.size(); ++i) {
    sql += i == 0 ? " WHERE " : " AND ";
    sql += "v.\"" + std::string(endpoint.parameters[i]->name) + "\" = $" + std::to_string(i + 1);
  }
  return sql;
}

std::vector<Statement> statements_of(const std::vector<Endpoint>& list) {
  std::vector<Statement> statements;
  statements.reserve(list.size());
  for (const Endpoint& endpoint : list) statements.push_back({std::string(endpoint.path), statement_of(endpoint)});
  return statements;
}

Response answer_of(const Endpoint& endpoint, const std::string& fetched_value) {
  return endpoint.body == Body::text ? plain_text(fetched_value) : success(fetched_value);
}

std::vector<std::vector<std::string>> value_combinations(const Endpoint& endpoint) {
  std::vector<std::vector<std::string>> combinations = {{}};
  for (const Parameter* parameter : endpoint.parameters) {
    std::vector<std::vector<std::string>> longer;
    for (const std::vector<std::string>& start : combinations) {
      for (const std::string_view value : parameter->allowed) {
        longer.push_back(start);
        longer.back().emplace_back(value);
      }
    }
    combinations = std::move(longer);
  }
  return combinations;
}

std::string canonical_query(const Endpoint& endpoint, const std::vector<std::string>& values) {
  std::string query;
  for (std::size_t i = 0; i < endpoint.parameters.size() && i < values.size(); ++i) {
    if (i > 0) query += '&';
    query += std::string(endpoint.parameters[i]->name) + '=' + values[i];
  }
  return query;
}

std::string_view content_type_of(const Endpoint& endpoint) {
  return endpoint.body == Body::text ? "text/plain" : "application/json";
}

std::string published_file(const Endpoint& endpoint, const std::vector<std::string>& values) {
  std::string file(endpoint.path.substr(1));
  if (!endpoint.parameters.empty()) file += '/' + canonical_query(endpoint, values);
  return file + (endpoint.body == Body::text ? ".txt" : ".json");
}

std::string routes_table(const std::vector<Endpoint>& list) {
  std::string table;
  for (const Endpoint& endpoint : list) {
    std::string parameters;
    for (const Parameter* parameter : endpoint.parameters) {
      if (!parameters.empty()) parameters += '&';
      parameters += std::string(parameter->name) + '=';
      for (const std::string_view value : parameter->allowed) {
        if (parameters.back() != '=') parameters += ',';
        parameters += value;
      }
    }
    table += std::string(endpoint.spec) + '\t' + std::string(endpoint.path) + '\t' +
             std::string(endpoint.group) + '\t' + std::string(endpoint.view) + '\t' +
             std::string(content_type_of(endpoint)) + '\t' + (parameters.empty() ? "-" : parameters) +
             '\n';
  }
  return table;
}

}  // namespace coin
