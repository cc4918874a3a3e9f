#include "indexer/batched_calls.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <utility>

#include "indexer/base58.hpp"
#include "indexer/multicall.hpp"

namespace coin::indexer {

namespace {

Json::Value eth_call_params(const std::string& to, const std::string& data, const std::string& block) {
  Json::Value call(Json::objectValue);
  call["to"] = to;
  call["data"] = data;
  Json::Value params(Json::arrayValue);
  params.append(call);
  params.append(block);
  return params;
}

// The request of one asked call: eth_call, or eth_getStorageAt.
Json::Value request_params(const std::string& to, const std::string& data, const std::string& block, bool storage) {
  if (!storage) return eth_call_params(to, data, block);
  Json::Value params(Json::arrayValue);
  params.append(to);
  params.append(data);
  params.append(block);
  return params;
}

// eth_getCode's of Multicall3's address, and whether its answer is code ("0x" is none).
Json::Value get_code_params(const std::string& block) {
  Json::Value params(Json::arrayValue);
  params.append(multicall3_address);
  params.append(block);
  return params;
}
bool has_code(const Json::Value& code) { return code.isString() && code.asString().size() > 2; }

}  // namespace

ChainAccess::ChainAccess(const Config& config, double max_rps) {
  for (const Chain& chain : config.chains) {
    Nodes& nodes = nodes_.try_emplace(chain.name, chain.rpc, std::chrono::seconds(config.timeout_seconds), max_rps,
                                      chain.calls != CallMode::single)
                       .first->second;
    finders_.try_emplace(chain.name, chain.name, nodes);
  }
}

long long ChainAccess::requests() const {
  long long total = 0;
  for (const auto& [name, nodes] : nodes_) total += nodes.requests();
  return total;
}

long long ChainAccess::calls() const {
  long long total = 0;
  for (const auto& [name, nodes] : nodes_) total += nodes.calls();
  return total;
}

bool ChainAccess::has_multicall(const std::string& chain, std::uint64_t block) {
  MulticallSeen& seen = multicall_[chain];
  if (seen.with && block >= *seen.with) return true;
  if (seen.without && block <= *seen.without) return false;
  const auto there = [&](std::uint64_t at) {
    const bool found = has_code(nodes(chain).call("eth_getCode", get_code_params(quantity(at))));
    (found ? seen.with : seen.without) = at;
    return found;
  };
  try {
    if (!seen.with) return there(block);
    // Below the oldest block known to have it (a backfill, going back): the block it was
    // placed in, by bisection, once; then every block's answer is known.
    for (;;) {
      const std::uint64_t low = seen.without ? *seen.without + 1 : 0;
      if (low >= *seen.with) break;
      there(low + (*seen.with - low) / 2);
    }
    return block >= *seen.with;
  } catch (const ReadError&) {
    return false;  // its calls go one by one, and say what is wrong
  }
}

const std::vector<Word>& Answer::words() const {
  if (!slot_ || !slot_->sent) throw std::logic_error("an answer taken before its call was sent");
  if (slot_->error) std::rethrow_exception(slot_->error);
  return slot_->words;
}

Calls::Calls(const Chain& chain, ChainAccess& access, std::optional<std::int64_t> at,
             std::optional<std::uint64_t> at_block)
    : chain_(chain), access_(access), nodes_(access.nodes(chain.name)), blocks_(access.blocks(chain.name)) {
  if (!chain.pin_block) {
    if (at || at_block) throw std::logic_error(chain.name + " is read at latest: no past block");
    return;
  }
  std::uint64_t block = at_block ? *at_block : read_at_block();
  if (at) block = blocks_.block_at(*at, block);
  block_number_ = std::to_string(block);
  block_ = quantity(block);
}

Block Calls::provenance() {
  if (!chain_.pin_block) return {};
  const BlockHeader& header = blocks_.header(std::stoull(block_number_));
  return {block_number_, header.hash, std::to_string(header.time)};
}

Answer Calls::ask(const Address& to, std::string data, std::size_t expected, std::string what, std::string block) {
  auto slot = std::make_shared<Answer::Slot>();
  asked_.push_back({to, std::move(data), expected, std::move(what), block.empty() ? block_ : std::move(block), slot, false});
  return Answer(slot);
}

Answer Calls::storage(const Address& at, std::uint64_t slot, std::string what) {
  auto answer = std::make_shared<Answer::Slot>();
  asked_.push_back({at, quantity(slot), 1, std::move(what), block_, answer, true});
  return Answer(answer);
}

std::string Calls::decimals(const Answer& answer, const std::string& what) {
  try {
    return std::to_string(word_to_small(answer.words()[0], 77));
  } catch (const AbiError& e) {
    throw ReadError(what + " on " + chain_.name + ": " + e.what());
  }
}

Address Calls::address(const Word& word, const std::string& what) {
  try {
    const std::string hex = word_to_address(word);
    return {hex, chain_.name == "tron" ? hex_to_tron(hex) : hex};
  } catch (const AbiError& e) {
    throw ReadError(what + " on " + chain_.name + ": " + e.what());
  }
}

std::uint64_t Calls::read_at_block() {
  const ReadAt& read_at = chain_.read_at;
  if (read_at.tag != "latest") {
    if (const std::optional<std::uint64_t> tagged = blocks_.tagged(read_at.tag)) return *tagged;
    if (read_at.chosen) throw ReadError(chain_.name + ": the node names no \"" + read_at.tag + "\" block");
  }
  const std::uint64_t head = blocks_.head();
  const auto confirmations = static_cast<std::uint64_t>(read_at.confirmations);
  if (head < confirmations) {
    throw ReadError(chain_.name + ": block " + std::to_string(head) + " has fewer than " +
                    std::to_string(confirmations) + " confirmations behind it");
  }
  return head - confirmations;
}

bool Calls::multicall_at(const std::string& block) {
  if (chain_.calls != CallMode::multicall) return false;
  if (block != "latest") return access_.has_multicall(chain_.name, std::stoull(quantity_to_decimal(block)));
  if (!multicall_at_latest_) {  // a chain read at latest: asked once a round
    try {
      multicall_at_latest_ = has_code(nodes_.call("eth_getCode", get_code_params("latest")));
    } catch (const ReadError&) {
      multicall_at_latest_ = false;
    }
  }
  return *multicall_at_latest_;
}

void Calls::settle(const Asked& call, const Json::Value& result, const std::exception_ptr& error) {
  Answer::Slot& slot = *call.slot;
  slot.sent = true;
  const std::string what = call.what + " at " + call.to.shown + " on " + chain_.name + ": ";
  try {
    if (error) std::rethrow_exception(error);
    if (!result.isString()) throw AbiError("the result is not a string");
    std::string data = result.asString();
    // A slot is a quantity on some nodes ("0x0"): its word, padded.
    if (call.storage && data.size() > 2 && data.size() < 66) data = "0x" + std::string(66 - data.size(), '0') + data.substr(2);
    slot.words = split_words(data, call.expected);
  } catch (const NodeError& e) {
    slot.error = std::make_exception_ptr(NodeError(what + e.what(), chain_.name));
  } catch (const std::exception& e) {
    slot.error = std::make_exception_ptr(ReadError(what + e.what()));
  }
}

Request Calls::request_of(const Asked& call) {
  return {call.storage ? "eth_getStorageAt" : "eth_call", request_params(call.to.call, call.data, call.block, call.storage)};
}

void Calls::send_each(const std::vector<Asked>& asked, const std::vector<std::size_t>& calls) {
  std::vector<Request> requests;
  for (const std::size_t i : calls) {
    requests.push_back(request_of(asked[i]));
  }
  const std::vector<Reply> replies = nodes_.call_all(requests);
  for (std::size_t r = 0; r < calls.size(); ++r) settle(asked[calls[r]], replies[r].result, replies[r].error);
}

void Calls::send() {
  const std::vector<Asked> asked = std::move(asked_);
  asked_.clear();
  constexpr std::size_t most_per_multicall = 100;  // well inside a node's gas cap for eth_call
  // One request per block's calls (up to 100) where Multicall3 is there, else one per call.
  std::map<std::string, std::vector<std::size_t>> by_block;
  std::vector<std::size_t> each;  // the calls sent on their own
  for (std::size_t i = 0; i < asked.size(); ++i) {
    if (asked[i].storage) {
      each.push_back(i);
    } else {
      by_block[asked[i].block].push_back(i);
    }
  }
  std::vector<Request> requests;
  std::vector<std::vector<std::size_t>> carried;  // the calls of each multicall request
  for (const auto& [block, calls] : by_block) {
    if (calls.size() < 2 || !multicall_at(block)) {
      each.insert(each.end(), calls.begin(), calls.end());
      continue;
    }
    for (std::size_t from = 0; from < calls.size(); from += most_per_multicall) {
      std::vector<std::size_t> part;
      std::vector<Call3> call3s;
      for (std::size_t k = from; k < std::min(calls.size(), from + most_per_multicall); ++k) {
        part.push_back(calls[k]);
        call3s.push_back({asked[calls[k]].to.call, asked[calls[k]].data});
      }
      requests.push_back({"eth_call", eth_call_params(multicall3_address, aggregate3_data(call3s), block)});
      carried.push_back(std::move(part));
    }
  }
  // The multicalls and the single calls, in one batch where the node takes batches.
  for (const std::size_t i : each) requests.push_back(request_of(asked[i]));
  const std::vector<Reply> replies = nodes_.call_all(requests);
  std::vector<std::size_t> again;  // the calls of a multicall that failed whole (out of gas, say)
  for (std::size_t r = 0; r < carried.size(); ++r) {
    const std::vector<std::size_t>& calls = carried[r];
    std::vector<Call3Result> results;
    try {
      if (replies[r].error) std::rethrow_exception(replies[r].error);
      results = aggregate3_results(replies[r].result.isString() ? replies[r].result.asString() : "", calls.size());
    } catch (const NodeError&) {
      for (const std::size_t i : calls) settle(asked[i], {}, replies[r].error);
      continue;
    } catch (const std::exception&) {
      again.insert(again.end(), calls.begin(), calls.end());
      continue;
    }
    for (std::size_t k = 0; k < calls.size(); ++k) {
      const Asked& call = asked[calls[k]];
      if (results[k].success) {
        settle(call, results[k].data, nullptr);
      } else {
        settle(call, {}, std::make_exception_ptr(ReadError("reverted in Multicall3 (" + results[k].data + ")")));
      }
    }
  }
  for (std::size_t e = 0; e < each.size(); ++e) {
    const Reply& reply = replies[carried.size() + e];
    settle(asked[each[e]], reply.result, reply.error);
  }
  if (!again.empty()) send_each(asked, again);
}

Calls& CallsByChain::on(const std::string& name) {
  if (const auto found = calls_.find(name); found != calls_.end()) return found->second;
  const auto named = blocks_.find(name);
  const std::optional<std::uint64_t> block =
      named == blocks_.end() ? std::nullopt : std::optional<std::uint64_t>(named->second);
  for (const Chain& chain : config_.chains) {
    if (chain.name == name) {
      return calls_.try_emplace(name, chain, access_, block ? std::nullopt : at_, block).first->second;
    }
  }
  throw std::logic_error("no chain " + name);  // load_config checked every position's chain
}

}  // namespace coin::indexer
