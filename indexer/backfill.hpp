#pragma once
// A backfill (docs/indexer.md, Backfilling history): the snapshot tables filled at every time of
// a grid in the past, each chain read at the newest block at or before that time (an archive node
// answers eth_call there) and written exactly as a live round writes it, with that time as
// taken_at. Newest time first, so that the rollups (derived.*) redo one step of the grid per row.
// A (chain, time) already written, by a live indexer, an earlier backfill or one running beside
// it, is skipped before anything is read: a backfill is idempotent, and a killed one goes on
// where it stopped when run again. Then each chain's Vat events older than its urn_log_range
// are read, newest first, down to the Vat's deployment (urn_event, first_block lowered as each
// step of 100,000 blocks is written).

#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "indexer/config.hpp"
#include "indexer/round.hpp"

namespace coin::indexer {

struct BackfillPlan {
  std::int64_t from = 0;     // the oldest time, epoch seconds (included); or a block number
  std::int64_t to = 0;       // the newest (included)
  bool blocks = false;       // from and to are block numbers of the file's first chain that pins
                             // its block, whose times give the range
  std::int64_t every = 3600;  // the grid: the multiples of `every` seconds since the epoch
  double max_rps = 0;        // calls a second to each chain's nodes at most (0: no limit)
};

struct BackfillOutcome {
  long long written = 0;  // (chain, time)s written
  long long present = 0;  // already there
  long long failed = 0;   // not read or not written: run the backfill again
  long long vaults_left_out = 0;  // Vaults left out of a written snapshot (their reads failed)
};

// Runs the plan on every chain that pins its block (a chain read at "latest", TRON, has no
// past to read: said once, and left out). Logs progress every few seconds: the grid times done,
// rows, calls a second, the time left. Stops between two grid times once `stopping` says so.
// A Vault left out of a snapshot (as in a live round) stays out of that time: the answers show
// its state before. Never throws.
BackfillOutcome run_backfill(const Config& config, Database& database, const BackfillPlan& plan,
                             const std::function<bool()>& stopping);

}  // namespace coin::indexer
