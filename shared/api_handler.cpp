#include "shared/api_handler.hpp"

#include <cstdio>
#include <optional>
#include <stdexcept>

#include "shared/database.hpp"
#include "shared/dispatch.hpp"
#include "shared/endpoints.hpp"
#include "shared/fresh_cache.hpp"
#include "shared/log.hpp"
#include "shared/signing_key_file.hpp"

namespace coin {

int run_api_server(const Config& config, const std::vector<Statement>& statements, const ApiAnswerer& answer) {
  FreshCache fresh(config);
  const auto make_answerer = [&]() -> Answerer {
    auto database = std::make_shared<Database>(config.database, statements, fresh.listener_readers());
    return [&answer, &fresh, database](const Request& request) { return answer(*database, fresh.cache(), request); };
  };
  return run_server(config, make_answerer, fresh.listener());
}

int serve_group(int argc, char** argv, std::string_view group, std::string_view summary) {
  set_log_name(group);
  const Config config =
      parse_config(std::vector<std::string_view>(argv + 1, argv + argc), group, summary);
  const std::vector<Endpoint> endpoints = endpoints_of(group);
  if (config.print_routes) {
    std::fputs(routes_table(endpoints).c_str(), stdout);
    return 0;
  }
  // Never unsigned: without its key the process does not serve.
  std::optional<SigningKey> key;
  try {
    if (!config.given.has("--signing-key")) throw std::runtime_error("--signing-key FILE is required");
    key = read_signing_key(config.given.value("--signing-key"));
  } catch (const std::exception& e) {
    log_error(e.what());
    return 1;
  }
  return run_api_server(config, statements_of(endpoints),
                        [&endpoints, &key](Database& database, ResponseCache& cache, const Request& request) {
                          return dispatch(endpoints, database, cache, request.path(), request.query_string(), &*key);
                        });
}

}  // namespace coin
