#include "indexer/backfill.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "indexer/grid.hpp"
#include "indexer/snapshot_writer.hpp"
#include "indexer/urn_reader.hpp"
#include "indexer/urn_writer.hpp"
#include "shared/log.hpp"

namespace coin::indexer {
namespace {

using Clock = std::chrono::steady_clock;
constexpr auto progress_every = std::chrono::seconds(5);

std::string duration_text(double seconds) {
  const long long whole = static_cast<long long>(seconds);
  if (whole < 120) return std::to_string(whole) + " s";
  if (whole < 7200) return std::to_string(whole / 60) + " min";
  return std::to_string(whole / 3600) + " h " + std::to_string(whole / 60 % 60) + " min";
}

// The chains a backfill reads: those of the protocol that pin their block.
std::vector<const Chain*> pinned_chains(const Config& config) {
  std::vector<const Chain*> chains;
  for (const Chain& chain : config.chains) {
    if (!chain.protocol) continue;
    if (chain.pin_block) {
      chains.push_back(&chain);
    } else {
      log_info(chain.name + ": read at latest only (pin_block false): no past to backfill");
    }
  }
  return chains;
}

// The plan's range in epoch seconds: its times, or its blocks' times on the first chain.
std::pair<std::int64_t, std::int64_t> time_range(const BackfillPlan& plan, const std::vector<const Chain*>& chains,
                                                 ChainAccess& access) {
  if (!plan.blocks) return {plan.from, plan.to};
  BlockFinder& blocks = access.blocks(chains.front()->name);
  return {blocks.time_of(static_cast<std::uint64_t>(plan.from)), blocks.time_of(static_cast<std::uint64_t>(plan.to))};
}

class Progress {
 public:
  explicit Progress(long long times) : times_(times) {}

  void step(const BackfillOutcome& outcome, long long requests, long long calls) {
    ++done_;
    const Clock::time_point now = Clock::now();
    if (now - shown_ < progress_every && done_ < times_) return;
    shown_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    log_info("backfill: " + std::to_string(done_) + " of " + std::to_string(times_) + " grid times, " +
             std::to_string(outcome.written) + " snapshots written, " + std::to_string(outcome.present) +
             " already there, " + std::to_string(outcome.failed) + " failed, " +
             std::to_string(outcome.vaults_left_out) + " Vaults left out; " + std::to_string(requests) + " requests, " +
             std::to_string(calls) + " calls (" +
             std::to_string(static_cast<long long>(static_cast<double>(calls) / std::max(seconds, 1e-3))) + "/s); " +
             (done_ < times_ ? "about " + duration_text(seconds / static_cast<double>(done_) * static_cast<double>(times_ - done_)) + " left"
                             : "done in " + duration_text(seconds)));
  }

 private:
  long long times_;
  long long done_ = 0;
  Clock::time_point start_ = Clock::now();
  Clock::time_point shown_ = Clock::now();
};

// The Vat's events below the chain's urn_log_range, read newest first in steps of this many
// blocks, each written as it is read (first_block lowered), down to the Vat's deployment.
constexpr std::uint64_t urn_event_step = 100000;

// Reads the chain's urn events older than its log range, down to the Vat's deployment. A round
// must have made the range first. Failures are logged and counted; run it again to go on.
void backfill_urn_events(const Chain& chain, ChainAccess& access, Database& database,
                         const std::function<bool()>& stopping, BackfillOutcome& outcome) {
  try {
    const KnownUrns known = known_urns(database.connection(), chain.name);
    if (!known.range) {
      log_info(chain.name + ": no urn events read yet: a round reads the newest first, then the backfill the older");
      return;
    }
    std::uint64_t first = known.range->first;
    if (first == 0) return;
    const std::uint64_t deployed = vat_deployment(chain, access, first - 1);
    if (deployed >= first) return;  // read from the Vat's first block on
    log_info(chain.name + ": the Vat's events of blocks " + std::to_string(deployed) + " to " +
             std::to_string(first - 1) + ", newest first");
    while (first > deployed) {
      const std::uint64_t to = first - 1;
      const std::uint64_t from = to + 1 - std::min(urn_event_step, to + 1 - deployed);
      UrnCounts counts;
      const UrnsReading urns = read_urn_events(chain, access, known, from, to, &counts);
      if (!urns.range) {
        log_error(chain.name + ": the Vat's events of blocks " + std::to_string(from) + " to " + std::to_string(to) +
                  " not read: " + counts.log_error);
        ++outcome.failed;
        return;
      }
      if (!write_older_urn_events(database.connection(), chain.name, urns)) {
        log_error(chain.name + ": the Vat's events of blocks " + std::to_string(from) + " to " + std::to_string(to) +
                  " not written: another backfill moved the range, or a Vault type has no row yet (a round writes it)");
        ++outcome.failed;
        return;
      }
      log_info(chain.name + ": the Vat's events of blocks " + std::to_string(from) + " to " + std::to_string(to) +
               ": " + std::to_string(urns.events.size()) + " in " + std::to_string(counts.log_requests) +
               " eth_getLogs requests (" + std::to_string(counts.log_refusals) + " refused)" +
               (chain.protocol->dog ? ", with " + std::to_string(counts.barks) + " barks and " +
                                          std::to_string(counts.clip_events) + " clipper events"
                                    : ""));
      first = from;
      if (first > deployed && stopping()) return;
    }
  } catch (const ReadError& e) {
    log_error(chain.name + ": the Vat's older events: " + e.what());
    ++outcome.failed;
  } catch (const std::exception& e) {
    log_error(chain.name + ": the Vat's older events: database: " + e.what());
    database.reset();
    ++outcome.failed;
  }
}

// The grid's snapshots, newest first; false when `stopping` stopped it.
bool backfill_grid(const Config& config, Database& database, const BackfillPlan& plan,
                   const std::vector<const Chain*>& chains, ChainAccess& access, std::int64_t oldest,
                   std::int64_t newest, const std::function<bool()>& stopping, BackfillOutcome& outcome) {
  log_info("backfill: " + utc_time(oldest) + " to " + utc_time(newest) + " every " + std::to_string(plan.every) +
           " s, newest first, on " + std::to_string(chains.size()) + " chains");
  Progress progress((newest - oldest) / plan.every + 1);
  for (std::int64_t at = newest; at >= oldest; at -= plan.every) {
    for (const Chain* chain : chains) {
      try {
        if (snapshot_written(database.connection(), chain->name, at)) {
          ++outcome.present;
          continue;
        }
      } catch (const std::exception& e) {
        log_error(chain->name + ": not written at " + utc_time(at) + ": database: " + e.what());
        database.reset();
        ++outcome.failed;
        continue;
      }
      int vaults_skipped = 0;
      const ChainOutcome done = index_chain(config, *chain, access, database, at, at, true, nullptr, &vaults_skipped);
      outcome.vaults_left_out += vaults_skipped;
      switch (done) {
        case ChainOutcome::written: ++outcome.written; break;
        case ChainOutcome::present: ++outcome.present; break;
        case ChainOutcome::read_failed:
        case ChainOutcome::write_failed: ++outcome.failed; break;
      }
    }
    progress.step(outcome, access.requests(), access.calls());
    if (at - plan.every >= oldest && stopping()) {
      log_info("backfill: stopped before " + utc_time(at - plan.every) + "; run it again to go on");
      return false;
    }
  }
  return true;
}

}  // namespace

BackfillOutcome run_backfill(const Config& config, Database& database, const BackfillPlan& plan,
                             const std::function<bool()>& stopping) {
  BackfillOutcome outcome;
  const std::vector<const Chain*> chains = pinned_chains(config);
  if (chains.empty()) return outcome;
  ChainAccess access(config, plan.max_rps);
  std::int64_t from = 0;
  std::int64_t to = 0;
  try {
    std::tie(from, to) = time_range(plan, chains, access);
  } catch (const ReadError& e) {
    log_error("backfill: the range's blocks: " + std::string(e.what()));
    ++outcome.failed;
    return outcome;
  }
  const auto [oldest, newest] = grid_bounds(from, to, plan.every);
  if (newest >= oldest && !backfill_grid(config, database, plan, chains, access, oldest, newest, stopping, outcome)) {
    return outcome;  // stopped
  }
  for (const Chain* chain : chains) backfill_urn_events(*chain, access, database, stopping, outcome);
  return outcome;
}

}  // namespace coin::indexer
