#pragma once
// One round of the indexer: every protocol chain read at one block and written as one
// snapshot, all at the round's taken_at. A chain that cannot be read or written is skipped this
// round with one line on stderr; the others are written all the same. A chain read but not
// written, the database not taking it, is kept and written late (kept_rounds.hpp). Within a
// chain, a Vault that cannot be read (it, or one of its positions) is left out with a line of
// its own.

#include <cstdint>
#include <memory>
#include <optional>
#include <pqxx/connection>
#include <string>

#include "indexer/chain_reader.hpp"
#include "indexer/config.hpp"
#include "indexer/kept_rounds.hpp"

namespace coin::indexer {

struct RoundOutcome {
  int written = 0;  // chains written, or already written by another indexer
  int skipped = 0;  // chains left for the next round, or kept to be written late
  int vaults_skipped = 0;  // Vaults left out of a written chain (one of their reads failed)
};

// The database a round writes to: one connection, opened when first needed and again after a
// failure. `conninfo`: a libpq connection string ("" for libpq's PG* variables).
class Database {
 public:
  explicit Database(std::string conninfo) : conninfo_(std::move(conninfo)) {}
  pqxx::connection& connection();
  void reset() { connection_.reset(); }

 private:
  std::string conninfo_;
  std::unique_ptr<pqxx::connection> connection_;
};

enum class ChainOutcome { written, present, read_failed, write_failed };

// Reads `chain` (at its newest block, or at `at`'s) and writes it as its snapshot at
// `taken_at`, counting and logging the outcome; `quiet` leaves out the line of a chain written.
// A reading the database did not take goes to `kept`, to be written late (none: it is lost),
// unless the database refused its values, which it would refuse again. Never throws.
// *vaults_skipped counts the Vaults left out. With `live` (a chain that follows its head), the
// urns are left to the live snapshots, which read them at the head, and `live` is written after
// the snapshot, in its transaction, as the chain's live snapshot (write_live).
ChainOutcome index_chain(const Config& config, const Chain& chain, ChainAccess& access, Database& database,
                         std::int64_t taken_at, std::optional<std::int64_t> at, bool quiet, KeptRounds* kept,
                         int* vaults_skipped, const ChainReading* live = nullptr);

// Reads `chain` at its newest block ("follow": the block its read_at names) and writes it as its
// live snapshot (write_live), the urns with it; counts the outcome and logs a failure. Returns
// the reading written; none when a node or the database failed it (the next block is read
// afresh: nothing is kept). Never throws.
std::optional<ChainReading> index_live(const Config& config, const Chain& chain, ChainAccess& access,
                                       Database& database);

// `kept` as index_chain's. `following`: the chains that follow their head are left to their
// followers (head_follower.hpp). Never throws.
RoundOutcome run_round(const Config& config, Database& database, std::int64_t taken_at, KeptRounds* kept,
                       bool following = false);

// Writes the rounds `kept` holds, oldest first, each at its own taken_at, until the database
// fails one: that one and those after it stay kept, for the next call. A round another indexer
// wrote meanwhile is done; one whose values the database refuses is dropped, with a line naming
// it. Never throws.
void write_kept(const Config& config, Database& database, KeptRounds& kept);

}  // namespace coin::indexer
