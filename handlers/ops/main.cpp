// handlers/ops: the operators' endpoints, never published and never cached:
//   /healthz  how fresh the data are, 200 or 503 (health.hpp)
//   /metrics  every process's metrics (their --metrics files) and the freshness figures, for
//             Prometheus (nginx lets only the configured addresses ask)
//   /.well-known/coin-api/deployment.json  the deployment's public description, as the indexer
//             wrote it (indexer/public_description.hpp): cacheable, 404 before one was written
// Each request reads api.chain_freshness, api.vault_freshness, api.snapshot_blocks and the
// publisher's directory anew, or api.deployment_description.

#include <ctime>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "handlers/ops/health.hpp"
#include "handlers/ops/metrics_text.hpp"
#include "shared/database.hpp"
#include "shared/log.hpp"
#include "shared/server.hpp"

namespace {

const coin::ExtraOptions ops_options{
    {},
    {"--published", "--metrics-dir", "--max-age"},
    "  --published DIR          the publisher's directory (its heartbeat and current set);\n"
    "                           without it, nothing is taken to be published\n"
    "  --metrics-dir DIR        where the processes write their --metrics files: /metrics\n"
    "                           serves every *.prom file below it, merged\n"
    "  --max-age SECONDS        the age past which data are too old: /healthz answers 503\n"
    "                           (default 900)\n"};

struct OpsSettings {
  std::string published;
  std::string metrics_directory;
  long long max_age_seconds = 900;
};

const coin::Statement freshness_statement{
    "freshness", "SELECT chain, floor(extract(epoch FROM taken_at))::bigint, age_seconds FROM api.chain_freshness"};
const coin::Statement vault_freshness_statement{
    "vault_freshness",
    "SELECT chain, vault_type, floor(extract(epoch FROM taken_at))::bigint, age_seconds FROM api.vault_freshness"};
const coin::Statement blocks_statement{
    "blocks",
    "SELECT chain, floor(extract(epoch FROM b.taken_at))::bigint, b.block_number, b.block_hash, "
    "floor(extract(epoch FROM b.block_time))::bigint, f.finalized_block, f.final "
    "FROM api.snapshot_blocks AS b JOIN api.snapshot_finality AS f USING (chain)"};
const coin::Statement description_statement{
    "deployment_description",
    "SELECT description::text, floor(extract(epoch FROM written_at))::bigint FROM api.deployment_description"};

constexpr std::string_view description_path = "/.well-known/coin-api/deployment.json";

// A column's value; none where it is NULL (a chain or Vault without data).
template <typename T>
std::optional<T> nullable(const pqxx::field& field) {
  return field.is_null() ? std::nullopt : std::optional<T>(field.as<T>());
}

coin::Freshness read_freshness(coin::Database& database, const OpsSettings& settings) {
  coin::Freshness freshness;
  freshness.now = std::time(nullptr);
  try {
    for (const pqxx::row row : database.execute(freshness_statement.name)) {
      freshness.chains.push_back({row[0].c_str(), nullable<std::time_t>(row[1]), nullable<long long>(row[2])});
    }
    for (const pqxx::row row : database.execute(vault_freshness_statement.name)) {
      freshness.vaults.push_back({row[0].c_str(), row[1].c_str(), nullable<std::time_t>(row[2]),
                                  nullable<long long>(row[3])});
    }
    for (const pqxx::row row : database.execute(blocks_statement.name)) {
      freshness.blocks.push_back({row[0].c_str(), nullable<std::time_t>(row[1]), nullable<long long>(row[2]),
                                  nullable<std::string>(row[3]), nullable<std::time_t>(row[4]),
                                  nullable<long long>(row[5]), row[6].as<bool>()});
    }
    freshness.database_reachable = true;
  } catch (const std::exception& e) {
    coin::log_error(std::string("freshness: ") + e.what());
    freshness.chains.clear();  // read before the failure: unknown, as the rest
    freshness.vaults.clear();
    freshness.blocks.clear();
  }
  if (!settings.published.empty()) freshness.publisher = coin::published_state(settings.published);
  return freshness;
}

coin::Response metrics_answer(const coin::Freshness& freshness, const OpsSettings& settings) {
  std::vector<std::string> texts = coin::read_metrics_files(settings.metrics_directory);
  texts.push_back(coin::freshness_metrics(freshness, settings.max_age_seconds));
  coin::Response response{200, "text/plain; version=0.0.4", coin::merge_metrics_texts(texts)};
  response.live = true;
  return response;
}

// The description the indexer wrote, byte for byte, validated as a published file is: its
// Last-Modified when it was written, nginx's ETag of a file of that time and length. 404 (nginx's
// page) before an indexer wrote one; 503 while the database fails, its cause in the log only.
coin::RenderedAnswer description_answer(coin::Database& database) {
  try {
    const pqxx::result rows = database.execute(description_statement.name);
    if (rows.empty()) return coin::render(coin::not_found());
    return coin::render(coin::Response{200, "application/json", rows[0][0].c_str()}, rows[0][1].as<std::time_t>());
  } catch (const std::exception& e) {
    coin::log_error(std::string("deployment description: ") + e.what());
    return coin::render(coin::server_error());
  }
}

std::shared_ptr<const coin::RenderedAnswer> answer(coin::Database& database, const OpsSettings& settings,
                                                   std::string_view path) {
  if (path == "/healthz") {
    return std::make_shared<const coin::RenderedAnswer>(
        coin::render(coin::health_answer(read_freshness(database, settings), settings.max_age_seconds)));
  }
  if (path == "/metrics") {
    return std::make_shared<const coin::RenderedAnswer>(
        coin::render(metrics_answer(read_freshness(database, settings), settings)));
  }
  if (path == description_path) return std::make_shared<const coin::RenderedAnswer>(description_answer(database));
  static const auto not_found = std::make_shared<const coin::RenderedAnswer>(coin::render(coin::not_found()));
  return not_found;
}

}  // namespace

int main(int argc, char** argv) {
  coin::set_log_name("ops");
  const coin::Config config =
      coin::parse_config(std::vector<std::string_view>(argv + 1, argv + argc), "ops",
                         "Serves /healthz, /metrics and /.well-known/coin-api/deployment.json of the coin-api "
                         "over FastCGI.",
                         ops_options);
  OpsSettings settings{config.given.value("--published"), config.given.value("--metrics-dir")};
  if (config.given.has("--max-age")) {
    settings.max_age_seconds = coin::parse_count("ops", "--max-age", config.given.value("--max-age"), 30 * 86400);
  }
  return coin::run_server(config, [&config, &settings]() -> coin::Answerer {
    auto database = std::make_shared<coin::Database>(
        config.database, std::vector<coin::Statement>{freshness_statement, vault_freshness_statement,
                                                      blocks_statement, description_statement});
    return [database, &settings](const coin::Request& request) { return answer(*database, settings, request.path()); };
  });
}
