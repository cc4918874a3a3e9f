#pragma once
// The liquidations' events (dss's src/dog.sol and src/clip.sol): ordinary events, whose first
// topic is the keccak-256 of their signature, their indexed arguments the next topics, the rest
// ABI-encoded words in the data.
//   Dog:     Bark(bytes32 indexed ilk, address indexed urn, uint256 ink, uint256 art, uint256 due,
//                 address clip, uint256 indexed id)        emitted after the Clipper's Kick
//   Clipper: Kick(uint256 indexed id, uint256 top, uint256 tab, uint256 lot, address indexed usr,
//                 address indexed kpr, uint256 coin)
//            Take(uint256 indexed id, uint256 max, uint256 price, uint256 owe, uint256 tab,
//                 uint256 lot, address indexed usr)        tab and lot after the take
//            Redo(...) as Kick
//            Yank(uint256 id)                              the id in the data

#include <optional>
#include <string>
#include <vector>

#include <json/value.h>

#include "indexer/reading.hpp"

namespace coin::indexer {

// The first topics of the Dog's Bark, and of the Clipper's Kick, Take, Redo and Yank.
const std::string& bark_topic();
const std::vector<std::string>& clipper_event_topics();

// A Dog's log as a Bark; none for a log of another event. `tron`: addresses in Base58. Throws
// AbiError naming what is malformed.
std::optional<Bark> bark_of(const Json::Value& log, bool tron);

// A Clipper's log as its event, the Clipper being the log's address; none for a log of another
// event. Throws AbiError naming what is malformed.
std::optional<ClipEvent> clip_event_of(const Json::Value& log, bool tron);

// Whether the event ends its auction: a Yank, or a Take that left no lot or no tab.
bool ends_auction(const ClipEvent& event);

}  // namespace coin::indexer
