#include "shared/dispatch.hpp"

#include <chrono>
#include <ctime>
#include <exception>
#include <optional>
#include <string>

#include "shared/log.hpp"
#include "shared/metrics.hpp"

namespace coin {
namespace {

// What a parameter checked by the data answers when its view has no row with the values asked:
// the first such parameter's error (an endpoint without one has a row for every value it lets
// through, so no row there is a fault of the database).
Response no_row_answer(const Endpoint& endpoint) {
  for (const Parameter* parameter : endpoint.parameters) {
    if (parameter->checked_by_data()) return business_error(10002, parameter->invalid_message);
  }
  throw DatabaseError("statement of " + std::string(endpoint.path) + " gave no row");
}

// What the `rendering` statement of `endpoint` fetched (nothing: no row), as the answer sent.
Response response_of(const Endpoint& endpoint, Rendering rendering, const std::vector<std::string>& values,
                     const HistoryOptions& options, const std::optional<Fetched>& fetched) {
  if (!fetched) return no_row_answer(endpoint);
  Response response = rendering != Rendering::csv
                          ? answer_of(endpoint, fetched->value, fetched->kept)
                          : csv_file(fetched->value, csv_file_name(endpoint, values, options, fetched->last_modified));
  response.immutable = fetched->final;
  return response;
}

// The answer of an endpoint whose parameters and options passed: cached, or its statement's.
// A key is made of checked values; a Vault type the chain does not have is cached as its error
// like any answer, until the next snapshot (the cache bounds its size).
std::shared_ptr<const RenderedAnswer> answer(const Endpoint& endpoint, const std::vector<std::string>& values,
                                             const HistoryOptions& options, Database& database,
                                             ResponseCache& cache, const SigningKey* signing_key) {
  const Rendering rendering = rendering_of(endpoint, options);
  const std::string statement = statement_name(endpoint, rendering);
  const std::vector<std::string> parameters = statement_parameters(endpoint, values, options);
  std::string key = statement;
  for (const std::string& value : parameters) key += '\n' + value;
  if (rendering == Rendering::csv) key += '\n' + options.from + '\n' + options.to;  // they name the file
  if (options.at_ms) key += "\nat " + std::to_string(*options.at_ms);
  if (std::shared_ptr<const RenderedAnswer> cached = cache.find(key)) return cached;
  const ResponseCache::Generation generation = cache.generation();
  const auto start = std::chrono::steady_clock::now();
  std::optional<Fetched> fetched;
  std::optional<Response> refusal;
  try {
    fetched = database.fetch(statement, parameters, options.at_ms);
  } catch (const RefusedValue& refused) {
    refusal = business_error(10002, refused.what());
  }
  const Response response = refusal ? *refusal : response_of(endpoint, rendering, values, options, fetched);
  const std::optional<Signer> signer =
      signing_key != nullptr ? std::optional<Signer>(Signer{*signing_key, std::time(nullptr)}) : std::nullopt;
  auto rendered = std::make_shared<const RenderedAnswer>(
      fetched ? render(response, fetched->last_modified, fetched->blocks, fetched->finality,
                     signer ? &*signer : nullptr)
              : render(response));
  static auto& renders = histogram_family("coin_handler_render_seconds",
                                          "Time a handler took to query and render an answer it had not cached");
  renders.Add({{"path", std::string(endpoint.path)}}, duration_buckets())
      .Observe(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  // A time refused as in the future is one no longer once it has passed: never kept.
  if (!(refusal && options.at_ms)) cache.store(key, rendered, generation);
  return rendered;
}

}  // namespace

std::shared_ptr<const RenderedAnswer> dispatch(const std::vector<Endpoint>& endpoints, Database& database,
                                               ResponseCache& cache, std::string_view path,
                                               std::string_view query_string, const SigningKey* signing_key) {
  static const auto not_found_answer = std::make_shared<const RenderedAnswer>(render(not_found()));
  static const auto unavailable = std::make_shared<const RenderedAnswer>(render(server_error()));
  for (const Endpoint& endpoint : endpoints) {
    if (endpoint.path != path) continue;
    try {
      const QueryString query = QueryString::parse(query_string);
      const CheckedParameters checked = check_parameters(query, endpoint.parameters, endpoint.options);
      if (checked.error) return std::make_shared<const RenderedAnswer>(render(*checked.error));
      const CheckedOptions options = check_options(query, endpoint.ranged, endpoint.has_csv(), endpoint.as_of);
      if (options.error) return std::make_shared<const RenderedAnswer>(render(*options.error));
      return answer(endpoint, checked.values, options.options, database, cache, signing_key);
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
