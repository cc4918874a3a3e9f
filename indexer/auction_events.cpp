#include "indexer/auction_events.hpp"

#include "indexer/abi.hpp"
#include "indexer/base58.hpp"
#include "indexer/log_place.hpp"
#include "indexer/selector.hpp"

namespace coin::indexer {

namespace {

std::string topic_of(std::string_view signature) { return word_hex(keccak256(signature)); }

const std::string kick = topic_of("Kick(uint256,uint256,uint256,uint256,address,address,uint256)");
const std::string take = topic_of("Take(uint256,uint256,uint256,uint256,uint256,uint256,address)");
const std::string redo = topic_of("Redo(uint256,uint256,uint256,uint256,address,address,uint256)");
const std::string yank = topic_of("Yank(uint256)");

// The indexed topics after the first, as many as the event has.
std::vector<Word> topics(const Json::Value& log, std::size_t expected, const char* event) {
  std::vector<Word> words = topic_words(log);
  if (words.size() != expected) {
    throw AbiError(std::string("a ") + event + " with " + std::to_string(words.size()) + " indexed topics, not " +
                   std::to_string(expected));
  }
  return words;
}

}  // namespace

const std::string& bark_topic() {
  static const std::string topic = topic_of("Bark(bytes32,address,uint256,uint256,uint256,address,uint256)");
  return topic;
}

const std::vector<std::string>& clipper_event_topics() {
  static const std::vector<std::string> all{kick, take, redo, yank};
  return all;
}

std::optional<Bark> bark_of(const Json::Value& log, bool tron) {
  if (topic0_of(log) != bark_topic()) return std::nullopt;
  const std::vector<Word> indexed = topics(log, 3, "Bark");  // ilk, urn, id
  const std::vector<Word> data = data_words(log, 4);         // ink, art, due, clip
  Bark bark;
  static_cast<LogPlace&>(bark) = log_place_of(log);
  bark.ilk = word_to_ilk(indexed[0]);
  bark.urn = address_shown(indexed[1], tron);
  bark.sale_id = word_to_decimal(indexed[2]);
  bark.ink = word_to_decimal(data[0]);
  bark.art = word_to_decimal(data[1]);
  bark.due = word_to_decimal(data[2]);
  bark.clipper = address_shown(data[3], tron);
  return bark;
}

std::optional<ClipEvent> clip_event_of(const Json::Value& log, bool tron) {
  const std::string topic0 = topic0_of(log);
  ClipEvent event;
  if (topic0 == kick || topic0 == redo) {
    const std::vector<Word> indexed = topics(log, 3, "Kick or Redo");  // id, usr, kpr
    const std::vector<Word> data = data_words(log, 4);                 // top, tab, lot, coin
    event.kind = topic0 == kick ? "kick" : "redo";
    event.sale_id = word_to_decimal(indexed[0]);
    event.keeper = address_shown(indexed[2], tron);
    event.price = word_to_decimal(data[0]);
    event.tab = word_to_decimal(data[1]);
    event.lot = word_to_decimal(data[2]);
    event.incentive = word_to_decimal(data[3]);
  } else if (topic0 == take) {
    const std::vector<Word> indexed = topics(log, 2, "Take");  // id, usr
    const std::vector<Word> data = data_words(log, 5);         // max, price, owe, tab, lot
    event.kind = "take";
    event.sale_id = word_to_decimal(indexed[0]);
    event.max_price = word_to_decimal(data[0]);
    event.price = word_to_decimal(data[1]);
    event.owe = word_to_decimal(data[2]);
    event.tab = word_to_decimal(data[3]);
    event.lot = word_to_decimal(data[4]);
  } else if (topic0 == yank) {
    topics(log, 0, "Yank");
    event.kind = "yank";
    event.sale_id = word_to_decimal(data_words(log, 1)[0]);
  } else {
    return std::nullopt;
  }
  static_cast<LogPlace&>(event) = log_place_of(log);
  const std::string emitter = emitter_of(log);
  try {
    event.clipper = address_shown(address_word(emitter), tron);
  } catch (const AbiError&) {
    throw AbiError("a Clipper's log whose address is not one: " + emitter);
  }
  return event;
}

bool ends_auction(const ClipEvent& event) {
  return event.kind == "yank" || (event.kind == "take" && (event.lot == "0" || event.tab == "0"));
}

}  // namespace coin::indexer
