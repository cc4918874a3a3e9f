#pragma once
// The newest block at or before a time on one chain, by search on block times
// (eth_getBlockByNumber), which never go back. It keeps every block time it has read, so that
// searches for nearby times (a backfill's grid, newest first) start from what it knows and
// gallop from there: a few calls each, not a search of the whole chain.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "indexer/rpc.hpp"

namespace coin::indexer {

struct BlockHeader {
  std::int64_t time = 0;  // seconds since the epoch
  std::string hash;       // "0x" and 64 lowercase hex digits
};

class BlockFinder {
 public:
  BlockFinder(std::string chain, Nodes& nodes) : chain_(std::move(chain)), nodes_(nodes) {}

  // A block's time and hash. Throws ReadError.
  const BlockHeader& header(std::uint64_t block);
  // Fetches the headers of `blocks` not yet known, in one batch. Throws ReadError.
  void fetch(const std::vector<std::uint64_t>& blocks);
  // The number of the node's newest block (eth_blockNumber). Throws ReadError.
  std::uint64_t head();
  // The number of the block the node calls `tag` ("finalized", "safe"), its header kept; none
  // when the node names no such block (an error answer, or null). Throws NodeError.
  std::optional<std::uint64_t> tagged(const std::string& tag);
  std::int64_t time_of(std::uint64_t block) { return header(block).time; }

  // The newest block at or below `newest` whose time is at or before `time`. Throws ReadError,
  // "no block on <chain> is that old", when block 0 is younger.
  std::uint64_t block_at(std::int64_t time, std::uint64_t newest);

 private:
  std::string chain_;
  Nodes& nodes_;
  std::map<std::uint64_t, BlockHeader> headers_;  // by block; so by time too
};

// A block header as eth_getBlockByNumber answers it: its number, time and hash. Throws
// ReadError, naming `what`.
std::pair<std::uint64_t, BlockHeader> parse_header(const Json::Value& header, const std::string& what);

// A block number as a JSON-RPC quantity: "0x1b4".
std::string quantity(std::uint64_t number);

}  // namespace coin::indexer
