#include "indexer/chain_reader.hpp"

#include <cstdint>
#include <stdexcept>
#include <variant>
#include <vector>

#include "indexer/abi.hpp"
#include "indexer/base58.hpp"
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

// eth_call on one chain, at one block unless the chain is read at "latest": its newest, or
// the newest at or before `at`.
class Calls {
 public:
  Calls(const Chain& chain, Nodes& nodes, BlockFinder& blocks, std::optional<std::int64_t> at)
      : chain_(chain), nodes_(nodes), blocks_(blocks) {
    if (!chain.pin_block) {
      if (at) throw std::logic_error(chain.name + " is read at latest: no past block");
      return;
    }
    const Json::Value number = node_call("eth_blockNumber", Json::Value(Json::arrayValue));
    std::uint64_t block = 0;
    try {
      block = std::stoull(quantity_to_decimal(number.isString() ? number.asString() : ""));
    } catch (const AbiError& e) {
      throw ReadError(chain.name + " eth_blockNumber: " + e.what());
    }
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
  const std::string& block() const { return block_; }

  // The call's words, `expected` of them, at `block` (the round's by default); `what` names the
  // call in an error.
  std::vector<Word> words(const Address& to, const std::string& data, std::size_t expected,
                          const std::string& what, const std::string& block = "") {
    Json::Value call(Json::objectValue);
    call["to"] = to.call;
    call["data"] = data;
    Json::Value params(Json::arrayValue);
    params.append(call);
    params.append(block.empty() ? block_ : block);
    try {
      const Json::Value result = node_call("eth_call", params);
      if (!result.isString()) throw AbiError("the result is not a string");
      return split_words(result.asString(), expected);
    } catch (const NodeError& e) {
      throw NodeError(what + " at " + to.shown + " on " + chain_.name + ": " + e.what(), chain_.name);
    } catch (const std::exception& e) {
      throw ReadError(what + " at " + to.shown + " on " + chain_.name + ": " + e.what());
    }
  }

  // A call that answers one uint256, as decimal text.
  std::string uint(const Address& to, std::uint32_t selector, const std::string& what,
                   std::initializer_list<Word> arguments = {}, const std::string& block = "") {
    return word_to_decimal(words(to, call_data(selector, arguments), 1, what, block)[0]);
  }

  std::string decimals_of(const Address& token, const std::string& what) {
    return std::to_string(small(words(token, call_data(decimals), 1, what)[0], what));
  }

  // An address a contract answered, in this chain's forms; `what` names the call.
  Address address(const Word& word, const std::string& what) {
    try {
      const std::string hex = word_to_address(word);
      return {hex, chain_.name == "tron" ? hex_to_tron(hex) : hex};
    } catch (const AbiError& e) {
      throw ReadError(what + " on " + chain_.name + ": " + e.what());
    }
  }

  Address address_of(const Address& to, std::uint32_t selector, const std::string& what) {
    return address(words(to, call_data(selector), 1, what)[0], what);
  }

  // The time of the round's block, and the newest block at or before a time (pinned chains).
  std::int64_t time() { return blocks_.time_of(std::stoull(block_number_)); }
  std::uint64_t block_at(std::int64_t time) { return blocks_.block_at(time, std::stoull(block_number_)); }
  std::int64_t time_of(std::uint64_t block) { return blocks_.time_of(block); }

 private:
  Json::Value node_call(const std::string& method, const Json::Value& params) {
    try {
      return nodes_.call(method, params);
    } catch (const NodeError& e) {
      throw NodeError(e.what(), chain_.name);
    }
  }

  unsigned small(const Word& word, const std::string& what) {
    try {
      return word_to_small(word, 77);
    } catch (const AbiError& e) {
      throw ReadError(what + " on " + chain_.name + ": " + e.what());
    }
  }

  const Chain& chain_;
  Nodes& nodes_;
  BlockFinder& blocks_;
  std::string block_ = "latest";
  std::string block_number_ = "latest";
};

// The round's calls on each chain it reads, made on first use, all at one time.
class CallsByChain {
 public:
  CallsByChain(const Config& config, ChainAccess& access, std::optional<std::int64_t> at)
      : config_(config), access_(access), at_(at) {}

  Calls& on(const std::string& name) {
    if (const auto found = calls_.find(name); found != calls_.end()) return found->second;
    for (const Chain& chain : config_.chains) {
      if (chain.name == name) {
        return calls_.try_emplace(name, chain, access_.nodes(name), access_.blocks(name), at_).first->second;
      }
    }
    throw std::logic_error("no chain " + name);  // load_config checked every position's chain
  }

 private:
  const Config& config_;
  ChainAccess& access_;
  std::optional<std::int64_t> at_;
  std::map<std::string, Calls> calls_;
};

void read_rate(const Erc4626Read& read, const std::string& name, Calls& calls, PositionReading& reading) {
  if (read.rate_getter) {
    const std::string getter = "vault." + *read.rate_getter;
    reading.rate = calls.uint(read.vault, selector_of(*read.rate_getter + "()"), name + ": " + getter);
    if (!is_per_second_rate(reading.rate)) {
      throw ReadError(name + ": " + getter + " " + reading.rate + " is not a per-second rate in ray");
    }
    return;
  }
  // No rate getter: the growth of one share's assets (convertToAssets(10^decimals)) from the
  // block apy_days before the round's to the round's, over the time between the two.
  reading.rate_kind = RateKind::growth;
  const Word share = uint256_word("1" + std::string(std::stoul(calls.decimals_of(read.vault, name + ": vault.decimals")), '0'));
  const std::int64_t now = calls.time();
  const std::uint64_t then = calls.block_at(now - read.apy_days * seconds_per_day);
  reading.share_value = calls.uint(read.vault, convert_to_assets, name + ": vault.convertToAssets", {share});
  reading.share_value_then = calls.uint(read.vault, convert_to_assets,
                                        name + ": vault.convertToAssets at block " + std::to_string(then),
                                        {share}, quantity(then));
  reading.seconds = std::to_string(now - calls.time_of(then));
  if (reading.share_value_then == "0" || reading.seconds == "0") {
    throw ReadError(name + ": no share price " + std::to_string(read.apy_days) + " days before block " +
                    calls.block_number());
  }
}

PositionReading read_position(const Position& position, Calls& calls) {
  PositionReading reading;
  reading.position = &position;
  reading.block = calls.provenance();
  const std::string name = position.platform + " " + position.asset + " position";
  const Word holder = address_word(position.operator_address.call);
  if (const auto* aave = std::get_if<AaveV3Read>(&position.read)) {
    const std::string data = call_data(get_reserve_data, {address_word(aave->reserve.call)});
    const std::vector<Word> reserve =
        calls.words(aave->pool, data, reserve_data_words, name + ": Pool.getReserveData");
    reading.rate_kind = RateKind::annual;
    reading.rate = word_to_decimal(reserve[liquidity_rate_word]);
    const Address a_token = calls.address(reserve[a_token_word], name + ": Pool.getReserveData aTokenAddress");
    reading.decimals = calls.decimals_of(a_token, name + ": aToken.decimals");
    reading.balance = calls.uint(a_token, balance_of, name + ": aToken.balanceOf", {holder});
  } else {
    const Erc4626Read& read = std::get<Erc4626Read>(position.read);
    const std::string shares = calls.uint(read.vault, balance_of, name + ": vault.balanceOf", {holder});
    reading.balance = calls.uint(read.vault, convert_to_assets, name + ": vault.convertToAssets",
                                 {uint256_word(shares)});
    const Address underlying = calls.address_of(read.vault, asset, name + ": vault.asset");
    reading.decimals = calls.decimals_of(underlying, name + ": asset.decimals");
    read_rate(read, name, calls, reading);
  }
  return reading;
}

// Where the Vault's collateral is held: what it has locked and what of its Art counts as minted.
void read_holding(const Protocol& protocol, const ChainReading& chain, const Vault& vault, Calls& calls,
                  VaultReading& reading) {
  const std::string& ilk = vault.ilk;
  if (const auto* join = std::get_if<JoinHeld>(&vault.holding)) {
    reading.locked_decimals = calls.decimals_of(join->collateral, ilk + " collateral.decimals");
    reading.locked = calls.uint(join->collateral, balance_of, ilk + " collateral.balanceOf(join)",
                                {address_word(join->join.call)});
    if (join->psm) reading.tin = calls.uint(*join->psm, tin, ilk + " Psm.tin");
  } else if (const auto* lite = std::get_if<LitePsmHeld>(&vault.holding)) {
    // dss-lite-psm: the gem sits in the pocket; the COIN that fill() pre-minted into the PSM
    // itself is part of the ilk's Art but held by no one.
    const Address gem_token = calls.address_of(lite->psm, gem, ilk + " LitePsm.gem");
    const Address gem_pocket = calls.address_of(lite->psm, pocket, ilk + " LitePsm.pocket");
    reading.locked_decimals = calls.decimals_of(gem_token, ilk + " gem.decimals");
    reading.locked = calls.uint(gem_token, balance_of, ilk + " gem.balanceOf(pocket)", {address_word(gem_pocket.call)});
    reading.tin = calls.uint(lite->psm, tin, ilk + " LitePsm.tin");
    reading.premint = chain.premints.at(&vault);
  } else {
    // dss-allocator: the AllocatorVault draws on its own urn, and what it drew sits in its
    // buffer until the positions take it.
    const Address& allocator = std::get<AllocatorHeld>(vault.holding).vault;
    const std::vector<Word> urn = calls.words(protocol.vat, call_data(urns, {ilk_word(ilk), address_word(allocator.call)}),
                                              2, "Vat.urns(" + ilk + ", AllocatorVault)");
    reading.art = word_to_decimal(urn[1]);
    const Address vault_buffer = calls.address_of(allocator, buffer, ilk + " AllocatorVault.buffer");
    reading.locked_decimals = calls.decimals_of(protocol.token, ilk + " COIN.decimals");
    reading.locked = calls.uint(protocol.token, balance_of, ilk + " COIN.balanceOf(buffer)",
                                {address_word(vault_buffer.call)});
    reading.locked_is_coin = true;
  }
}

VaultReading read_vault(const Protocol& protocol, const ChainReading& chain, const Vault& vault,
                        CallsByChain& calls_by_chain, Calls& calls) {
  VaultReading reading;
  reading.vault = &vault;
  const std::string& ilk = vault.ilk;
  const std::string ilk_call = call_data(ilks, {ilk_word(ilk)});
  const std::vector<Word> vat = calls.words(protocol.vat, ilk_call, 5, "Vat.ilks(" + ilk + ")");
  reading.art = word_to_decimal(vat[0]);
  reading.rate = word_to_decimal(vat[1]);
  reading.spot = word_to_decimal(vat[2]);
  reading.line = word_to_decimal(vat[3]);
  reading.dust = word_to_decimal(vat[4]);
  reading.duty = word_to_decimal(calls.words(protocol.jug, ilk_call, 2, "Jug.ilks(" + ilk + ")")[0]);
  reading.mat = word_to_decimal(calls.words(protocol.spot, ilk_call, 2, "Spot.ilks(" + ilk + ")")[1]);
  read_holding(protocol, chain, vault, calls, reading);
  // A fee above 100% is no fee: dss-lite-psm's HALTED (2^256 - 1) stops the swap that way.
  if (is_more(reading.tin, wad)) {
    throw ReadError(ilk + ": tin " + reading.tin + " is more than 100%: the PSM is halted, it has no fee to show");
  }
  if (is_more(reading.premint, reading.art)) {
    throw ReadError(ilk + ": the PSM holds " + reading.premint + " COIN, more than the ilk's Art " + reading.art);
  }
  for (const Position& position : vault.positions) {
    reading.positions.push_back(read_position(position, calls_by_chain.on(position.chain)));
  }
  return reading;
}

}  // namespace

ChainAccess::ChainAccess(const Config& config, double max_rps) {
  for (const Chain& chain : config.chains) {
    Nodes& nodes = nodes_.try_emplace(chain.name, chain.rpc, std::chrono::seconds(config.timeout_seconds), max_rps)
                       .first->second;
    finders_.try_emplace(chain.name, chain.name, nodes);
  }
}

long long ChainAccess::requests() const {
  long long total = 0;
  for (const auto& [name, nodes] : nodes_) total += nodes.requests();
  return total;
}

ChainReading read_chain(const Config& config, const Chain& chain, ChainAccess& access, std::optional<std::int64_t> at) {
  const Protocol& protocol = *chain.protocol;
  CallsByChain calls_by_chain(config, access, at);
  Calls& calls = calls_by_chain.on(chain.name);

  // What every figure of the chain rests on: a failure here skips the chain.
  ChainReading reading;
  reading.block = calls.block_number();
  reading.provenance = calls.provenance();
  reading.coin_decimals = calls.decimals_of(protocol.token, "COIN.decimals");
  reading.coin_supply = calls.uint(protocol.token, total_supply, "COIN.totalSupply");
  // A Pot-holding sCOIN holds no COIN token: every token circulates.
  reading.coin_staked = protocol.savings == Savings::pot
                            ? "0"
                            : calls.uint(protocol.token, balance_of, "COIN.balanceOf(sCOIN)",
                                         {address_word(protocol.staked_token.call)});
  reading.scoin_decimals = calls.decimals_of(protocol.staked_token, "sCOIN.decimals");
  reading.scoin_supply = calls.uint(protocol.staked_token, total_supply, "sCOIN.totalSupply");
  reading.scoin_assets = calls.uint(protocol.staked_token, total_assets, "sCOIN.totalAssets");
  reading.scoin_share_value =
      calls.uint(protocol.staked_token, convert_to_assets, "sCOIN.convertToAssets",
                 {uint256_word("1" + std::string(std::stoul(reading.scoin_decimals), '0'))});
  reading.par = calls.uint(protocol.spot, par, "Spot.par");
  reading.base = calls.uint(protocol.jug, base, "Jug.base");
  const std::string rate_call = protocol.savings_rate ? "sCOIN." + *protocol.savings_rate : "Pot.dsr";
  reading.savings_rate = protocol.savings_rate
                             ? calls.uint(protocol.staked_token, selector_of(*protocol.savings_rate + "()"), rate_call)
                             : calls.uint(protocol.pot, dsr, rate_call);
  if (!is_per_second_rate(reading.savings_rate)) {
    throw ReadError(rate_call + " " + reading.savings_rate + " is not a per-second rate in ray");
  }
  for (const Vault& vault : protocol.vaults) {
    if (const auto* lite = std::get_if<LitePsmHeld>(&vault.holding)) {
      reading.premints[&vault] = calls.uint(protocol.token, balance_of, vault.ilk + " COIN.balanceOf(LitePsm)",
                                            {address_word(lite->psm.call)});
    }
  }
  if (is_more(reading.coin_staked, reading.coin_supply)) {
    throw ReadError("COIN.balanceOf(sCOIN) " + reading.coin_staked + " is more than COIN.totalSupply " +
                    reading.coin_supply);
  }

  // A Vault that cannot be read, or one of whose positions cannot, is left out alone; only the
  // loss of this chain's nodes ends the round's reads of it.
  for (const Vault& vault : protocol.vaults) {
    try {
      reading.vaults.push_back(read_vault(protocol, reading, vault, calls_by_chain, calls));
    } catch (const NodeError& e) {
      if (e.chain == chain.name) throw;
      reading.skipped.push_back({&vault, e.what()});
    } catch (const ReadError& e) {
      reading.skipped.push_back({&vault, e.what()});
    }
  }
  return reading;
}

}  // namespace coin::indexer
