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

std::vector<Request> sample_requests() {
  static const std::map<std::string_view, std::vector<std::string>> chosen = {
      {"6.12", {"eth"}}, {"6.13", {"tron", "WEEKLY"}}};
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
    for (const std::vector<std::string>& values : value_combinations(endpoint)) {
      requests.push_back(request_for(endpoint, values));
    }
  }
  return requests;
}

}  // namespace coin::e2e
