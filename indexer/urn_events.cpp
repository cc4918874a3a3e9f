#include "indexer/urn_events.hpp"

#include <cstdio>

#include "indexer/abi.hpp"
#include "indexer/log_place.hpp"
#include "indexer/selector.hpp"

namespace coin::indexer {

namespace {

struct Kind {
  const char* name;
  std::uint32_t selector;
  int dink_argument;  // which argument of the call dink is (dart is the next one)
};

const Kind kinds[] = {
    {"frob", selector_of("frob(bytes32,address,address,address,int256,int256)"), 4},
    {"fork", selector_of("fork(bytes32,address,address,int256,int256)"), 3},
    {"grab", selector_of("grab(bytes32,address,address,address,int256,int256)"), 4},
};

// The LogNote's data: offset (1 word), length (1 word), then the call data from its selector.
constexpr std::size_t call_data_at = 2 + 2 * 64;   // in hex digits, past "0x"

std::string topic_of(std::uint32_t selector) {
  char hex[9];
  std::snprintf(hex, sizeof hex, "%08x", selector);
  return "0x" + std::string(hex) + std::string(56, '0');
}

Word word_of(const std::string& hex, const std::string& what) {
  try {
    return split_words(hex, 1)[0];
  } catch (const AbiError& e) {
    throw AbiError(what + ": " + e.what());
  }
}

std::string negated(const std::string& decimal) {
  if (decimal == "0") return decimal;
  return decimal[0] == '-' ? decimal.substr(1) : "-" + decimal;
}

}  // namespace

const std::vector<std::string>& urn_event_topics() {
  static const std::vector<std::string> topics = [] {
    std::vector<std::string> all;
    for (const Kind& kind : kinds) all.push_back(topic_of(kind.selector));
    return all;
  }();
  return topics;
}

std::vector<UrnEvent> urn_events_of(const Json::Value& log, bool tron) {
  if (!log.isObject() || !log["topics"].isArray() || log["topics"].size() != 4) return {};
  const std::string topic0 = topic0_of(log);
  const Kind* kind = nullptr;
  for (const Kind& known : kinds) {
    if (topic0 == topic_of(known.selector)) kind = &known;
  }
  if (kind == nullptr) return {};
  const std::vector<Word> topics = topic_words(log);
  if (!log["data"].isString()) throw AbiError("a log without data");
  const std::string data = log["data"].asString();
  // The call data's arguments: the word at byte 4 + 32 k of it.
  const auto argument = [&](std::size_t k) {
    const std::size_t at = call_data_at + 2 * (4 + 32 * k);
    if (data.size() < at + 64) throw AbiError("a LogNote's data too short for its call: " + data);
    return word_of("0x" + data.substr(at, 64), "a LogNote's call data");
  };
  if (data.size() < call_data_at + 8 || data.compare(call_data_at, 8, topic0.substr(2, 8)) != 0) {
    throw AbiError("a LogNote whose call data is not its selector's: " + data);
  }

  UrnEvent event;
  static_cast<LogPlace&>(event) = log_place_of(log);
  event.ilk = word_to_ilk(topics[0]);
  event.kind = kind->name;
  event.dink = word_to_signed_decimal(argument(static_cast<std::size_t>(kind->dink_argument)));
  event.dart = word_to_signed_decimal(argument(static_cast<std::size_t>(kind->dink_argument) + 1));
  event.urn = address_shown(topics[1], tron);
  if (std::string(kind->name) != "fork") return {event};
  UrnEvent destination = event;
  destination.urn = address_shown(topics[2], tron);
  if (destination.urn == event.urn) return {};  // a fork of an urn to itself moves nothing
  event.dink = negated(event.dink);
  event.dart = negated(event.dart);
  return {event, destination};
}

}  // namespace coin::indexer
