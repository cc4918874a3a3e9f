#include "indexer/chain_reader.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "indexer/abi.hpp"
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
const std::uint32_t hop = selector_of("hop()");  // an OSM's; a DSValue has none

// An OSM's storage (makerdao/osm, src/osm.sol): wards 0, stopped 1, src, hop and zzz packed in 2,
// cur 3, nxt 4, bud 5. A Feed {uint128 val; uint128 has} is one word, val in its low 16 bytes.
// peep() answers whitelisted callers only, so the next price is read from the slot.
constexpr std::uint64_t osm_nxt_slot = 4;

constexpr std::size_t reserve_data_words = 15;  // Aave v3's ReserveData (v3.1+: ReserveDataLegacy)
constexpr std::size_t liquidity_rate_word = 2;  // currentLiquidityRate, an annual ray
constexpr std::size_t a_token_word = 8;         // aTokenAddress
constexpr std::int64_t seconds_per_day = 86400;
constexpr const char* wad = "1000000000000000000";  // a PSM's fee of 100%
constexpr const char* zero_address = "0x0000000000000000000000000000000000000000";

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
    // The pip's next price, where it is an OSM: hop() answers only there.
    const Address pip = calls_.address(spot_.words()[0], "Spot.ilks(" + ilk + ").pip");
    hop_ = calls_.ask(pip, hop, ilk + " pip.hop");
    next_ = calls_.storage(pip, osm_nxt_slot, ilk + " OSM.nxt");
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
    reading.next_price = next_price();
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
  // The OSM's nxt.val (wad) when it has one (nxt.has = 1); empty when the pip is no OSM.
  std::string next_price() const {
    try {
      hop_.words();
    } catch (const ReadError&) {
      return "";  // reverted, or no code: not an OSM
    }
    try {
      const Word& feed = next_.words()[0];
      Word has{};
      Word val{};
      std::copy(feed.begin(), feed.begin() + 16, has.begin() + 16);
      std::copy(feed.begin() + 16, feed.end(), val.begin() + 16);
      return word_to_decimal(has) == "1" ? word_to_decimal(val) : "";
    } catch (const ReadError&) {
      return "";  // a node without eth_getStorageAt: no next price shown
    }
  }

  const Vault& vault_;
  Calls& calls_;
  HeldCoin& held_;
  Answer holder_;                     // a lite PSM's pocket(), an AllocatorVault's buffer()
  Answer vat_, jug_, spot_;           // ilks(ilk) of each
  Answer locked_, locked_decimals_;   // what is locked, and its token's decimals
  Answer tin_;                        // a PSM's fee
  Answer gem_;                        // dss-lite-psm
  Answer urn_;                        // dss-allocator
  Answer hop_, next_;                 // the pip's hop() and, on an OSM, its nxt
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

// The Clippers Dog.ilks named (none for an ilk without one). One that cannot be read leaves the
// urns and auctions unread this round (ChainReading::clippers_error), not the snapshot.
void read_clippers(const std::string& chain, Calls& calls, const std::vector<std::pair<std::string, Answer>>& clips,
                   ChainReading& reading) {
  try {
    for (const auto& [what, answer] : clips) {
      const Address clip = calls.address(answer, what + ".clip");
      if (clip.call != zero_address && !std::any_of(reading.clippers.begin(), reading.clippers.end(),
                                                    [&](const Address& known) { return known.call == clip.call; })) {
        reading.clippers.push_back(clip);
      }
    }
  } catch (const NodeError& e) {
    if (e.chain == chain) throw;
    reading.clippers_error = e.what();
  } catch (const ReadError& e) {
    reading.clippers_error = e.what();
  }
}

}  // namespace

ChainReading read_chain(const Config& config, const Chain& chain, ChainAccess& access, std::optional<std::int64_t> at,
                        const std::map<std::string, std::uint64_t>& blocks) {
  const Protocol& protocol = *chain.protocol;
  CallsByChain calls_by_chain(config, access, at, blocks);
  Calls& calls = calls_by_chain.on(chain.name);
  if (blocks.count(chain.name) != 0) calls_by_chain.read_at(calls.time());

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
  // The Clippers of the regular Vault types, where the file names a Dog: Dog.ilks(ilk) is (clip,
  // chop, hole, dirt).
  std::vector<std::pair<std::string, Answer>> clips;
  if (protocol.dog) {
    for (const Vault& vault : protocol.vaults) {
      if (vault.kind != VaultKind::regular) continue;
      const std::string what = "Dog.ilks(" + vault.ilk + ")";
      clips.emplace_back(what, calls.ask(*protocol.dog, call_data(ilks, {ilk_word(vault.ilk)}), 4, what));
    }
  }
  // A Vault whose step fails is left out of the next ones (reset).
  std::vector<std::optional<VaultRead>> vaults(protocol.vaults.size());
  for (std::size_t i = 0; i < vaults.size(); ++i) {
    const Vault& vault = protocol.vaults[i];
    vault_step(chain.name, vault, reading,
               [&] { vaults[i].emplace(protocol, vault, calls, calls_by_chain, held, holder_of(vault)); });
  }
  calls_by_chain.send();

  reading.coin_decimals = calls.decimals(coin_decimals, "COIN.decimals");
  read_clippers(chain.name, calls, clips, reading);
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
