#pragma once
// Reads what a round needs of one protocol chain over JSON-RPC (eth_call), all at one block
// where the chain lets a call name one, and checks every answer: docs/indexer.md, "What each
// figure is read from", lists the calls. An allocator Vault's positions are read with it, from
// whichever chain they are on, so that they are written in the Vault's chain's transaction.
//
// The read plan: which calls a round makes, and what their answers become. The calls go in
// steps: first every call that needs no other answer (of the chain and of every Vault and
// position), then those that need the first ones' answers. Each step's calls are sent together
// (Calls::send), so a round of a chain is a few requests, not one per call.

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "indexer/batched_calls.hpp"
#include "indexer/config.hpp"
#include "indexer/reading.hpp"

namespace coin::indexer {

// Throws ReadError, naming the call, when a node fails or an answer is malformed or out of range.
// `chain` is one of config's protocol chains. Read at each chain's block of its "read_at"; with
// `at`, at the newest block at or before that time; each chain `blocks` names at that block
// (with `chain`'s, its positions' other chains at that block's time). A chain read at
// "latest" can be neither: logic_error.
ChainReading read_chain(const Config& config, const Chain& chain, ChainAccess& access,
                        std::optional<std::int64_t> at = std::nullopt,
                        const std::map<std::string, std::uint64_t>& blocks = {});

}  // namespace coin::indexer
