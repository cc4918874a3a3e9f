#pragma once
// One round of the indexer: every protocol chain read at one block and written as one
// snapshot, all at the round's taken_at. A chain that cannot be read or written is skipped this
// round with one line on stderr; the others are written all the same. Within a chain, a Vault
// that cannot be read (it, or one of its positions) is left out with a line of its own.

#include <cstdint>
#include <string>

#include "indexer/config.hpp"

namespace coin::indexer {

struct RoundOutcome {
  int written = 0;  // chains written, or already written by another indexer
  int skipped = 0;  // chains left for the next round
  int vaults_skipped = 0;  // Vaults left out of a written chain (one of their reads failed)
};

// `database`: a libpq connection string ("" for libpq's PG* variables). Never throws.
RoundOutcome run_round(const Config& config, const std::string& database, std::int64_t taken_at);

}  // namespace coin::indexer
