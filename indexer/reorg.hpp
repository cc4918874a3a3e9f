#pragma once
// A reorganisation undoes blocks near a chain's head. After each live round that read a chain,
// its newest snapshots (64 at most) whose blocks are above its finalized block, or 128 blocks
// below its head where the node names no finalized block, are checked: where the hash recorded
// is no longer the hash of the block at that number, the snapshot is read again at that number
// and written over the old one, and the rollups and answers follow. The blocks of the chain's
// newest urn and auction events above that block are checked in the same batch: where one was
// replaced, the events from there on are deleted and the log range set back, and the next round
// reads them again (a chain read at "latest" has only these to check). The finalized block the
// check reads is recorded as the chain's (snapshot_writer.hpp's write_finalized).

#include "indexer/chain_reader.hpp"
#include "indexer/config.hpp"
#include "indexer/round.hpp"

namespace coin::indexer {

// Checks and corrects `chain`'s snapshots and urn and auction events, logging and counting each
// one read again. Never throws: a check that fails is logged and made again next round.
void correct_reorganised(const Config& config, const Chain& chain, ChainAccess& access, Database& database);

}  // namespace coin::indexer
