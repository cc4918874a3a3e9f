#include "indexer/chain_reader.hpp"

#include <cstdint>
#include <stdexcept>
#include <variant>
#include <vector>

#include "indexer/abi.hpp"
#include "indexer/base58.hpp"

namespace coin::indexer {

namespace {

// Selectors (solc's methodIdentifiers in chain/artifacts.json; the same on every deployment).
constexpr std::uint32_t decimals = 0x313ce567;           // decimals()
constexpr std::uint32_t total_supply = 0x18160ddd;       // totalSupply()
constexpr std::uint32_t balance_of = 0x70a08231;         // balanceOf(address)
constexpr std::uint32_t total_assets = 0x01e1d114;       // totalAssets()
constexpr std::uint32_t convert_to_assets = 0x07a2d13a;  // convertToAssets(uint256)
constexpr std::uint32_t asset = 0x38d52e0f;              // asset()
constexpr std::uint32_t ssr = 0x03607ceb;                // ssr()
constexpr std::uint32_t ilks = 0xd9638d36;               // ilks(bytes32): Vat, Jug and Spot
constexpr std::uint32_t base = 0x5001f3b5;               // base()
constexpr std::uint32_t par = 0x495d32cb;                // par()
constexpr std::uint32_t dsr = 0x487bf082;                // dsr()
constexpr std::uint32_t tin = 0x568d4b6f;                // tin()
constexpr std::uint32_t get_reserve_data = 0x35ea6a75;   // getReserveData(address)

constexpr std::size_t reserve_data_words = 15;  // Aave v3's ReserveData
constexpr std::size_t liquidity_rate_word = 2;  // currentLiquidityRate, an annual ray
constexpr std::size_t a_token_word = 8;         // aTokenAddress

// A per-second rate in ray is at least one ray (no negative rates) and below two (100% a
// second): anything else is not a rate, and its APY would not fit a NUMERIC.
bool is_per_second_rate(const std::string& decimal) {
  return decimal.size() == 28 && decimal[0] == '1';
}

// a > b, for decimal texts without leading zeros.
bool is_more(const std::string& a, const std::string& b) {
  return a.size() != b.size() ? a.size() > b.size() : a > b;
}

// eth_call on one chain at one block.
class Calls {
 public:
  Calls(const Chain& chain, Nodes& nodes) : chain_(chain), nodes_(nodes) {
    if (chain.pin_block) {
      const Json::Value number = nodes_.call("eth_blockNumber", Json::Value(Json::arrayValue));
      block_ = number.isString() ? number.asString() : "";
      try {
        block_number_ = quantity_to_decimal(block_);
      } catch (const AbiError& e) {
        throw ReadError(chain.name + " eth_blockNumber: " + e.what());
      }
    }
  }

  const std::string& block_number() const { return block_number_; }

  // The call's words, `expected` of them; `what` names the call in an error.
  std::vector<Word> words(const Address& to, const std::string& data, std::size_t expected,
                          const std::string& what) {
    Json::Value call(Json::objectValue);
    call["to"] = to.call;
    call["data"] = data;
    Json::Value params(Json::arrayValue);
    params.append(call);
    params.append(block_);
    try {
      const Json::Value result = nodes_.call("eth_call", params);
      if (!result.isString()) throw AbiError("the result is not a string");
      return split_words(result.asString(), expected);
    } catch (const std::exception& e) {
      throw ReadError(what + " at " + to.shown + " on " + chain_.name + ": " + e.what());
    }
  }

  // A call that answers one uint256, as decimal text.
  std::string uint(const Address& to, std::uint32_t selector, const std::string& what,
                   std::initializer_list<Word> arguments = {}) {
    return word_to_decimal(words(to, call_data(selector, arguments), 1, what)[0]);
  }

  std::string decimals_of(const Address& token, const std::string& what) {
    try {
      return std::to_string(word_to_small(words(token, call_data(decimals), 1, what)[0], 77));
    } catch (const AbiError& e) {
      throw ReadError(what + " at " + token.shown + " on " + chain_.name + ": " + e.what());
    }
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

 private:
  const Chain& chain_;
  Nodes& nodes_;
  std::string block_ = "latest";
  std::string block_number_ = "latest";
};

const Chain& chain_named(const Config& config, const std::string& name) {
  for (const Chain& chain : config.chains) {
    if (chain.name == name) return chain;
  }
  throw std::logic_error("no chain " + name);  // load_config checked that every position's chain is there
}

PositionReading read_position(const Position& position, Calls& calls) {
  PositionReading reading;
  reading.position = &position;
  const std::string name = position.platform + " " + position.asset + " position";
  const Word holder = address_word(position.operator_address.call);
  if (const auto* aave = std::get_if<AaveV3Read>(&position.read)) {
    const std::string data = call_data(get_reserve_data, {address_word(aave->reserve.call)});
    const std::vector<Word> reserve =
        calls.words(aave->pool, data, reserve_data_words, name + ": Pool.getReserveData");
    reading.annual_rate = true;
    reading.rate = word_to_decimal(reserve[liquidity_rate_word]);
    const Address a_token = calls.address(reserve[a_token_word], name + ": Pool.getReserveData aTokenAddress");
    reading.decimals = calls.decimals_of(a_token, name + ": aToken.decimals");
    reading.balance = calls.uint(a_token, balance_of, name + ": aToken.balanceOf", {holder});
  } else {
    const Address& vault = std::get<Erc4626Read>(position.read).vault;
    const std::string shares = calls.uint(vault, balance_of, name + ": vault.balanceOf", {holder});
    reading.balance = calls.uint(vault, convert_to_assets, name + ": vault.convertToAssets",
                                 {uint256_word(shares)});
    const Address underlying = calls.address(calls.words(vault, call_data(asset), 1, name + ": vault.asset")[0],
                                             name + ": vault.asset");
    reading.decimals = calls.decimals_of(underlying, name + ": asset.decimals");
    reading.rate = calls.uint(vault, ssr, name + ": vault.ssr");
    if (!is_per_second_rate(reading.rate)) {
      throw ReadError(name + ": vault.ssr " + reading.rate + " is not a per-second rate in ray");
    }
  }
  return reading;
}

}  // namespace

ChainReading read_chain(const Config& config, const Chain& chain, NodesByChain& nodes) {
  const Protocol& protocol = *chain.protocol;
  std::map<std::string, Calls> calls_by_chain;  // this chain's, and those of its positions
  Calls& calls = calls_by_chain.try_emplace(chain.name, chain, nodes.at(chain.name)).first->second;

  ChainReading reading;
  reading.block = calls.block_number();
  reading.coin_decimals = calls.decimals_of(protocol.token, "COIN.decimals");
  reading.coin_supply = calls.uint(protocol.token, total_supply, "COIN.totalSupply");
  reading.coin_staked = calls.uint(protocol.token, balance_of, "COIN.balanceOf(sCOIN)",
                                   {address_word(protocol.staked_token.call)});
  reading.scoin_decimals = calls.decimals_of(protocol.staked_token, "sCOIN.decimals");
  reading.scoin_supply = calls.uint(protocol.staked_token, total_supply, "sCOIN.totalSupply");
  reading.scoin_assets = calls.uint(protocol.staked_token, total_assets, "sCOIN.totalAssets");
  reading.scoin_share_value =
      calls.uint(protocol.staked_token, convert_to_assets, "sCOIN.convertToAssets",
                 {uint256_word("1" + std::string(std::stoul(reading.scoin_decimals), '0'))});
  reading.par = calls.uint(protocol.spot, par, "Spot.par");
  reading.base = calls.uint(protocol.jug, base, "Jug.base");
  reading.dsr = calls.uint(protocol.pot, dsr, "Pot.dsr");
  if (!is_per_second_rate(reading.dsr)) {
    throw ReadError("Pot.dsr " + reading.dsr + " is not a per-second rate in ray");
  }
  if (is_more(reading.coin_staked, reading.coin_supply)) {
    throw ReadError("COIN.balanceOf(sCOIN) " + reading.coin_staked + " is more than COIN.totalSupply " +
                    reading.coin_supply);
  }

  for (const Vault& vault : protocol.vaults) {
    VaultReading& vault_reading = reading.vaults.emplace_back();
    vault_reading.vault = &vault;
    const std::string& ilk = vault.ilk;
    const std::string ilk_call = call_data(ilks, {ilk_word(ilk)});
    const std::vector<Word> vat = calls.words(protocol.vat, ilk_call, 5, "Vat.ilks(" + ilk + ")");
    vault_reading.art = word_to_decimal(vat[0]);
    vault_reading.rate = word_to_decimal(vat[1]);
    vault_reading.spot = word_to_decimal(vat[2]);
    vault_reading.line = word_to_decimal(vat[3]);
    vault_reading.dust = word_to_decimal(vat[4]);
    vault_reading.duty = word_to_decimal(calls.words(protocol.jug, ilk_call, 2, "Jug.ilks(" + ilk + ")")[0]);
    vault_reading.mat = word_to_decimal(calls.words(protocol.spot, ilk_call, 2, "Spot.ilks(" + ilk + ")")[1]);
    vault_reading.collateral_decimals = calls.decimals_of(vault.collateral, ilk + " collateral.decimals");
    vault_reading.locked = calls.uint(vault.collateral, balance_of, ilk + " collateral.balanceOf(join)",
                                      {address_word(vault.join.call)});
    if (vault.psm) vault_reading.tin = calls.uint(*vault.psm, tin, ilk + " Psm.tin");
    for (const Position& position : vault.positions) {
      const Chain& on = chain_named(config, position.chain);
      Calls& position_calls = calls_by_chain.try_emplace(on.name, on, nodes.at(on.name)).first->second;
      vault_reading.positions.push_back(read_position(position, position_calls));
    }
  }
  return reading;
}

}  // namespace coin::indexer
