#pragma once
// Reads what a round needs of one protocol chain over JSON-RPC (eth_call), all at one block
// where the chain lets a call name one, and checks every answer: README, "What each figure is
// read from", lists the calls. An allocator Vault's positions are read with it, from whichever
// chain they are on, so that they are written in the Vault's chain's transaction.

#include <map>
#include <string>

#include "indexer/config.hpp"
#include "indexer/reading.hpp"
#include "indexer/rpc.hpp"

namespace coin::indexer {

// The round's nodes of every chain of the configuration, by chain name.
using NodesByChain = std::map<std::string, Nodes>;

// Throws ReadError, naming the call, when a node fails or an answer is malformed or out of range.
// `chain` is one of config's protocol chains.
ChainReading read_chain(const Config& config, const Chain& chain, NodesByChain& nodes);

}  // namespace coin::indexer
