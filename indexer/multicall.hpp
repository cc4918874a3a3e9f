#pragma once
// Multicall3's aggregate3: many eth_calls in one, each allowed to fail alone. Multicall3 sits at
// one address on most EVM chains (deployed by a presigned transaction, so the same everywhere);
// the indexer uses it where that address has code. Encoded and decoded here, checked like every
// other answer (abi.hpp): a malformed result throws AbiError.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace coin::indexer {

inline constexpr const char* multicall3_address = "0xca11bde05977b3631167028862be2a173976ca11";

struct Call3 {
  std::string target;  // "0x" and 40 hex digits
  std::string data;    // call data: "0x" and hex, whole bytes
};

struct Call3Result {
  bool success = false;
  std::string data;  // what the call returned (or its revert data): "0x" and hex
};

// The call data of aggregate3(calls), every call with allowFailure set.
std::string aggregate3_data(const std::vector<Call3>& calls);

// aggregate3's result, one entry per call: refuses a result that is not `expected` entries of
// well-formed (bool, bytes) tuples.
std::vector<Call3Result> aggregate3_results(std::string_view result, std::size_t expected);

}  // namespace coin::indexer
