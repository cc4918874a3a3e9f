#pragma once
// The Vat's events that move urns. dss's Vat logs each frob, fork and grab with its own `note`
// modifier (src/vat.sol before dss 1.2.x's housekeeping, lines 72-89, which the deployed Vats
// run): an anonymous LogNote whose topics are the selector left-aligned in 32 bytes, then the
// first three argument words of the call (calldataload(4), (36), (68)), and whose data is one
// ABI-encoded `bytes` of 224 bytes: the call data from its selector on, padded with zeros.
// So the ilk and the urns are in the topics, and dink and dart (int256, two's complement) in the
// call data:
//   frob(bytes32 i, address u, address v, address w, int256 dink, int256 dart)  u moves
//   fork(bytes32 ilk, address src, address dst, int256 dink, int256 dart)        src gives, dst takes
//   grab(bytes32 i, address u, address v, address w, int256 dink, int256 dart)   u moves

#include <cstdint>
#include <string>
#include <vector>

#include <json/value.h>

#include "indexer/reading.hpp"

namespace coin::indexer {

// The LogNote first topics of frob, fork and grab: "0x76088703" and 56 zeros ...
const std::vector<std::string>& urn_event_topics();

// The urns a log moved: one for a frob or a grab, two for a fork (its source's amounts negated,
// then its destination's; none for a fork of an urn to itself); none for a log of another event. `tron`: urns in Base58. Block time
// is left empty (logs do not carry it on every node). Throws AbiError naming what is malformed.
std::vector<UrnEvent> urn_events_of(const Json::Value& log, bool tron);

}  // namespace coin::indexer
