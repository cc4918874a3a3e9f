#pragma once
// One round of the indexer: every protocol chain read at one block and written as one
// snapshot, all at the round's taken_at. A chain that cannot be read or written is skipped this
// round with one line on stderr; the others are written all the same. Within a chain, a Vault
// that cannot be read (it, or one of its positions) is left out with a line of its own.

#include <cstdint>
#include <memory>
#include <optional>
#include <pqxx/connection>
#include <string>

#include "indexer/chain_reader.hpp"
#include "indexer/config.hpp"

namespace coin::indexer {

struct RoundOutcome {
  int written = 0;  // chains written, or already written by another indexer
  int skipped = 0;  // chains left for the next round
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
// Never throws. *vaults_skipped counts the Vaults left out.
ChainOutcome index_chain(const Config& config, const Chain& chain, ChainAccess& access, Database& database,
                         std::int64_t taken_at, std::optional<std::int64_t> at, bool quiet, int* vaults_skipped);

// Never throws.
RoundOutcome run_round(const Config& config, Database& database, std::int64_t taken_at);

}  // namespace coin::indexer
