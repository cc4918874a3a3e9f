#pragma once
// Reads what a round needs of one protocol chain over JSON-RPC (eth_call), all at one block
// where the chain lets a call name one, and checks every answer: README, "What each figure is
// read from", lists the calls. An allocator Vault's positions are read with it, from whichever
// chain they are on, so that they are written in the Vault's chain's transaction.

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
  // `max_rps`: at most that many requests a second to each chain's nodes (0: no limit).
  ChainAccess(const Config& config, double max_rps = 0);
  Nodes& nodes(const std::string& chain) { return nodes_.at(chain); }
  BlockFinder& blocks(const std::string& chain) { return finders_.at(chain); }
  // Requests sent to every chain's nodes so far.
  long long requests() const;

 private:
  std::map<std::string, Nodes> nodes_;
  std::map<std::string, BlockFinder> finders_;
};

// Throws ReadError, naming the call, when a node fails or an answer is malformed or out of range.
// `chain` is one of config's protocol chains. Read at each chain's newest block, or with `at`
// at the newest block at or before that time (a chain read at "latest" cannot be: logic_error).
ChainReading read_chain(const Config& config, const Chain& chain, ChainAccess& access,
                        std::optional<std::int64_t> at = std::nullopt);

}  // namespace coin::indexer
