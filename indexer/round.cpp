#include "indexer/round.hpp"

#include <chrono>
#include <ctime>
#include <map>
#include <memory>
#include <pqxx/pqxx>
#include <stdexcept>
#include <utility>

#include "indexer/chain_reader.hpp"
#include "indexer/reorg.hpp"
#include "indexer/snapshot_writer.hpp"
#include "indexer/urn_reader.hpp"
#include "shared/log.hpp"
#include "shared/metrics.hpp"

namespace coin::indexer {

namespace {

// A chain's round: "written" (or already written by another indexer), "read_failed" (a node),
// "write_failed" (the database; the reading kept, unless refused), "written_late" (a kept round
// written at last, or found written) or "dropped" (a kept round given up); and when it was last
// written.
void count_chain(const std::string& chain, std::string_view outcome, std::int64_t taken_at) {
  static auto& rounds = counter_family(
      "coin_indexer_chain_rounds_total",
      "Rounds of the indexer per chain, by outcome: written, read_failed, write_failed (the reading kept to be "
      "written late, unless the database refused its values), written_late (a kept round written with its own "
      "taken_at), dropped (a kept round given up)");
  static auto& last_written = gauge_family("coin_indexer_last_written_timestamp_seconds",
                                           "taken_at of the chain's last written round, in seconds since the epoch");
  rounds.Add({{"chain", chain}, {"outcome", std::string(outcome)}}).Increment();
  if (outcome != "written" && outcome != "written_late") return;
  // A backfill or a late write writes the past: the gauge keeps the newest.
  auto& newest = last_written.Add({{"chain", chain}});
  const auto time = static_cast<double>(taken_at);
  if (time > newest.Value()) newest.Set(time);
}

// How many of the chain's rounds wait to be written.
void count_kept(const KeptRounds& kept, const std::string& chain) {
  static auto& waiting = gauge_family("coin_indexer_kept_rounds",
                                      "Rounds of the chain read but not written, the database not taking them: "
                                      "written late once it does");
  waiting.Add({{"chain", chain}}).Set(static_cast<double>(kept.count(chain)));
}

// A kept round given up.
void drop(const std::string& chain, std::int64_t taken_at, const std::string& why) {
  log_error(chain + ": the round kept at " + utc_time(taken_at) + " dropped, never written: " + why);
  count_chain(chain, "dropped", taken_at);
}

// Whether the database refused a round's own values (one out of a column's range): it would
// refuse them again, where a database down, or read-only while it fails over, takes them later.
bool refused(const std::exception& e) {
  return dynamic_cast<const pqxx::data_exception*>(&e) != nullptr ||
         dynamic_cast<const pqxx::integrity_constraint_violation*>(&e) != nullptr;
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

// Writes `round` as its chain's snapshot, reports the Vaults it left out, logs `line` (none if
// empty) and counts it as `outcome`; or, when another indexer wrote it first, says so, counts it
// as `outcome` all the same and returns false. Throws what the database throws, having counted
// nothing.
// With `live`, the chain's live snapshot is written after it, in its transaction (write_live).
bool write_round(const Config& config, Database& database, const ChainRound& round, std::string_view outcome,
                 const std::string& line, const ChainReading* live = nullptr) {
  const std::string& chain = round.chain->name;
  bool written = true;
  if (live != nullptr) {
    write_live(database.connection(), chain, std::time(nullptr), *live, config.symbols, &round, &written);
  } else {
    written = write_snapshot(database.connection(), chain, round.taken_at, round.reading, config.symbols);
  }
  if (!written) {
    log_info(chain + ": already written at " + utc_time(round.taken_at) + " by another indexer");
    count_chain(chain, outcome, round.taken_at);
    return false;
  }
  if (!line.empty()) log_info(chain + ": " + line);
  for (const SkippedVault& skipped : round.reading.skipped) {
    report_skipped(database.connection(), chain, round.taken_at, skipped);
  }
  count_chain(chain, outcome, round.taken_at);
  return true;
}

// What reading the urns took, for /metrics and the benchmark.
void count_urns(const std::string& chain, const UrnCounts& counts, std::size_t urns) {
  static auto& log_requests = counter_family(
      "coin_indexer_log_requests_total",
      "eth_getLogs requests of the Vat's, the Dog's and the Clippers' events, those a node refused included");
  static auto& log_refusals = counter_family("coin_indexer_log_refusals_total",
                                             "eth_getLogs requests a node refused for their range or their size");
  static auto& urn_requests = counter_family(
      "coin_indexer_urn_requests_total",
      "Requests of the urns' reading: events, block times, CDPs, Vat.urns and the auctions' getStatus");
  static auto& urn_calls = counter_family("coin_indexer_urn_calls_total", "Calls those requests carried");
  static auto& urns_read = gauge_family("coin_indexer_urns", "Urns read in the chain's last round");
  static auto& auction_events = counter_family("coin_indexer_auction_events_total",
                                               "Liquidation events read: the Dog's Barks and the Clippers' events");
  static auto& running = gauge_family("coin_indexer_running_auctions",
                                      "Auctions running at the chain's last round (Clipper.getStatus read)");
  log_requests.Add({{"chain", chain}}).Increment(counts.log_requests);
  log_refusals.Add({{"chain", chain}}).Increment(counts.log_refusals);
  urn_requests.Add({{"chain", chain}}).Increment(static_cast<double>(counts.requests));
  urn_calls.Add({{"chain", chain}}).Increment(static_cast<double>(counts.calls));
  urns_read.Add({{"chain", chain}}).Set(static_cast<double>(urns));
  auction_events.Add({{"chain", chain}, {"kind", "bark"}}).Increment(static_cast<double>(counts.barks));
  auction_events.Add({{"chain", chain}, {"kind", "clipper"}}).Increment(static_cast<double>(counts.clip_events));
  running.Add({{"chain", chain}}).Set(static_cast<double>(counts.running));
}

// The chain's urns at the reading's block; none, with a line saying why, when the database or a
// node fails them: the snapshot is written all the same, and the next round reads them again.
// *database_down says the database did not answer: the snapshot is then kept at once, to be
// written late, rather than wait for a second connection timeout (a round must fit its grid).
std::optional<UrnsReading> read_chain_urns(const Chain& chain, ChainAccess& access, Database& database,
                                           const ChainReading& reading, const std::string& when, std::string* line,
                                           bool* database_down) {
  KnownUrns known;
  try {
    known = known_urns(database.connection(), chain.name);
  } catch (const std::exception& e) {
    database.reset();
    *database_down = true;
    log_error(chain.name + ": urns not read" + when + ": database: " + e.what());
    return std::nullopt;
  }
  if (!reading.clippers_error.empty()) {  // the urns' events and the auctions' are read together
    log_error(chain.name + ": urns not read" + when + ": " + reading.clippers_error);
    return std::nullopt;
  }
  try {
    UrnCounts counts;
    UrnsReading urns =
        read_urns(chain, access, known, reading.clippers, chain.pin_block ? reading.block : "", &counts);
    if (!counts.log_error.empty()) {
      log_error(chain.name + ": the Vat's events read up to block " + std::to_string(urns.last_block) + " only" + when +
                ", the rest next round: " + counts.log_error);
    }
    count_urns(chain.name, counts, urns.urns.size());
    *line = "; urns: " + std::to_string(urns.urns.size()) + " (" + std::to_string(counts.new_urns) + " new), " +
            std::to_string(counts.events) + " events in " + std::to_string(counts.log_requests) +
            " eth_getLogs requests (" + std::to_string(counts.log_refusals) + " refused), " +
            std::to_string(counts.requests) + " requests and " + std::to_string(counts.calls) +
            " calls for the urns in all";
    if (chain.protocol->dog) {
      *line += "; auctions: " + std::to_string(counts.barks) + " barks, " + std::to_string(counts.clip_events) +
               " clipper events, " + std::to_string(counts.running) + " running";
    }
    return urns;
  } catch (const ReadError& e) {
    log_error(chain.name + ": urns not read" + when + ": " + e.what());
    return std::nullopt;
  }
}

}  // namespace

pqxx::connection& Database::connection() {
  // A session the server ended while it sat idle between rounds (a restart, a failover) is
  // found ended before a write fails on it, and the write goes to the server of now.
  if (connection_ && connection_->is_open()) {
    try {
      connection_->get_notifs();
    } catch (const pqxx::broken_connection&) {
      connection_.reset();
    }
  }
  if (!connection_ || !connection_->is_open()) connection_ = std::make_unique<pqxx::connection>(conninfo_);
  return *connection_;
}

ChainOutcome index_chain(const Config& config, const Chain& chain, ChainAccess& access, Database& database,
                         std::int64_t taken_at, std::optional<std::int64_t> at, bool quiet, KeptRounds* kept,
                         int* vaults_skipped, const ChainReading* live) {
  const std::string when = " at " + utc_time(taken_at);
  ChainRound round{&chain, taken_at, {}};
  std::string sent;
  bool database_down = false;
  try {
    const long long requests_before = access.requests();
    const long long calls_before = access.calls();
    round.reading = read_chain(config, chain, access, at);
    sent = std::to_string(access.requests() - requests_before) + " requests to the nodes, " +
           std::to_string(access.calls() - calls_before) + " calls";
    // A backfill's snapshot leaves the urns out: their states are a live round's, per change; so
    // does one written with a live snapshot, which reads them at the chain's head.
    std::string urns;
    if (!at && live == nullptr) {
      round.reading.urns = read_chain_urns(chain, access, database, round.reading, when, &urns, &database_down);
    }
    sent += urns;
  } catch (const std::exception& e) {  // a node (ReadError)
    log_error(chain.name + ": skipped" + when + ": " + e.what());
    count_chain(chain.name, "read_failed", taken_at);
    return ChainOutcome::read_failed;
  }
  try {
    const std::string line = quiet ? "" : "written" + when + ", block " + round.reading.block + ", " + sent;
    if (database_down) throw std::runtime_error("it did not answer when the urns were asked for");
    if (!write_round(config, database, round, "written", line, live)) return ChainOutcome::present;
    *vaults_skipped += static_cast<int>(round.reading.skipped.size());
    return ChainOutcome::written;
  } catch (const std::exception& e) {  // the database: down, or refusing a value
    database.reset();
    count_chain(chain.name, "write_failed", taken_at);
    const std::string failure = chain.name + ": not written" + when + ": database: " + e.what();
    if (kept == nullptr || refused(e)) {
      log_error(failure);
      return ChainOutcome::write_failed;
    }
    log_error(failure + "; kept, written once the database takes writes");
    if (const std::optional<ChainRound> dropped = kept->keep(std::move(round))) {
      drop(chain.name, dropped->taken_at, "the most rounds kept per chain (" + std::to_string(kept->per_chain()) +
                                              ") were kept");
    }
    count_kept(*kept, chain.name);
    return ChainOutcome::write_failed;
  }
}

std::optional<ChainReading> index_live(const Config& config, const Chain& chain, ChainAccess& access,
                                       Database& database) {
  static auto& live = counter_family(
      "coin_indexer_live_snapshots_total",
      "Live snapshots of the chains that follow their head, by outcome: written, read_failed, write_failed");
  static auto& live_block = gauge_family("coin_indexer_live_block", "The block of the chain's newest live snapshot");
  static auto& live_requests = counter_family("coin_indexer_live_requests_total",
                                              "Requests to the chain's nodes of its live snapshots, the urns' included");
  static auto& live_calls = counter_family("coin_indexer_live_calls_total", "Calls those requests carried");
  const long long requests_before = access.requests();
  const long long calls_before = access.calls();
  const std::int64_t now = std::time(nullptr);
  const std::string when = " at " + utc_time(now) + " (live)";
  const auto count = [&](const char* outcome) {
    live.Add({{"chain", chain.name}, {"outcome", outcome}}).Increment();
    live_requests.Add({{"chain", chain.name}}).Increment(static_cast<double>(access.requests() - requests_before));
    live_calls.Add({{"chain", chain.name}}).Increment(static_cast<double>(access.calls() - calls_before));
  };
  ChainReading reading;
  bool database_down = false;
  try {
    reading = read_chain(config, chain, access);
    std::string urns;
    reading.urns = read_chain_urns(chain, access, database, reading, when, &urns, &database_down);
  } catch (const std::exception& e) {  // a node (ReadError)
    log_error(chain.name + ": live snapshot not read" + when + ": " + e.what());
    count("read_failed");
    return std::nullopt;
  }
  try {
    if (database_down) throw std::runtime_error("it did not answer when the urns were asked for");
    write_live(database.connection(), chain.name, now, reading, config.symbols);
  } catch (const std::exception& e) {
    database.reset();
    log_error(chain.name + ": live snapshot not written" + when + ": database: " + e.what());
    count("write_failed");
    return std::nullopt;
  }
  count("written");
  if (!reading.provenance.number.empty()) {
    live_block.Add({{"chain", chain.name}}).Set(std::stod(reading.provenance.number));
  }
  return reading;
}

RoundOutcome run_round(const Config& config, Database& database, std::int64_t taken_at, KeptRounds* kept,
                       bool following) {
  ChainAccess access(config);
  RoundOutcome outcome;
  for (const Chain& chain : config.chains) {
    if (!chain.protocol || (following && chain.follow != Follow::off)) continue;
    const ChainOutcome done =
        index_chain(config, chain, access, database, taken_at, std::nullopt, false, kept, &outcome.vaults_skipped);
    const bool read = done == ChainOutcome::written || done == ChainOutcome::present;
    ++(read ? outcome.written : outcome.skipped);
    if (read) correct_reorganised(config, chain, access, database);  // a node that answered
  }
  return outcome;
}

void write_kept(const Config& config, Database& database, KeptRounds& kept) {
  while (!kept.empty()) {
    const ChainRound& round = kept.oldest();
    const Chain& chain = *round.chain;
    const std::int64_t taken_at = round.taken_at;
    try {
      const std::int64_t late = std::time(nullptr) - taken_at;
      write_round(config, database, round, "written_late",
                  "written late at " + utc_time(taken_at) + " (its own taken_at), " + std::to_string(late) + " s after");
    } catch (const std::exception& e) {
      database.reset();
      if (!refused(e)) return;  // it takes no writes yet
      drop(chain.name, taken_at, "database: " + std::string(e.what()));
    }
    kept.drop_oldest();
    count_kept(kept, chain.name);
  }
}

}  // namespace coin::indexer
