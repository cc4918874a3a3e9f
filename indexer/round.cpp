#include "indexer/round.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <pqxx/pqxx>

#include "indexer/chain_reader.hpp"
#include "indexer/reorg.hpp"
#include "indexer/snapshot_writer.hpp"
#include "shared/log.hpp"
#include "shared/metrics.hpp"

namespace coin::indexer {

namespace {

// A chain's round: "written" (or already written by another indexer), "read_failed" (a node)
// or "write_failed" (the database); and when it was last written.
void count_chain(const std::string& chain, std::string_view outcome, std::int64_t taken_at) {
  static auto& rounds = counter_family("coin_indexer_chain_rounds_total",
                                       "Rounds of the indexer per chain, by outcome: written, read_failed, write_failed");
  static auto& last_written = gauge_family("coin_indexer_last_written_timestamp_seconds",
                                           "taken_at of the chain's last written round, in seconds since the epoch");
  rounds.Add({{"chain", chain}, {"outcome", std::string(outcome)}}).Increment();
  if (outcome != "written") return;
  // A backfill writes the past: the gauge keeps the newest.
  auto& newest = last_written.Add({{"chain", chain}});
  const auto time = static_cast<double>(taken_at);
  if (time > newest.Value()) newest.Set(time);
}

// A Vault left out of a written round, with how old what the answers still show of it is.
void report_skipped(pqxx::connection& connection, const std::string& chain, std::int64_t taken_at,
                    const SkippedVault& skipped) {
  static auto& skips = counter_family("coin_indexer_vault_skips_total",
                                      "Vaults left out of a written round because they or a position could not be read");
  const std::string& ilk = skipped.vault->ilk;
  skips.Add({{"chain", chain}, {"vault", ilk}}).Increment();
  std::string shown;
  try {  // the round is written: a failure here only loses the age from the line
    const std::optional<std::int64_t> last = vault_written(connection, chain, ilk);
    shown = last ? "its last state is " + std::to_string(taken_at - *last) + " s old (" + utc_time(*last) + ")"
                 : "it has no state yet";
  } catch (const std::exception& e) {
    shown = "the age of its last state unknown (database: " + std::string(e.what()) + ")";
  }
  log_error(chain + ": Vault " + ilk + " skipped at " + utc_time(taken_at) + ", " + shown + ": " + skipped.reason);
}

}  // namespace

pqxx::connection& Database::connection() {
  if (!connection_ || !connection_->is_open()) connection_ = std::make_unique<pqxx::connection>(conninfo_);
  return *connection_;
}

ChainOutcome index_chain(const Config& config, const Chain& chain, ChainAccess& access, Database& database,
                         std::int64_t taken_at, std::optional<std::int64_t> at, bool quiet, int* vaults_skipped) {
  const std::string when = " at " + utc_time(taken_at);
  try {
    const long long requests_before = access.requests();
    const long long calls_before = access.calls();
    const ChainReading reading = read_chain(config, chain, access, at);
    const std::string sent = std::to_string(access.requests() - requests_before) + " requests to the nodes, " +
                             std::to_string(access.calls() - calls_before) + " calls";
    const bool written = write_snapshot(database.connection(), chain.name, taken_at, reading, config.symbols);
    if (!written) {
      log_info(chain.name + ": already written" + when + " by another indexer");
      count_chain(chain.name, "written", taken_at);
      return ChainOutcome::present;
    }
    if (!quiet) {
      log_info(chain.name + ": written" + when + ", block " + reading.block + ", " + sent);
    }
    for (const SkippedVault& skipped : reading.skipped) {
      report_skipped(database.connection(), chain.name, taken_at, skipped);
    }
    *vaults_skipped += static_cast<int>(reading.skipped.size());
    count_chain(chain.name, "written", taken_at);
    return ChainOutcome::written;
  } catch (const ReadError& e) {
    log_error(chain.name + ": skipped" + when + ": " + e.what());
    count_chain(chain.name, "read_failed", taken_at);
    return ChainOutcome::read_failed;
  } catch (const std::exception& e) {  // the database: down, or refusing a value
    log_error(chain.name + ": not written" + when + ": database: " + e.what());
    database.reset();
    count_chain(chain.name, "write_failed", taken_at);
    return ChainOutcome::write_failed;
  }
}

RoundOutcome run_round(const Config& config, Database& database, std::int64_t taken_at) {
  ChainAccess access(config);
  RoundOutcome outcome;
  for (const Chain& chain : config.chains) {
    if (!chain.protocol) continue;
    const ChainOutcome done =
        index_chain(config, chain, access, database, taken_at, std::nullopt, false, &outcome.vaults_skipped);
    const bool read = done == ChainOutcome::written || done == ChainOutcome::present;
    ++(read ? outcome.written : outcome.skipped);
    if (read) correct_reorganised(config, chain, access, database);  // a node that answered
  }
  return outcome;
}

}  // namespace coin::indexer
