#include "indexer/log_place.hpp"

#include <algorithm>
#include <cctype>

#include "indexer/base58.hpp"

namespace coin::indexer {

namespace {

std::string text_of(const Json::Value& log, const char* key) {
  if (!log[key].isString()) throw AbiError(std::string("a log without ") + key);
  return log[key].asString();
}

std::string hash_of(const Json::Value& log, const char* key) {
  const std::string hash = text_of(log, key);
  try {
    return word_hex(split_words(hash, 1)[0]);
  } catch (const AbiError&) {
    throw AbiError(std::string("a log's ") + key + " is not a hash: " + hash);
  }
}

std::uint64_t number_of(const Json::Value& log, const char* key) {
  return std::stoull(quantity_to_decimal(text_of(log, key)));
}

}  // namespace

LogPlace log_place_of(const Json::Value& log) {
  LogPlace place;
  place.block = number_of(log, "blockNumber");
  place.block_hash = hash_of(log, "blockHash");
  place.log_index = number_of(log, "logIndex");
  place.tx_hash = hash_of(log, "transactionHash");
  if (log["blockTimestamp"].isString()) place.block_time = quantity_to_decimal(log["blockTimestamp"].asString());
  return place;
}

std::string topic0_of(const Json::Value& log) {
  const Json::Value& topics = log["topics"];
  return topics.isArray() && !topics.empty() && topics[0].isString() ? topics[0].asString() : "";
}

std::vector<Word> topic_words(const Json::Value& log) {
  std::vector<Word> words;
  const Json::Value& topics = log["topics"];
  for (Json::ArrayIndex i = 1; topics.isArray() && i < topics.size(); ++i) {
    const std::string topic = topics[i].isString() ? topics[i].asString() : "";
    try {
      words.push_back(split_words(topic, 1)[0]);
    } catch (const AbiError& e) {
      throw AbiError("a log's topic " + std::to_string(i) + ": " + e.what());
    }
  }
  return words;
}

std::vector<Word> data_words(const Json::Value& log, std::size_t expected) {
  try {
    return split_words(text_of(log, "data"), expected);
  } catch (const AbiError& e) {
    throw AbiError(std::string("a log's data: ") + e.what());
  }
}

std::string emitter_of(const Json::Value& log) {
  std::string address = log["address"].isString() ? log["address"].asString() : "";
  std::transform(address.begin(), address.end(), address.begin(), [](unsigned char c) { return std::tolower(c); });
  return address;
}

std::string address_shown(const Word& word, bool tron) {
  const std::string hex = word_to_address(word);
  return tron ? hex_to_tron(hex) : hex;
}

}  // namespace coin::indexer
