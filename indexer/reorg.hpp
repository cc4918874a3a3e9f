#pragma once
// A reorganisation undoes blocks near a chain's head. After each live round that read a chain,
// its newest snapshots (64 at most) whose blocks are above its finalized block, or 128 blocks
// below its head where the node names no finalized block, are checked: where the hash recorded
// is no longer the hash of the block at that number, the snapshot is read again at that number
// and written over the old one, and the rollups and answers follow.

#include "indexer/chain_reader.hpp"
#include "indexer/config.hpp"
#include "indexer/round.hpp"

namespace coin::indexer {

// Checks and corrects `chain`'s snapshots (a chain read at "latest" has no block to check),
// logging and counting each one read again. Never throws: a check that fails is logged and made
// again next round.
void correct_reorganised(const Config& config, const Chain& chain, ChainAccess& access, Database& database);

}  // namespace coin::indexer
