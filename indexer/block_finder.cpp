#include "indexer/block_finder.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "indexer/abi.hpp"

namespace coin::indexer {

std::string quantity(std::uint64_t number) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(number));
  return text;
}

std::pair<std::uint64_t, BlockHeader> parse_header(const Json::Value& header, const std::string& what) {
  if (!header.isObject() || !header["timestamp"].isString() || !header["hash"].isString() ||
      !header["number"].isString()) {
    throw ReadError(what + ": no block");
  }
  std::string hash = header["hash"].asString();
  std::transform(hash.begin(), hash.end(), hash.begin(), [](unsigned char c) { return std::tolower(c); });
  if (hash.size() != 66 || hash.compare(0, 2, "0x") != 0 ||
      hash.find_first_not_of("0123456789abcdef", 2) != std::string::npos) {
    throw ReadError(what + ": the hash is not 0x and 64 hex digits");
  }
  try {
    return {std::stoull(quantity_to_decimal(header["number"].asString())),
            {std::stoll(quantity_to_decimal(header["timestamp"].asString())), hash}};
  } catch (const std::exception& e) {
    throw ReadError(what + ": number or timestamp: " + e.what());
  }
}

const BlockHeader& BlockFinder::header(std::uint64_t block) {
  if (const auto known = headers_.find(block); known != headers_.end()) return known->second;
  Json::Value params(Json::arrayValue);
  params.append(quantity(block));
  params.append(false);
  const std::string what = "eth_getBlockByNumber(" + std::to_string(block) + ") on " + chain_;
  try {
    const auto [number, header] = parse_header(nodes_.call("eth_getBlockByNumber", params), what);
    if (number != block) throw ReadError(what + ": the node answered block " + std::to_string(number));
    return headers_[block] = header;
  } catch (const NodeError& e) {
    throw NodeError(what + ": " + e.what(), chain_);
  }
}

void BlockFinder::fetch(const std::vector<std::uint64_t>& blocks) {
  std::vector<std::uint64_t> missing;
  std::vector<Request> requests;
  for (const std::uint64_t block : blocks) {
    if (headers_.count(block) != 0 || std::find(missing.begin(), missing.end(), block) != missing.end()) continue;
    missing.push_back(block);
    Json::Value params(Json::arrayValue);
    params.append(quantity(block));
    params.append(false);
    requests.push_back({"eth_getBlockByNumber", params});
  }
  const std::vector<Reply> replies = nodes_.call_all(requests);
  for (std::size_t i = 0; i < missing.size(); ++i) {
    const std::string what = "eth_getBlockByNumber(" + std::to_string(missing[i]) + ") on " + chain_;
    try {
      if (replies[i].error) std::rethrow_exception(replies[i].error);
      const auto [number, header] = parse_header(replies[i].result, what);
      if (number != missing[i]) throw ReadError(what + ": the node answered block " + std::to_string(number));
      headers_[number] = header;
    } catch (const NodeError& e) {
      throw NodeError(what + ": " + e.what(), chain_);
    }
  }
}

std::uint64_t BlockFinder::head() {
  Json::Value number;
  try {
    number = nodes_.call("eth_blockNumber", Json::Value(Json::arrayValue));
  } catch (const NodeError& e) {
    throw NodeError(e.what(), chain_);
  }
  try {
    return std::stoull(quantity_to_decimal(number.isString() ? number.asString() : ""));
  } catch (const std::exception& e) {  // AbiError, or a number beyond 64 bits
    throw ReadError(chain_ + " eth_blockNumber: " + e.what());
  }
}

std::optional<std::uint64_t> BlockFinder::tagged(const std::string& tag) {
  Json::Value params(Json::arrayValue);
  params.append(tag);
  params.append(false);
  const std::string what = "eth_getBlockByNumber(\"" + tag + "\") on " + chain_;
  Json::Value header;
  try {
    header = nodes_.call("eth_getBlockByNumber", params);
  } catch (const NodeError& e) {
    throw NodeError(what + ": " + e.what(), chain_);
  } catch (const ReadError&) {
    return std::nullopt;  // a node that does not know the tag
  }
  if (header.isNull()) return std::nullopt;
  const auto [number, parsed] = parse_header(header, what);
  headers_[number] = parsed;
  return number;
}

std::uint64_t BlockFinder::block_at(std::int64_t time, std::uint64_t newest) {
  if (time_of(newest) <= time) return newest;
  // Bounds from what is known: the oldest block after `time`, and the newest at or before it.
  const auto after_known = std::partition_point(headers_.begin(), headers_.end(),
                                                [time](const auto& known) { return known.second.time <= time; });
  std::uint64_t after = std::min(after_known->first, newest);  // newest is known and after
  std::uint64_t before = 0;
  bool bounded = after_known != headers_.begin();
  if (bounded) before = std::prev(after_known)->first;
  // Gallop down from `after` until a block at or before `time`.
  for (std::uint64_t step = 1; !bounded; step *= 2) {
    const std::uint64_t probe = after > step ? after - step : 0;
    if (time_of(probe) <= time) {
      before = probe;
      bounded = true;
    } else if (probe == 0) {
      throw ReadError("no block on " + chain_ + " is that old");
    } else {
      after = probe;
    }
  }
  while (after - before > 1) {
    const std::uint64_t middle = before + (after - before) / 2;
    (time_of(middle) <= time ? before : after) = middle;
  }
  return before;
}

}  // namespace coin::indexer
