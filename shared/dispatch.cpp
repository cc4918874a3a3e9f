#include "shared/dispatch.hpp"

#include <chrono>
#include <exception>
#include <string>

#include "shared/log.hpp"
#include "shared/metrics.hpp"

namespace coin {
namespace {

// The answer of an endpoint whose parameters passed: cached, or its statement's.
std::shared_ptr<const RenderedAnswer> answer(const Endpoint& endpoint, const std::vector<std::string>& values,
                                             Database& database, ResponseCache& cache) {
  std::string key(endpoint.path);
  for (const std::string& value : values) key += '\n' + value;
  if (std::shared_ptr<const RenderedAnswer> cached = cache.find(key)) return cached;
  const ResponseCache::Generation generation = cache.generation();
  const auto start = std::chrono::steady_clock::now();
  const Fetched fetched = database.fetch(std::string(endpoint.path), values);
  auto rendered =
      std::make_shared<const RenderedAnswer>(render(answer_of(endpoint, fetched.value), fetched.last_modified));
  static auto& renders = histogram_family("coin_handler_render_seconds",
                                          "Time a handler took to query and render an answer it had not cached");
  renders.Add({{"path", std::string(endpoint.path)}}, duration_buckets())
      .Observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  cache.store(key, rendered, generation);
  return rendered;
}

}  // namespace

std::shared_ptr<const RenderedAnswer> dispatch(const std::vector<Endpoint>& endpoints, Database& database,
                                               ResponseCache& cache, std::string_view path,
                                               std::string_view query_string) {
  static const auto not_found_answer = std::make_shared<const RenderedAnswer>(render(not_found()));
  static const auto unavailable = std::make_shared<const RenderedAnswer>(render(server_error()));
  for (const Endpoint& endpoint : endpoints) {
    if (endpoint.path != path) continue;
    try {
      const CheckedParameters checked =
          check_parameters(QueryString::parse(query_string), endpoint.parameters);
      if (checked.error) return std::make_shared<const RenderedAnswer>(render(*checked.error));
      return answer(endpoint, checked.values, database, cache);
    } catch (const std::exception& e) {
      log_error(std::string(endpoint.path) + ": " + e.what());
      return unavailable;
    }
  }
  // nginx routes only known paths here; anything else is a configuration mistake.
  log_error("no route for '" + std::string(path) + "'");
  return not_found_answer;
}

}  // namespace coin
