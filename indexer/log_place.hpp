#pragma once
// Where a log sits on the chain, and the pieces of a log every decoder reads: its topics and
// data as ABI words, checked (a malformed one throws AbiError, naming it).

#include <cstdint>
#include <string>
#include <vector>

#include <json/value.h>

#include "indexer/abi.hpp"
#include "indexer/reading.hpp"

namespace coin::indexer {

// The log's block, block hash, index and transaction (hashes in lower case, as the tables keep
// them), and its block's time where the node gives it (blockTimestamp; empty otherwise).
LogPlace log_place_of(const Json::Value& log);

// The log's first topic ("" when it has none), and its topics after it as words.
std::string topic0_of(const Json::Value& log);
std::vector<Word> topic_words(const Json::Value& log);

// The log's data as `expected` words.
std::vector<Word> data_words(const Json::Value& log, std::size_t expected);

// The log's emitter, lower-case "0x" hex ("" when it has none).
std::string emitter_of(const Json::Value& log);

// An address word in the chain's form: Base58 on tron.
std::string address_shown(const Word& word, bool tron);

}  // namespace coin::indexer
