#include "indexer/chain_reader.hpp"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <memory>
#include <stdexcept>
#include <variant>
#include <vector>

#include "indexer/abi.hpp"
#include "indexer/base58.hpp"
#include "indexer/multicall.hpp"
#include "indexer/selector.hpp"

namespace coin::indexer {

namespace {

// The functions called, by signature: the same selector on every deployment.
const std::uint32_t decimals = selector_of("decimals()");
const std::uint32_t total_supply = selector_of("totalSupply()");
const std::uint32_t balance_of = selector_of("balanceOf(address)");
const std::uint32_t total_assets = selector_of("totalAssets()");
const std::uint32_t convert_to_assets = selector_of("convertToAssets(uint256)");
const std::uint32_t asset = selector_of("asset()");
const std::uint32_t ilks = selector_of("ilks(bytes32)");  // Vat, Jug and Spot
const std::uint32_t urns = selector_of("urns(bytes32,address)");
const std::uint32_t base = selector_of("base()");
const std::uint32_t par = selector_of("par()");
const std::uint32_t dsr = selector_of("dsr()");
const std::uint32_t tin = selector_of("tin()");
const std::uint32_t gem = selector_of("gem()");
const std::uint32_t pocket = selector_of("pocket()");
const std::uint32_t buffer = selector_of("buffer()");
const std::uint32_t get_reserve_data = selector_of("getReserveData(address)");

constexpr std::size_t reserve_data_words = 15;  // Aave v3's ReserveData (v3.1+: ReserveDataLegacy)
constexpr std::size_t liquidity_rate_word = 2;  // currentLiquidityRate, an annual ray
constexpr std::size_t a_token_word = 8;         // aTokenAddress
constexpr std::int64_t seconds_per_day = 86400;
constexpr const char* wad = "1000000000000000000";  // a PSM's fee of 100%

// A per-second rate in ray is at least one ray (no negative rates) and below 1.000001 ray, an
// APY of about 5 x 10^13: anything else is not a savings rate, and from 1.0096 ray on its APY
// would not even fit a NUMERIC (131072 digits).
bool is_per_second_rate(const std::string& decimal) {
  return decimal.size() == 28 && decimal.compare(0, 7, "1000000") == 0;
}

// a > b, for decimal texts without leading zeros.
bool is_more(const std::string& a, const std::string& b) {
  return a.size() != b.size() ? a.size() > b.size() : a > b;
}

Json::Value eth_call_params(const std::string& to, const std::string& data, const std::string& block) {
  Json::Value call(Json::objectValue);
  call["to"] = to;
  call["data"] = data;
  Json::Value params(Json::arrayValue);
  params.append(call);
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

// One eth_call's answer, there once its step's calls are sent.
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
  const std::vector<Word>& words() const {
    if (!slot_ || !slot_->sent) throw std::logic_error("an answer taken before its call was sent");
    if (slot_->error) std::rethrow_exception(slot_->error);
    return slot_->words;
  }
  std::string uint() const { return word_to_decimal(words()[0]); }

 private:
  std::shared_ptr<Slot> slot_;
};

// eth_call on one chain, at one block unless the chain is read at "latest": the block of its
// read_at, the newest at or before a time, or a given one. Calls are asked first and sent
// together (send), then their answers taken.
class Calls {
 public:
  Calls(const Chain& chain, ChainAccess& access, std::optional<std::int64_t> at, std::optional<std::uint64_t> at_block)
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

  const std::string& block_number() const { return block_number_; }
  // The round's block, number, hash and time; empty on a chain read at "latest".
  Block provenance() {
    if (!chain_.pin_block) return {};
    const BlockHeader& header = blocks_.header(std::stoull(block_number_));
    return {block_number_, header.hash, std::to_string(header.time)};
  }

  // A call returning `expected` words, at `block` (the round's by default), sent with the step's
  // others; `what` names it in an error.
  Answer ask(const Address& to, std::string data, std::size_t expected, std::string what, std::string block = "") {
    auto slot = std::make_shared<Answer::Slot>();
    asked_.push_back({to, std::move(data), expected, std::move(what), block.empty() ? block_ : std::move(block), slot});
    return Answer(slot);
  }
  // A call of `selector` with `arguments` answering one word.
  Answer ask(const Address& to, std::uint32_t selector, std::string what, std::initializer_list<Word> arguments = {},
             std::string block = "") {
    return ask(to, call_data(selector, arguments), 1, std::move(what), std::move(block));
  }

  // Sends every call asked since the last send, in as few requests as the chain allows.
  void send();

  // Answers read as decimals() and as an address of this chain; `what` names the call.
  std::string decimals(const Answer& answer, const std::string& what) {
    try {
      return std::to_string(word_to_small(answer.words()[0], 77));
    } catch (const AbiError& e) {
      throw ReadError(what + " on " + chain_.name + ": " + e.what());
    }
  }
  Address address(const Word& word, const std::string& what) {
    try {
      const std::string hex = word_to_address(word);
      return {hex, chain_.name == "tron" ? hex_to_tron(hex) : hex};
    } catch (const AbiError& e) {
      throw ReadError(what + " on " + chain_.name + ": " + e.what());
    }
  }
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
  };

  // The number of the block of the chain's read_at.
  std::uint64_t read_at_block() {
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

  bool multicall_at(const std::string& block) {
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

  // The call's answer: its result data, or the error of its request, named.
  void settle(const Asked& call, const Json::Value& result, const std::exception_ptr& error) {
    Answer::Slot& slot = *call.slot;
    slot.sent = true;
    const std::string what = call.what + " at " + call.to.shown + " on " + chain_.name + ": ";
    try {
      if (error) std::rethrow_exception(error);
      if (!result.isString()) throw AbiError("the result is not a string");
      slot.words = split_words(result.asString(), call.expected);
    } catch (const NodeError& e) {
      slot.error = std::make_exception_ptr(NodeError(what + e.what(), chain_.name));
    } catch (const std::exception& e) {
      slot.error = std::make_exception_ptr(ReadError(what + e.what()));
    }
  }

  // Sends `calls` of asked_ one eth_call each.
  void send_each(const std::vector<Asked>& asked, const std::vector<std::size_t>& calls) {
    std::vector<Request> requests;
    for (const std::size_t i : calls) {
      requests.push_back({"eth_call", eth_call_params(asked[i].to.call, asked[i].data, asked[i].block)});
    }
    const std::vector<Reply> replies = nodes_.call_all(requests);
    for (std::size_t r = 0; r < calls.size(); ++r) settle(asked[calls[r]], replies[r].result, replies[r].error);
  }

  const Chain& chain_;
  ChainAccess& access_;
  Nodes& nodes_;
  BlockFinder& blocks_;
  std::string block_ = "latest";
  std::string block_number_ = "latest";
  std::optional<bool> multicall_at_latest_;
  std::vector<Asked> asked_;
};

void Calls::send() {
  const std::vector<Asked> asked = std::move(asked_);
  asked_.clear();
  constexpr std::size_t most_per_multicall = 100;  // well inside a node's gas cap for eth_call
  // One request per block's calls (up to 100) where Multicall3 is there, else one per call.
  std::map<std::string, std::vector<std::size_t>> by_block;
  for (std::size_t i = 0; i < asked.size(); ++i) by_block[asked[i].block].push_back(i);
  std::vector<Request> requests;
  std::vector<std::vector<std::size_t>> carried;  // the calls of each multicall request
  std::vector<std::size_t> each;                  // the calls sent on their own
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
  for (const std::size_t i : each) {
    requests.push_back({"eth_call", eth_call_params(asked[i].to.call, asked[i].data, asked[i].block)});
  }
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

// The round's calls on each chain it reads, made on first use, all at one time.
class CallsByChain {
 public:
  CallsByChain(const Config& config, ChainAccess& access, std::optional<std::int64_t> at)
      : config_(config), access_(access), at_(at) {}

  // `chain`'s calls; the first use may name its block.
  Calls& on(const std::string& name, std::optional<std::uint64_t> block = std::nullopt) {
    if (const auto found = calls_.find(name); found != calls_.end()) return found->second;
    for (const Chain& chain : config_.chains) {
      if (chain.name == name) return calls_.try_emplace(name, chain, access_, at_, block).first->second;
    }
    throw std::logic_error("no chain " + name);  // load_config checked every position's chain
  }

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
  std::map<std::string, Calls> calls_;
};

// A position's reads: what needs no other answer, then the rest (ask_more), then the reading.
class PositionRead {
 public:
  PositionRead(const Position& position, Calls& calls)
      : position_(position), calls_(calls), name_(position.platform + " " + position.asset + " position") {
    const Word holder = address_word(position.operator_address.call);
    if (const auto* aave = std::get_if<AaveV3Read>(&position.read)) {
      reserve_ = calls.ask(aave->pool, call_data(get_reserve_data, {address_word(aave->reserve.call)}),
                           reserve_data_words, name_ + ": Pool.getReserveData");
      return;
    }
    if (const auto* plain = std::get_if<BalanceRead>(&position.read)) {
      balance_ = calls.ask(plain->token, balance_of, name_ + ": token.balanceOf", {holder});
      decimals_ = calls.ask(plain->token, decimals, name_ + ": token.decimals");
      return;
    }
    const Erc4626Read& read = std::get<Erc4626Read>(position.read);
    shares_ = calls.ask(read.vault, balance_of, name_ + ": vault.balanceOf", {holder});
    asset_ = calls.ask(read.vault, asset, name_ + ": vault.asset");
    if (read.rate_getter) {
      rate_ = calls.ask(read.vault, selector_of(*read.rate_getter + "()"), name_ + ": vault." + *read.rate_getter);
    } else {
      share_decimals_ = calls.ask(read.vault, decimals, name_ + ": vault.decimals");
    }
  }

  void ask_more() {
    if (std::holds_alternative<BalanceRead>(position_.read)) return;
    if (std::holds_alternative<AaveV3Read>(position_.read)) {
      const Address a_token = calls_.address(reserve_.words()[a_token_word], name_ + ": Pool.getReserveData aTokenAddress");
      decimals_ = calls_.ask(a_token, decimals, name_ + ": aToken.decimals");
      balance_ = calls_.ask(a_token, balance_of, name_ + ": aToken.balanceOf",
                            {address_word(position_.operator_address.call)});
      return;
    }
    const Erc4626Read& read = std::get<Erc4626Read>(position_.read);
    balance_ = calls_.ask(read.vault, convert_to_assets, name_ + ": vault.convertToAssets", {uint256_word(shares_.uint())});
    decimals_ = calls_.ask(calls_.address(asset_, name_ + ": vault.asset"), decimals, name_ + ": asset.decimals");
    if (read.rate_getter) return;
    // No rate getter: the growth of one share's assets (convertToAssets(10^decimals)) from the
    // block apy_days before the round's to the round's, over the time between the two.
    const Word share = uint256_word("1" + std::string(std::stoul(calls_.decimals(share_decimals_, name_ + ": vault.decimals")), '0'));
    now_ = calls_.time();
    then_ = calls_.block_at(now_ - read.apy_days * seconds_per_day);
    share_value_ = calls_.ask(read.vault, convert_to_assets, name_ + ": vault.convertToAssets", {share});
    share_value_then_ = calls_.ask(read.vault, convert_to_assets,
                                   name_ + ": vault.convertToAssets at block " + std::to_string(then_), {share},
                                   quantity(then_));
  }

  PositionReading take() {
    PositionReading reading;
    reading.position = &position_;
    reading.block = calls_.provenance();
    reading.decimals = calls_.decimals(decimals_, name_ + ": asset.decimals");
    reading.balance = balance_.uint();
    if (std::holds_alternative<BalanceRead>(position_.read)) {
      reading.rate_kind = RateKind::none;
      reading.rate = "0";
      return reading;
    }
    if (std::holds_alternative<AaveV3Read>(position_.read)) {
      reading.rate_kind = RateKind::annual;
      reading.rate = word_to_decimal(reserve_.words()[liquidity_rate_word]);
      return reading;
    }
    const Erc4626Read& read = std::get<Erc4626Read>(position_.read);
    if (read.rate_getter) {
      reading.rate = rate_.uint();
      if (!is_per_second_rate(reading.rate)) {
        throw ReadError(name_ + ": vault." + *read.rate_getter + " " + reading.rate + " is not a per-second rate in ray");
      }
      return reading;
    }
    reading.rate_kind = RateKind::growth;
    reading.share_value = share_value_.uint();
    reading.share_value_then = share_value_then_.uint();
    reading.seconds = std::to_string(now_ - calls_.time_of(then_));
    if (reading.share_value_then == "0" || reading.seconds == "0") {
      throw ReadError(name_ + ": no share price " + std::to_string(read.apy_days) + " days before block " +
                      calls_.block_number());
    }
    return reading;
  }

 private:
  const Position& position_;
  Calls& calls_;
  std::string name_;
  Answer reserve_;                                    // aave-v3: the reserve's data
  Answer shares_, asset_, rate_, share_decimals_;     // erc4626: the holder's shares, asset(), the rate
  Answer decimals_, balance_;                         // the asset's (or token's) decimals, the holding
  Answer share_value_, share_value_then_;             // erc4626 without a rate getter
  std::int64_t now_ = 0;
  std::uint64_t then_ = 0;
};

// COIN the protocol holds itself (docs/indexer.md, "COIN the protocol holds itself"): one
// COIN.balanceOf per holder, however many roles the address has; figures of the chain.
class HeldCoin {
 public:
  HeldCoin(const Address& coin, Calls& calls) : coin_(coin), calls_(calls) {}

  // The holder's balance; `what` names it in an error.
  Answer ask(const Address& holder, const std::string& what) {
    const auto [found, inserted] = held_.try_emplace(holder.call);
    if (inserted) {
      found->second = {what, calls_.ask(coin_, balance_of, what, {address_word(holder.call)})};
    }
    return found->second.second;
  }

  // Each holder's balance, none of them more than COIN's supply.
  std::vector<std::string> take(const std::string& supply) const {
    std::vector<std::string> balances;
    for (const auto& [holder, held] : held_) {
      const std::string balance = held.second.uint();
      if (is_more(balance, supply)) {
        throw ReadError(held.first + " " + balance + " is more than COIN.totalSupply " + supply);
      }
      balances.push_back(balance);
    }
    return balances;
  }

 private:
  const Address& coin_;
  Calls& calls_;
  std::map<std::string, std::pair<std::string, Answer>> held_;  // by address: what, the balance
};

// A Vault's reads, with its positions': what needs no other answer, then the rest (ask_more),
// then the reading. A lite PSM's pocket or an AllocatorVault's buffer (`holder`) is asked by the
// chain's reads, since the COIN there is a figure of the chain.
class VaultRead {
 public:
  VaultRead(const Protocol& protocol, const Vault& vault, Calls& calls, CallsByChain& calls_by_chain, HeldCoin& held,
            Answer holder)
      : vault_(vault), calls_(calls), held_(held), holder_(std::move(holder)) {
    const std::string& ilk = vault.ilk;
    const std::string ilk_call = call_data(ilks, {ilk_word(ilk)});
    vat_ = calls.ask(protocol.vat, ilk_call, 5, "Vat.ilks(" + ilk + ")");
    jug_ = calls.ask(protocol.jug, ilk_call, 2, "Jug.ilks(" + ilk + ")");
    spot_ = calls.ask(protocol.spot, ilk_call, 2, "Spot.ilks(" + ilk + ")");
    if (const auto* join = std::get_if<JoinHeld>(&vault.holding)) {
      locked_decimals_ = calls.ask(join->collateral, decimals, ilk + " collateral.decimals");
      locked_ = calls.ask(join->collateral, balance_of, ilk + " collateral.balanceOf(join)", {address_word(join->join.call)});
      if (join->psm) tin_ = calls.ask(*join->psm, tin, ilk + " Psm.tin");
    } else if (const auto* lite = std::get_if<LitePsmHeld>(&vault.holding)) {
      gem_ = calls.ask(lite->psm, gem, ilk + " LitePsm.gem");
      tin_ = calls.ask(lite->psm, tin, ilk + " LitePsm.tin");
    } else {
      const Address& allocator = std::get<AllocatorHeld>(vault.holding).vault;
      urn_ = calls.ask(protocol.vat, call_data(urns, {ilk_word(ilk), address_word(allocator.call)}), 2,
                       "Vat.urns(" + ilk + ", AllocatorVault)");
    }
    for (const Position& position : vault.positions) positions_.emplace_back(position, calls_by_chain.on(position.chain));
  }

  void ask_more() {
    const std::string& ilk = vault_.ilk;
    if (std::holds_alternative<LitePsmHeld>(vault_.holding)) {
      // dss-lite-psm: the gem sits in the pocket.
      const Address gem_token = calls_.address(gem_, ilk + " LitePsm.gem");
      const Address gem_pocket = calls_.address(holder_, ilk + " LitePsm.pocket");
      locked_decimals_ = calls_.ask(gem_token, decimals, ilk + " gem.decimals");
      locked_ = calls_.ask(gem_token, balance_of, ilk + " gem.balanceOf(pocket)", {address_word(gem_pocket.call)});
    } else if (std::holds_alternative<AllocatorHeld>(vault_.holding)) {
      // dss-allocator: what the AllocatorVault drew sits in its buffer until the positions take it.
      locked_ = held_.ask(calls_.address(holder_, ilk + " AllocatorVault.buffer"), ilk + " COIN.balanceOf(buffer)");
    }
    for (PositionRead& position : positions_) position.ask_more();
  }

  VaultReading take(const ChainReading& chain) {
    VaultReading reading;
    reading.vault = &vault_;
    const std::string& ilk = vault_.ilk;
    const std::vector<Word>& vat = vat_.words();
    reading.art = word_to_decimal(vat[0]);
    reading.rate = word_to_decimal(vat[1]);
    reading.spot = word_to_decimal(vat[2]);
    reading.line = word_to_decimal(vat[3]);
    reading.dust = word_to_decimal(vat[4]);
    reading.duty = word_to_decimal(jug_.words()[0]);
    reading.mat = word_to_decimal(spot_.words()[1]);
    reading.locked = locked_.uint();
    if (std::holds_alternative<AllocatorHeld>(vault_.holding)) {
      reading.art = word_to_decimal(urn_.words()[1]);  // the AllocatorVault's own urn's
      reading.locked_decimals = chain.coin_decimals;
      reading.locked_is_coin = true;
    } else {
      reading.locked_decimals = calls_.decimals(locked_decimals_, ilk + " collateral.decimals");
    }
    const bool has_tin = std::holds_alternative<LitePsmHeld>(vault_.holding) ||
                         (std::holds_alternative<JoinHeld>(vault_.holding) && std::get<JoinHeld>(vault_.holding).psm);
    if (has_tin) reading.tin = tin_.uint();
    // A lite PSM's Art counts COIN no one holds, what fill() drew into the PSM and the fees it
    // keeps until chug(): minted is the Art its gem backs, min(Art, pocket's gem x
    // to18ConversionFactor) (DssLitePsm.sol's cut(), line 506, is the rest of its COIN).
    reading.minted_backed = std::holds_alternative<LitePsmHeld>(vault_.holding);
    // A fee above 100% is no fee: dss-lite-psm's HALTED (2^256 - 1) stops the swap that way.
    if (is_more(reading.tin, wad)) {
      throw ReadError(ilk + ": tin " + reading.tin + " is more than 100%: the PSM is halted, it has no fee to show");
    }
    for (PositionRead& position : positions_) reading.positions.push_back(position.take());
    return reading;
  }

 private:
  const Vault& vault_;
  Calls& calls_;
  HeldCoin& held_;
  Answer holder_;                     // a lite PSM's pocket(), an AllocatorVault's buffer()
  Answer vat_, jug_, spot_;           // ilks(ilk) of each
  Answer locked_, locked_decimals_;   // what is locked, and its token's decimals
  Answer tin_;                        // a PSM's fee
  Answer gem_;                        // dss-lite-psm
  Answer urn_;                        // dss-allocator
  std::vector<PositionRead> positions_;
};

// Runs one step of a Vault's reads: a Vault that cannot be read, or one of whose positions
// cannot, is left out alone; only the loss of this chain's nodes ends the round's reads of it.
template <typename Step>
bool vault_step(const std::string& chain, const Vault& vault, ChainReading& reading, Step step) {
  try {
    step();
    return true;
  } catch (const NodeError& e) {
    if (e.chain == chain) throw;
    reading.skipped.push_back({&vault, e.what()});
  } catch (const ReadError& e) {
    reading.skipped.push_back({&vault, e.what()});
  }
  return false;
}

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

ChainReading read_chain(const Config& config, const Chain& chain, ChainAccess& access, std::optional<std::int64_t> at,
                        std::optional<std::uint64_t> block) {
  const Protocol& protocol = *chain.protocol;
  CallsByChain calls_by_chain(config, access, at);
  Calls& calls = calls_by_chain.on(chain.name, block);
  if (block) calls_by_chain.read_at(calls.time());

  // What every figure of the chain rests on (a failure here skips the chain), and each Vault's
  // first calls.
  ChainReading reading;
  reading.block = calls.block_number();
  reading.provenance = calls.provenance();
  const Answer coin_decimals = calls.ask(protocol.token, decimals, "COIN.decimals");
  const Answer coin_supply = calls.ask(protocol.token, total_supply, "COIN.totalSupply");
  // COIN the protocol holds itself. A Pot-holding sCOIN holds no COIN token.
  HeldCoin held(protocol.token, calls);
  if (protocol.savings == Savings::token) held.ask(protocol.staked_token, "COIN.balanceOf(sCOIN)");
  for (const Address& holder : protocol.holders) held.ask(holder, "COIN.balanceOf(" + holder.shown + ")");
  std::map<const Vault*, Answer> holders;  // each lite PSM's pocket(), each AllocatorVault's buffer()
  for (const Vault& vault : protocol.vaults) {
    if (const auto* lite = std::get_if<LitePsmHeld>(&vault.holding)) {
      held.ask(lite->psm, vault.ilk + " COIN.balanceOf(LitePsm)");
      holders[&vault] = calls.ask(lite->psm, pocket, vault.ilk + " LitePsm.pocket");
    } else if (const auto* allocator = std::get_if<AllocatorHeld>(&vault.holding)) {
      holders[&vault] = calls.ask(allocator->vault, buffer, vault.ilk + " AllocatorVault.buffer");
    }
  }
  const Answer scoin_decimals = calls.ask(protocol.staked_token, decimals, "sCOIN.decimals");
  const Answer scoin_supply = calls.ask(protocol.staked_token, total_supply, "sCOIN.totalSupply");
  const Answer scoin_assets = calls.ask(protocol.staked_token, total_assets, "sCOIN.totalAssets");
  const Answer par_answer = calls.ask(protocol.spot, par, "Spot.par");
  const Answer base_answer = calls.ask(protocol.jug, base, "Jug.base");
  const std::string rate_call = protocol.savings_rate ? "sCOIN." + *protocol.savings_rate : "Pot.dsr";
  const Answer savings_rate = protocol.savings_rate
                                  ? calls.ask(protocol.staked_token, selector_of(*protocol.savings_rate + "()"), rate_call)
                                  : calls.ask(protocol.pot, dsr, rate_call);
  const auto holder_of = [&](const Vault& vault) {
    const auto found = holders.find(&vault);
    return found == holders.end() ? Answer() : found->second;
  };
  // A Vault whose step fails is left out of the next ones (reset).
  std::vector<std::optional<VaultRead>> vaults(protocol.vaults.size());
  for (std::size_t i = 0; i < vaults.size(); ++i) {
    const Vault& vault = protocol.vaults[i];
    vault_step(chain.name, vault, reading,
               [&] { vaults[i].emplace(protocol, vault, calls, calls_by_chain, held, holder_of(vault)); });
  }
  calls_by_chain.send();

  reading.coin_decimals = calls.decimals(coin_decimals, "COIN.decimals");
  reading.coin_supply = coin_supply.uint();
  reading.scoin_decimals = calls.decimals(scoin_decimals, "sCOIN.decimals");
  reading.scoin_supply = scoin_supply.uint();
  reading.scoin_assets = scoin_assets.uint();
  reading.par = par_answer.uint();
  reading.base = base_answer.uint();
  reading.savings_rate = savings_rate.uint();
  if (!is_per_second_rate(reading.savings_rate)) {
    throw ReadError(rate_call + " " + reading.savings_rate + " is not a per-second rate in ray");
  }

  // The calls that needed those answers: first the COIN in the pockets and buffers, a figure of
  // the chain (a pocket or buffer that cannot be read skips it), then the Vaults'.
  for (const auto& [vault, holder] : holders) {
    const bool lite = std::holds_alternative<LitePsmHeld>(vault->holding);
    const Address address = calls.address(holder, vault->ilk + (lite ? " LitePsm.pocket" : " AllocatorVault.buffer"));
    held.ask(address, vault->ilk + (lite ? " COIN.balanceOf(pocket)" : " COIN.balanceOf(buffer)"));
  }
  const Answer scoin_share_value =
      calls.ask(protocol.staked_token, convert_to_assets, "sCOIN.convertToAssets",
                {uint256_word("1" + std::string(std::stoul(reading.scoin_decimals), '0'))});
  for (std::size_t i = 0; i < vaults.size(); ++i) {
    if (vaults[i] && !vault_step(chain.name, protocol.vaults[i], reading, [&] { vaults[i]->ask_more(); })) {
      vaults[i].reset();
    }
  }
  calls_by_chain.send();

  reading.scoin_share_value = scoin_share_value.uint();
  reading.coin_held = held.take(reading.coin_supply);
  for (std::size_t i = 0; i < vaults.size(); ++i) {
    if (!vaults[i]) continue;
    vault_step(chain.name, protocol.vaults[i], reading, [&] { reading.vaults.push_back(vaults[i]->take(reading)); });
  }
  return reading;
}

}  // namespace coin::indexer
