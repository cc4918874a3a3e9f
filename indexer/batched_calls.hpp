#pragma once
// Batched eth_calls: calls are asked first, each for an Answer, then sent together (send) and
// their answers taken. A chain's calls at one block go in Multicall3 aggregate3 calls where it is
// deployed (a multicall that fails whole sends its calls again one by one), the others in
// JSON-RPC batches where the node takes them (the chain's "calls"): a few requests, not one per
// call. An answer of the wrong size, or a call that failed, is an error that names the call.

#include <cstddef>
#include <cstdint>
#include <exception>
#include <initializer_list>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <json/value.h>

#include "indexer/abi.hpp"
#include "indexer/block_finder.hpp"
#include "indexer/config.hpp"
#include "indexer/reading.hpp"
#include "indexer/rpc.hpp"

namespace coin::indexer {

// The nodes of every chain of the configuration, and what is known of their blocks' times:
// one per live round, or one for a whole backfill.
class ChainAccess {
 public:
  // `max_rps`: at most that many calls a second to each chain's nodes (0: no limit).
  ChainAccess(const Config& config, double max_rps = 0);
  Nodes& nodes(const std::string& chain) { return nodes_.at(chain); }
  BlockFinder& blocks(const std::string& chain) { return finders_.at(chain); }
  // Whether Multicall3 has code at `block` (a number) on `chain`; asked once per block the
  // answer does not follow from (its code, once there, stays).
  bool has_multicall(const std::string& chain, std::uint64_t block);
  // Requests sent to every chain's nodes so far, and the calls they carried.
  long long requests() const;
  long long calls() const;

 private:
  std::map<std::string, Nodes> nodes_;
  std::map<std::string, BlockFinder> finders_;
  struct MulticallSeen {
    std::optional<std::uint64_t> with;     // the oldest block seen with its code
    std::optional<std::uint64_t> without;  // the newest seen without
  };
  std::map<std::string, MulticallSeen> multicall_;
};

// One eth_call's answer, there once its call is sent.
class Answer {
 public:
  struct Slot {
    bool sent = false;
    std::vector<Word> words;
    std::exception_ptr error;  // ReadError, or NodeError when no node answered
  };

  Answer() = default;
  explicit Answer(std::shared_ptr<Slot> slot) : slot_(std::move(slot)) {}

  // The words answered; throws the call's error.
  const std::vector<Word>& words() const;
  std::string uint() const { return word_to_decimal(words()[0]); }

 private:
  std::shared_ptr<Slot> slot_;
};

// eth_call on one chain, at one block unless the chain is read at "latest": the block of its
// read_at, the newest at or before a time, or a given one. Calls are asked first and sent
// together (send), then their answers taken.
class Calls {
 public:
  Calls(const Chain& chain, ChainAccess& access, std::optional<std::int64_t> at, std::optional<std::uint64_t> at_block);

  const std::string& block_number() const { return block_number_; }
  // The round's block, number, hash and time; empty on a chain read at "latest".
  Block provenance();

  // A call returning `expected` words, at `block` (the round's by default), sent with the step's
  // others; `what` names it in an error.
  Answer ask(const Address& to, std::string data, std::size_t expected, std::string what, std::string block = "");
  // A call of `selector` with `arguments` answering one word.
  Answer ask(const Address& to, std::uint32_t selector, std::string what, std::initializer_list<Word> arguments = {},
             std::string block = "") {
    return ask(to, call_data(selector, arguments), 1, std::move(what), std::move(block));
  }

  // A storage slot of `at` (eth_getStorageAt), one word, at the round's block, sent with the
  // step's calls (never in a multicall: it is no call).
  Answer storage(const Address& at, std::uint64_t slot, std::string what);

  // Sends every call asked since the last send, in as few requests as the chain allows.
  void send();

  // Answers read as decimals() and as an address of this chain; `what` names the call.
  std::string decimals(const Answer& answer, const std::string& what);
  Address address(const Word& word, const std::string& what);
  Address address(const Answer& answer, const std::string& what) { return address(answer.words()[0], what); }

  // The time of the round's block, and the newest block at or before a time (pinned chains).
  std::int64_t time() { return blocks_.time_of(std::stoull(block_number_)); }
  std::uint64_t block_at(std::int64_t time) { return blocks_.block_at(time, std::stoull(block_number_)); }
  std::int64_t time_of(std::uint64_t block) { return blocks_.time_of(block); }

 private:
  struct Asked {
    Address to;
    std::string data;
    std::size_t expected;
    std::string what;
    std::string block;
    std::shared_ptr<Answer::Slot> slot;
    bool storage = false;  // eth_getStorageAt of `to` at the slot `data` (a quantity)
  };

  // The number of the block of the chain's read_at.
  std::uint64_t read_at_block();
  bool multicall_at(const std::string& block);
  // The call's answer: its result data, or the error of its request, named.
  void settle(const Asked& call, const Json::Value& result, const std::exception_ptr& error);
  static Request request_of(const Asked& call);
  // Sends `calls` of asked_ one eth_call each.
  void send_each(const std::vector<Asked>& asked, const std::vector<std::size_t>& calls);

  const Chain& chain_;
  ChainAccess& access_;
  Nodes& nodes_;
  BlockFinder& blocks_;
  std::string block_ = "latest";
  std::string block_number_ = "latest";
  std::optional<bool> multicall_at_latest_;
  std::vector<Asked> asked_;
};

// The round's calls on each chain it reads, made on first use, all at one time, or each chain
// `blocks` names at that block.
class CallsByChain {
 public:
  CallsByChain(const Config& config, ChainAccess& access, std::optional<std::int64_t> at,
               std::map<std::string, std::uint64_t> blocks)
      : config_(config), access_(access), at_(at), blocks_(std::move(blocks)) {}

  // `chain`'s calls.
  Calls& on(const std::string& name);

  // Reads every other chain at the newest block at or before `time`.
  void read_at(std::int64_t time) { at_ = time; }

  // Sends what every chain was asked.
  void send() {
    for (auto& [name, calls] : calls_) calls.send();
  }

 private:
  const Config& config_;
  ChainAccess& access_;
  std::optional<std::int64_t> at_;
  std::map<std::string, std::uint64_t> blocks_;
  std::map<std::string, Calls> calls_;
};

}  // namespace coin::indexer
