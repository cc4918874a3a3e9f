#include "tests/e2e/requests.hpp"

#include <map>

namespace coin::e2e {

std::string Request::name() const {
  const size_t query = path.find('?');
  return query == std::string::npos ? spec : spec + " " + path.substr(query + 1);
}

std::string Request::with_unknown_parameter() const {
  return path + (path.find('?') == std::string::npos ? "?x=1" : "&x=1");
}

Request request_for(const Endpoint& endpoint, const std::vector<std::string>& values) {
  const std::string query = canonical_query(endpoint, values);
  return Request{&endpoint, values, std::string(endpoint.spec),
                 std::string(endpoint.path) + (query.empty() ? "" : "?" + query),
                 std::string(content_type_of(endpoint))};
}

std::vector<std::vector<std::string>> fixture_values(const Endpoint& endpoint) {
  std::vector<std::vector<std::string>> combinations = value_combinations(endpoint);
  // None: a parameter checked by the data, or answered by its handler alone (6.16, 6.19).
  if (!combinations.empty() || !endpoint.published()) return combinations;
  // The fixture's rows (tests/sql/fixture.sql): 6.18 its regular Vault types with a price; 6.15
  // every Vault, each in every window.
  if (endpoint.spec == "6.18") return {{"tron", "TRX-A"}, {"bsc", "WBTC-A"}};
  static const std::vector<std::pair<std::string, std::string>> vaults = {
      {"tron", "TRX-A"}, {"tron", "TRX-B"},     {"eth", "WBTC-A"},   {"eth", "PSM-USDT-A"},
      {"eth", "SA-USDT-A"}, {"bsc", "WBTC-A"}, {"bsc", "SA-USDT-A"}};
  for (const auto& [chain, vault_type] : vaults) {
    for (const std::string_view interval : api_parameter("interval").allowed) {
      combinations.push_back({chain, vault_type, std::string(interval)});
    }
  }
  return combinations;
}

std::vector<Request> sample_requests() {
  static const std::map<std::string_view, std::vector<std::string>> chosen = {
      {"6.12", {"eth"}},
      {"6.13", {"tron", "WEEKLY"}},
      {"6.15", {"tron", "TRX-A", "WEEKLY"}},
      {"6.16", {"tron", "TRX-A"}},
      {"6.18", {"tron", "TRX-A"}},
      {"6.19", {"tron", "TRX-A", "T9f5bqUsWpEmfvHkZV49V1eMkkhvXiY6qo"}}};
  std::vector<Request> requests;
  for (const Endpoint& endpoint : endpoints()) {
    const auto found = chosen.find(endpoint.spec);
    requests.push_back(
        request_for(endpoint, found != chosen.end() ? found->second : value_combinations(endpoint).front()));
  }
  return requests;
}

std::vector<Request> published_requests() {
  std::vector<Request> requests;
  for (const Endpoint& endpoint : endpoints()) {
    for (const std::vector<std::string>& values : fixture_values(endpoint)) {
      requests.push_back(request_for(endpoint, values));
    }
  }
  return requests;
}

}  // namespace coin::e2e
