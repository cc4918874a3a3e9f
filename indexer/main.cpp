// coin-indexer: reads a deployment of the protocol from each chain's JSON-RPC nodes and writes
// what it read into the snapshot tables, every --interval seconds (rounds on the interval's
// grid of the clock, so that two indexers share a round's taken_at and only one writes it).

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "indexer/backfill.hpp"
#include "indexer/config.hpp"
#include "indexer/description_writer.hpp"
#include "indexer/grid.hpp"
#include "indexer/head_follower.hpp"
#include "indexer/kept_rounds.hpp"
#include "indexer/public_description.hpp"
#include "indexer/round.hpp"
#include "shared/command_line.hpp"
#include "shared/log.hpp"
#include "shared/metrics.hpp"
#include "shared/stop_signals.hpp"

namespace {

constexpr std::string_view usage =
    "Usage: coin-indexer --config FILE [options]\n"
    "Reads the deployment FILE describes (deploy/indexer.example.json; docs/indexer.md)\n"
    "from each chain's JSON-RPC nodes and writes a snapshot per chain into the database, one\n"
    "transaction per chain, every interval. A chain that cannot be read is skipped for the round,\n"
    "with one line on stderr, and read again the next round; so is a Vault that cannot be read\n"
    "(it, or one of its positions), while the rest of its chain is written. A chain read but not\n"
    "written because the database is down or failing over is kept, and written late with its\n"
    "own taken_at as soon as the database takes writes (tried every 2 s); at most 288 rounds a\n"
    "chain (a day at the default interval), the oldest dropped past that. They are kept in\n"
    "memory only: a restart loses them. At start it writes the deployment's public description\n"
    "(FILE without each chain's rpc and timeout_seconds, served at\n"
    "/.well-known/coin-api/deployment.json), tried again each round while the database is down.\n"
    "\n"
    "Options:\n"
    "  --config FILE            the deployment: chains, nodes, contracts, Vaults, positions\n"
    "  --interval SECONDS       seconds between rounds (default 300); rounds start on the\n"
    "                           interval's grid of the clock, which gives each its taken_at\n"
    "  --once                   one round, then exit: 0 when every chain and Vault was written,\n"
    "                           1 if not (nothing is kept to be written late)\n"
    "  --database CONNINFO      libpq connection string (default: empty, so libpq's PGHOST,\n"
    "                           PGPORT, PGDATABASE, PGUSER (coin_indexer), PGPASSWORD... apply);\n"
    "                           of several hosts (PGHOST=db1,db2,db3), the primary:\n"
    "                           PGTARGETSESSIONATTRS defaults to read-write\n"
    "  --check                  load and check FILE, then exit: 0 when it is good\n"
    "  --backfill FROM..TO      fill the past instead (docs/indexer.md, backfilling): every\n"
    "                           time of the grid from FROM to TO (2025-11-26, 2025-11-26T12:00:00Z,\n"
    "                           or block numbers of the file's first chain that pins its block),\n"
    "                           newest first, each chain read at the newest block at or before\n"
    "                           it; a time already written is skipped; then exit: 0 when every\n"
    "                           one was written whole or there, 1 if not\n"
    "  --every DURATION         the backfill's grid (default 1h): 300, 5m, 1h, 1d\n"
    "  --max-rps N              at most N calls a second to each chain's nodes, a batch's each\n"
    "                           counted (backfill)\n"
    "  --metrics FILE           write its metrics to FILE every second, in Prometheus' text\n"
    "                           format; the file's name without .prom is the label process\n"
    "  --help                   print this text and exit\n"
    "  --version                print the version and exit\n"
    "\n"
    "SIGTERM or SIGINT ends it once the round under way is done. A bad FILE or flag exits 2\n"
    "before anything is read; nodes or a database that fail never end it.\n";

struct Flags {
  std::string config;
  std::string database;
  std::string metrics;
  int interval = 300;
  bool once = false;
  bool check = false;
  std::optional<coin::indexer::BackfillPlan> backfill;
};

// --backfill FROM..TO, --every and --max-rps.
coin::indexer::BackfillPlan backfill_plan(const coin::CommandLine& command_line) {
  coin::indexer::BackfillPlan plan;
  const std::string range = command_line.value("--backfill");
  const std::size_t dots = range.find("..");
  const std::string from = range.substr(0, dots);
  const std::string to = dots == std::string::npos ? "" : range.substr(dots + 2);
  const auto digits = [](const std::string& text) {
    return !text.empty() && text.size() <= 15 && text.find_first_not_of("0123456789") == std::string::npos;
  };
  if (digits(from) && digits(to)) {
    plan.from = std::stoll(from);
    plan.to = std::stoll(to);
    plan.blocks = true;
  } else {
    const std::optional<std::int64_t> oldest = coin::indexer::parse_utc(from);
    const std::optional<std::int64_t> newest = coin::indexer::parse_utc(to);
    if (!oldest || !newest) {
      coin::fail("coin-indexer", "--backfill: FROM..TO expected, both dates (2025-11-26), times "
                                 "(2025-11-26T12:00:00Z) or block numbers");
    }
    plan.from = *oldest;
    plan.to = *newest;
  }
  if (plan.from > plan.to) coin::fail("coin-indexer", "--backfill: FROM is after TO");
  if (command_line.has("--every")) {
    const std::optional<std::int64_t> every = coin::indexer::parse_every(command_line.value("--every"));
    if (!every) coin::fail("coin-indexer", "--every: a duration expected: 300, 5m, 1h or 1d");
    plan.every = *every;
  }
  if (command_line.has("--max-rps")) {
    plan.max_rps = coin::parse_count("coin-indexer", "--max-rps", command_line.value("--max-rps"), 100000);
  }
  return plan;
}

Flags parse_flags(const std::vector<std::string_view>& args) {
  const coin::CommandLine command_line = coin::parse_command_line(
      args, "coin-indexer", std::string(usage), {"--once", "--check"},
      {"--config", "--database", "--interval", "--metrics", "--backfill", "--every", "--max-rps"});
  if (!command_line.has("--config")) coin::fail("coin-indexer", "--config is required");
  Flags flags;
  flags.config = command_line.value("--config");
  flags.database = command_line.value("--database");
  flags.metrics = command_line.value("--metrics");
  if (command_line.has("--interval")) {
    flags.interval = coin::parse_count("coin-indexer", "--interval", command_line.value("--interval"), 86400);
  }
  flags.once = command_line.has("--once");
  flags.check = command_line.has("--check");
  if (command_line.has("--backfill")) {
    if (flags.once) coin::fail("coin-indexer", "--backfill and --once: one or the other");
    flags.backfill = backfill_plan(command_line);
  } else if (command_line.has("--every") || command_line.has("--max-rps")) {
    coin::fail("coin-indexer", "--every and --max-rps go with --backfill");
  }
  return flags;
}

// The deployment's public description, from the configuration file as it is now (load_config
// has just read and checked it); none, with a line on stderr, when it cannot be read again.
std::optional<std::string> description_of(const std::string& path) {
  const std::string not_written = "the deployment's description not written: " + path + ": ";
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  if (!file.is_open() || file.bad()) {
    coin::log_error(not_written + "cannot read it again");
    return std::nullopt;
  }
  try {
    return coin::indexer::public_description(text.str());
  } catch (const coin::indexer::ConfigError& e) {
    coin::log_error(not_written + e.what());
    return std::nullopt;
  }
}

std::int64_t now_seconds() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

int main(int argc, char** argv) {
  coin::set_log_name("coin-indexer");
  const Flags flags = parse_flags(std::vector<std::string_view>(argv + 1, argv + argc));
  coin::indexer::Config config;
  try {
    config = coin::indexer::load_config(flags.config);
  } catch (const std::exception& e) {
    coin::log_error(e.what());
    return 2;
  }
  if (flags.check) return 0;

  // A database host that does not answer must not hold a round for long. It writes: of the
  // hosts a connection string names (the readers' list, standby first), the primary.
  ::setenv("PGCONNECT_TIMEOUT", "5", 0);
  ::setenv("PGTARGETSESSIONATTRS", "read-write", 0);
  curl_global_init(CURL_GLOBAL_DEFAULT);
  const coin::StopSignals stop_signals;  // taken only by the waits below
  const coin::MetricsFile metrics_file(flags.metrics);
  coin::indexer::Database database(flags.database);
  // Written before the first round and, while the database does not take it, before each round
  // after; it never holds a round back.
  std::optional<std::string> unwritten_description = description_of(flags.config);
  const auto write_description = [&database, &unwritten_description] {
    if (unwritten_description && coin::indexer::write_description(database, *unwritten_description)) {
      unwritten_description.reset();
    }
  };

  if (flags.backfill) {
    write_description();
    const auto stopping = [&stop_signals] { return stop_signals.wait_for(std::chrono::seconds(0)); };
    const coin::indexer::BackfillOutcome outcome = coin::indexer::run_backfill(config, database, *flags.backfill, stopping);
    return outcome.failed == 0 && outcome.vaults_left_out == 0 ? 0 : 1;
  }
  // The chains that follow their head are read by followers of their own, grid rounds included;
  // --once reads every chain once, at its read_at.
  std::vector<std::unique_ptr<coin::indexer::HeadFollower>> followers;
  for (const coin::indexer::Chain& chain : config.chains) {
    if (flags.once || !chain.protocol || chain.follow == coin::indexer::Follow::off) continue;
    followers.push_back(std::make_unique<coin::indexer::HeadFollower>(config, chain, flags.database, flags.interval));
  }
  coin::indexer::KeptRounds kept;
  while (true) {
    const std::int64_t round = now_seconds() / flags.interval * flags.interval;
    write_description();
    coin::indexer::write_kept(config, database, kept);
    const coin::indexer::RoundOutcome outcome =
        coin::indexer::run_round(config, database, round, flags.once ? nullptr : &kept, !flags.once);
    if (flags.once) return outcome.skipped == 0 && outcome.vaults_skipped == 0 ? 0 : 1;
    // Sleep until the next round's start, or a stop signal; while rounds are kept, try them
    // every few seconds meanwhile.
    while (true) {
      const std::int64_t wait = std::max<std::int64_t>(round + flags.interval - now_seconds(), 0);
      const std::int64_t step = kept.empty() ? wait : std::min(wait, coin::indexer::kept_retry_seconds);
      if (stop_signals.wait_for(std::chrono::seconds(step))) return 0;
      if (step == wait) break;
      coin::indexer::write_kept(config, database, kept);
    }
  }
}
