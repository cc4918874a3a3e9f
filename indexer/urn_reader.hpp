#pragma once
// Every urn of the chain's Vault types, read each round at the snapshot's block: the Vat's
// events since the last block read (eth_getLogs in windows) name the urns new and old, the
// database names those already known, dss-cdp-manager (where configured) the CDPs opened, and
// each urn's ink and art are one Vat.urns call, batched with the others (Multicall3, JSON-RPC
// batches): ceil(N / 100) requests for N urns, not N.

#include <cstdint>
#include <optional>
#include <pqxx/connection>
#include <string>
#include <vector>

#include "indexer/batched_calls.hpp"
#include "indexer/config.hpp"
#include "indexer/reading.hpp"

namespace coin::indexer {

// A first run reads the Vat's events from its deployment when that is at most this many blocks
// below the round's block (a few weeks on most chains); further, it starts at the round's
// block and leaves the older blocks to a backfill.
inline constexpr std::uint64_t first_run_blocks = 200000;

// What the database knows of a chain's urns: each one (its ilk, address, CDP and owner; no
// state), the Clippers of its auctions and those running, and the blocks whose events it holds.
struct KnownUrns {
  std::vector<UrnReading> urns;
  std::vector<Address> clippers;
  std::vector<std::pair<std::string, std::string>> running;  // (Clipper as the chain writes it, id)
  std::optional<std::pair<std::uint64_t, std::uint64_t>> range;  // urn_log_range: first, last
};
KnownUrns known_urns(pqxx::connection& connection, const std::string& chain);

// What reading the urns took, for the round's line and the benchmark.
struct UrnCounts {
  int log_requests = 0, log_refusals = 0;
  long long requests = 0, calls = 0;  // every request of the urns' reading, and the calls they carried
  std::size_t events = 0, new_urns = 0;
  std::size_t barks = 0, clip_events = 0, running = 0;  // the liquidations' events, the auctions running
  std::string log_error;  // why the events were not read to the round's block; empty when they were
};

// The chain's urns at `block` (a number; empty on a chain read at "latest"): the events of the
// blocks after `known.range` up to it, then the state of every urn known or found, and its CDP;
// with them, where the file names a Dog, its Barks and the events of the Clippers known and of
// `clippers` (Dog.ilks'), and each running auction's Clipper.getStatus.
// A log reading that stops short (a node's refusal of one block) is in counts->log_error, and
// the range read so far is kept. Throws ReadError when a node fails otherwise.
UrnsReading read_urns(const Chain& chain, ChainAccess& access, const KnownUrns& known,
                      const std::vector<Address>& clippers, const std::string& block, UrnCounts* counts);

// The state at `block` of the urns known and of the auctions the tables hold running, without
// events: a snapshot read again after a reorganisation (a pinned chain). Throws ReadError.
UrnsReading read_urn_states(const Chain& chain, ChainAccess& access, const KnownUrns& known, std::uint64_t block);

// The block the Vat was deployed in: the file's vat_block, or the first block at or below
// `below` where it has code (bisection on eth_getCode, which needs a node that keeps old
// blocks' state), below + 1 when it has none there. Throws ReadError.
std::uint64_t vat_deployment(const Chain& chain, ChainAccess& access, std::uint64_t below);

// The events of blocks [from, to], as read_urns reads them (UrnsReading's urns: those they
// moved, their state 0 until a round reads it; the Clippers asked for: those `known` holds, the
// file's and those the Barks read name), for a backfill; `range` says whether every block was
// read. Throws ReadError when the node fails.
UrnsReading read_urn_events(const Chain& chain, ChainAccess& access, const KnownUrns& known, std::uint64_t from,
                            std::uint64_t to, UrnCounts* counts);

}  // namespace coin::indexer
