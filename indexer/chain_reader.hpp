#pragma once
// Reads what a round needs of one protocol chain over JSON-RPC (eth_call), all at one block
// where the chain lets a call name one, and checks every answer: docs/indexer.md, "What each
// figure is read from", lists the calls. An allocator Vault's positions are read with it, from
// whichever chain they are on, so that they are written in the Vault's chain's transaction.
//
// The calls go in steps: first every call that needs no other answer (of the chain and of
// every Vault and position), then those that need the first ones' answers. Each step's calls on
// a chain are sent together: in Multicall3 aggregate3 calls where it is deployed, in JSON-RPC
// batches where the node takes them (the chain's "calls"), so a round of a chain is a few
// requests, not one per call.

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "indexer/block_finder.hpp"
#include "indexer/config.hpp"
#include "indexer/reading.hpp"
#include "indexer/rpc.hpp"

namespace coin::indexer {

// The nodes of every chain of the configuration, and what is known of their blocks' times:
// one per live round, or one for a whole backfill.
class ChainAccess {
 public:
  // `max_rps`: at most that many calls a second to each chain's nodes (0: no limit).
  ChainAccess(const Config& config, double max_rps = 0);
  Nodes& nodes(const std::string& chain) { return nodes_.at(chain); }
  BlockFinder& blocks(const std::string& chain) { return finders_.at(chain); }
  // Whether Multicall3 has code at `block` (a number) on `chain`; asked once per block the
  // answer does not follow from (its code, once there, stays).
  bool has_multicall(const std::string& chain, std::uint64_t block);
  // Requests sent to every chain's nodes so far, and the calls they carried.
  long long requests() const;
  long long calls() const;

 private:
  std::map<std::string, Nodes> nodes_;
  std::map<std::string, BlockFinder> finders_;
  struct MulticallSeen {
    std::optional<std::uint64_t> with;     // the oldest block seen with its code
    std::optional<std::uint64_t> without;  // the newest seen without
  };
  std::map<std::string, MulticallSeen> multicall_;
};

// Throws ReadError, naming the call, when a node fails or an answer is malformed or out of range.
// `chain` is one of config's protocol chains. Read at each chain's block of its "read_at"; with
// `at`, at the newest block at or before that time; with `block`, at that block of `chain` (and
// its positions' chains at that block's time). A chain read at "latest" can be neither:
// logic_error.
ChainReading read_chain(const Config& config, const Chain& chain, ChainAccess& access,
                        std::optional<std::int64_t> at = std::nullopt, std::optional<std::uint64_t> block = std::nullopt);

}  // namespace coin::indexer
