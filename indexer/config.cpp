#include "indexer/config.hpp"

#include <json/json.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <map>
#include <memory>
#include <sstream>
#include <tuple>
#include <utility>

#include "indexer/abi.hpp"
#include "indexer/base58.hpp"
#include "indexer/web_socket_url.hpp"
#include "shared/chain_names.hpp"
#include "shared/chains.hpp"

namespace coin::indexer {
namespace {

// The keys of a chain that only they have.
constexpr std::string_view protocol_keys[] = {"ws", "follow", "poll_ms", "token", "staked_token", "savings", "savings_rate",
                                             "protocol_holders", "vat", "vat_block", "cdp_manager", "dog", "clippers",
                                             "jug", "spot", "pot", "vaults"};
constexpr int most_timeout_seconds = 3600;
constexpr int most_apy_days = 365;
// A block number PostgreSQL's bigint holds (urn_log_range), far beyond any chain's.
constexpr std::uint64_t most_block = 1'000'000'000'000;

bool is_protocol_chain(std::string_view name) {
  const std::vector<std::string_view>& chains = protocol_chains();
  return std::find(chains.begin(), chains.end(), name) != chains.end();
}

[[noreturn]] void fail(const std::string& path, const std::string& reason) {
  throw ConfigError((path.empty() ? "(top level)" : path) + ": " + reason);
}

std::string quoted(const std::string& text) { return Json::valueToQuotedString(text.c_str()); }

std::string key_path(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string element_path(const std::string& path, Json::ArrayIndex index) {
  return path + "[" + std::to_string(index) + "]";
}

// Refuses a value that is not an object, or has a key not among `known`.
void check_keys(const Json::Value& value, const std::string& path,
                std::initializer_list<std::string_view> known) {
  if (!value.isObject()) fail(path, "an object expected");
  for (const std::string& key : value.getMemberNames()) {
    if (std::find(known.begin(), known.end(), key) == known.end()) fail(path, "unknown key " + quoted(key));
  }
}

const Json::Value* optional_key(const Json::Value& object, std::string_view key) {
  return object.find(key.data(), key.data() + key.size());
}

const Json::Value& required_key(const Json::Value& object, const std::string& path, std::string_view key) {
  const Json::Value* value = optional_key(object, key);
  if (value == nullptr) fail(key_path(path, key), "missing");
  return *value;
}

const Json::Value& required_array(const Json::Value& object, const std::string& path, std::string_view key) {
  const Json::Value& value = required_key(object, path, key);
  if (!value.isArray()) fail(key_path(path, key), "an array expected");
  return value;
}

std::string required_text(const Json::Value& object, const std::string& path, std::string_view key) {
  const Json::Value& value = required_key(object, path, key);
  if (!value.isString() || value.asString().empty()) fail(key_path(path, key), "a non-empty string expected");
  return value.asString();
}

bool is_chain_name(const std::string& name) {
  return !name.empty() && name[0] >= 'a' && name[0] <= 'z' &&
         std::all_of(name.begin(), name.end(),
                     [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); });
}

bool is_ilk(const std::string& ilk) {
  const auto allowed = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'; };
  return !ilk.empty() && ilk.size() <= 32 && ilk[0] != '-' && std::all_of(ilk.begin(), ilk.end(), allowed);
}

// A token symbol: a letter, then letters and digits, at most 16 ("USDD", "sUSDD").
bool is_symbol(const std::string& symbol) {
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  return !symbol.empty() && symbol.size() <= 16 && letter(symbol[0]) &&
         std::all_of(symbol.begin(), symbol.end(), [&](char c) { return letter(c) || (c >= '0' && c <= '9'); });
}

// A Solidity function name: a letter, '_' or '$', then those and digits.
bool is_function_name(const std::string& name) {
  const auto first = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$'; };
  return !name.empty() && first(name[0]) &&
         std::all_of(name.begin(), name.end(), [&](char c) { return first(c) || (c >= '0' && c <= '9'); });
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// The name of a function without arguments at `key`, a rate getter: "ssr".
std::string getter(const Json::Value& object, const std::string& path, std::string_view key) {
  const std::string name = required_text(object, path, key);
  if (!is_function_name(name)) {
    fail(key_path(path, key), "the name of a function without arguments expected, e.g. \"ssr\"");
  }
  return name;
}

// A whole number from `least` to `most`: 7, not 7.0 or "7".
int whole_number(const Json::Value& value, const std::string& path, int least, int most, std::string_view unit) {
  const bool whole = value.type() == Json::intValue || value.type() == Json::uintValue;
  if (!whole || !value.isInt() || value.asInt() < least || value.asInt() > most) {
    fail(path, "a whole number of " + std::string(unit) + " from " + std::to_string(least) + " to " +
                   std::to_string(most) + " expected");
  }
  return value.asInt();
}

bool is_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

// "0", "25000000", "1.5": no sign, exponent or leading zero, and digits on both sides of a point.
bool is_decimal(const std::string& text) {
  const std::size_t point = text.find('.');
  const std::string_view whole = std::string_view(text).substr(0, point);
  const bool fraction = point == std::string::npos || is_digits(std::string_view(text).substr(point + 1));
  return is_digits(whole) && (whole.size() == 1 || whole[0] != '0') && fraction;
}

// http:// or https://, then visible ASCII only: what curl is given as it stands.
bool is_url(const std::string& text) {
  std::string_view rest;
  for (const std::string_view scheme : {"http://", "https://"}) {
    if (text.compare(0, scheme.size(), scheme) == 0) rest = std::string_view(text).substr(scheme.size());
  }
  return !rest.empty() && std::all_of(rest.begin(), rest.end(), [](char c) { return c > ' ' && c < 0x7f; });
}

// jsoncpp's first error, "* Line 3, Column 5\n  Missing ',' ...\n", on one line; those after it
// follow from it ("Extra non-whitespace after JSON value").
std::string first_error(const std::string& errors) {
  std::istringstream lines(errors);
  std::string where;
  std::string what;
  std::getline(lines, where);
  std::getline(lines, what);
  where.erase(0, where.rfind("* ", 0) == 0 ? 2 : 0);
  what.erase(0, std::min(what.find_first_not_of(' '), what.size()));
  return where + ": " + what;
}

// An address in the form of `chain`; `where` is its path.
Address address_at(const Json::Value& value, const std::string& where, const std::string& chain) {
  const std::string form = chain == "tron" ? "Base58Check: T and 33 characters" : "0x and 40 hex digits";
  const std::string refused = "not an address of " + chain + " (" + form + ")";
  if (!value.isString()) fail(where, refused);
  const std::string given = value.asString();
  if (chain == "tron") {
    try {
      return {tron_to_hex(given), given};
    } catch (const Base58Error& error) {
      fail(where, refused + ": " + error.what());
    }
  }
  try {
    return {word_to_address(address_word(given)), given};
  } catch (const AbiError&) {
    fail(where, refused);
  }
}

// The address at `key`.
Address address(const Json::Value& object, const std::string& path, std::string_view key,
                const std::string& chain) {
  return address_at(required_key(object, path, key), key_path(path, key), chain);
}

// "follow", "poll_ms" and "ws": what a protocol chain's live snapshot follows between the grid's
// rounds, and how often its node is asked for a new block ("ws" itself is read with "rpc").
void read_follow(const Json::Value& value, const std::string& path, Chain& chain) {
  if (const Json::Value* follow = optional_key(value, "follow")) {
    if (*follow == "head") {
      chain.follow = Follow::head;
    } else if (*follow == "finalized") {
      if (!chain.pin_block) {
        fail(key_path(path, "follow"), "a chain read with \"pin_block\": false has no finalized block to follow");
      }
      chain.follow = Follow::finalized;
    } else if (*follow != "off") {
      fail(key_path(path, "follow"), "\"head\", \"finalized\" or \"off\" expected");
    }
  }
  for (const std::string_view key : {"poll_ms", "ws"}) {
    if (chain.follow == Follow::off && optional_key(value, key) != nullptr) {
      fail(key_path(path, key), "goes with \"follow\": \"head\" or \"finalized\"");
    }
  }
  if (const Json::Value* poll = optional_key(value, "poll_ms")) {
    chain.poll = std::chrono::milliseconds(whole_number(*poll, key_path(path, "poll_ms"), 50, 60000, "milliseconds"));
  }
}

// Reads one file, remembering what must be unique in it, and what its positions may name.
class Reader {
 public:
  // `with_nodes` false reads a public description: the file without its nodes and timeout.
  explicit Reader(bool with_nodes) : with_nodes_(with_nodes) {}
  Config config(const Json::Value& root);

 private:
  Symbols symbols(const Json::Value& value);
  Holding holding(const Json::Value& value, const std::string& path, const std::string& chain, VaultKind kind);
  Chain chain(const Json::Value& value, const std::string& name);
  Protocol protocol(const Json::Value& value, const std::string& path, const std::string& chain);
  Vault vault(const Json::Value& value, const std::string& path, const std::string& chain);
  Position position(const Json::Value& value, const std::string& path);
  PositionRead position_read(const Json::Value& position, const std::string& path, const std::string& chain);

  bool with_nodes_;
  std::vector<std::string> chain_names_;
  std::map<std::string, std::string> ilks_;  // the current chain's ilks, each to its Vault's path
  // The positions' platform, chain, asset and operator (its call form), each to its path.
  std::map<std::array<std::string, 4>, std::string> positions_;
  // The reads at a past block (a share price's growth): their paths and chains.
  std::vector<std::pair<std::string, std::string>> past_block_reads_;
  // The balance reads: their paths, chains and tokens.
  std::vector<std::tuple<std::string, std::string, Address>> balance_reads_;
};

Config Reader::config(const Json::Value& root) {
  check_keys(root, "", {"timeout_seconds", "symbols", "chains"});
  Config config;
  if (const Json::Value* timeout = optional_key(root, "timeout_seconds")) {
    if (!with_nodes_) fail("timeout_seconds", "a public description names no timeout");
    config.timeout_seconds = whole_number(*timeout, "timeout_seconds", 1, most_timeout_seconds, "seconds");
  }
  if (const Json::Value* symbols = optional_key(root, "symbols")) config.symbols = this->symbols(*symbols);
  const Json::Value& chains = required_key(root, "", "chains");
  if (!chains.isObject()) fail("chains", "an object expected");
  std::vector<std::string> names = chains.getMemberNames();
  for (const std::string& name : names) {
    if (!is_chain_name(name)) {
      fail("chains",
           quoted(name) + " is not a chain name (a lowercase letter, then lowercase letters and digits)");
    }
  }
  // The protocol's chains in the spec's order, then the others by name.
  for (const std::string_view name : protocol_chains()) {
    if (optional_key(chains, name) != nullptr) chain_names_.emplace_back(name);
  }
  if (chain_names_.empty()) fail("chains", "none of " + protocol_chain_names() + ", where the protocol is");
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    if (!is_protocol_chain(name)) chain_names_.push_back(name);
  }
  for (const std::string& name : chain_names_) config.chains.push_back(chain(chains[name], name));
  // A share price's growth is read at a past block, which a chain read at "latest" cannot name.
  for (const auto& [path, chain] : past_block_reads_) {
    if (!chains[chain].get("pin_block", true).asBool()) {
      fail(path, "a share price's growth needs \"pin_block\": true on " + chain);
    }
  }
  // COIN the protocol holds is read by rule (its buffers, protocol_holders), never as a position.
  for (const auto& [path, chain, token] : balance_reads_) {
    for (const Chain& read : config.chains) {
      if (read.name == chain && read.protocol && read.protocol->token.call == token.call) {
        fail(key_path(path, "token"), "COIN of " + chain + ": an allocator's COIN is its buffer's, read by rule "
                                      "(docs/indexer.md); name another holder in protocol_holders");
      }
    }
  }
  return config;
}

Symbols Reader::symbols(const Json::Value& value) {
  check_keys(value, "symbols", {"coin", "scoin"});
  Symbols symbols;
  for (auto [key, symbol] : {std::pair{"coin", &symbols.coin}, std::pair{"scoin", &symbols.scoin}}) {
    *symbol = required_text(value, "symbols", key);
    if (!is_symbol(*symbol)) fail(key_path("symbols", key), "a letter, then letters and digits, at most 16, expected");
  }
  // Each is also a path (total-supply/<symbol in lower case>): neither may be the other's.
  const std::string coin = lower(symbols.coin);
  const std::string scoin = lower(symbols.scoin);
  if (coin == scoin || coin == "scoin" || scoin == "coin") {
    fail("symbols", "the two name two paths (total-supply/" + coin + ", total-supply/" + scoin +
                        "), which must differ from each other and from the other token's coin or scoin");
  }
  return symbols;
}

Chain Reader::chain(const Json::Value& value, const std::string& name) {
  const std::string path = "chains." + name;
  check_keys(value, path,
             {"rpc", "ws", "pin_block", "read_at", "calls", "follow", "poll_ms", "token", "staked_token", "savings",
              "savings_rate", "protocol_holders", "vat", "vat_block", "cdp_manager", "dog", "clippers", "jug", "spot", "pot",
              "vaults"});
  Chain chain;
  chain.name = name;
  if (!with_nodes_ && optional_key(value, "rpc") != nullptr) {
    fail(key_path(path, "rpc"), "a public description names no nodes");
  }
  const Json::Value& rpc = with_nodes_ ? required_array(value, path, "rpc") : Json::Value::nullSingleton();
  if (with_nodes_ && rpc.empty()) fail(key_path(path, "rpc"), "one or more URLs expected");
  for (Json::ArrayIndex i = 0; with_nodes_ && i < rpc.size(); ++i) {
    if (!rpc[i].isString() || !is_url(rpc[i].asString())) {
      fail(element_path(key_path(path, "rpc"), i), "not an http:// or https:// URL");
    }
    chain.rpc.push_back(rpc[i].asString());
  }
  if (const Json::Value* ws = optional_key(value, "ws")) {
    const std::string where = key_path(path, "ws");
    if (!with_nodes_) fail(where, "a public description names no nodes");
    if (!ws->isString() || !parse_web_socket_url(ws->asString())) fail(where, "not a ws:// or wss:// URL");
    chain.ws = ws->asString();
  }
  if (const Json::Value* pin_block = optional_key(value, "pin_block")) {
    if (!pin_block->isBool()) fail(key_path(path, "pin_block"), "true or false expected");
    chain.pin_block = pin_block->asBool();
  }
  if (const Json::Value* read_at = optional_key(value, "read_at")) {
    const std::string where = key_path(path, "read_at");
    if (!chain.pin_block) fail(where, "a chain read with \"pin_block\": false reads only \"latest\"");
    chain.read_at.chosen = true;
    if (*read_at == "finalized" || *read_at == "safe" || *read_at == "latest") {
      chain.read_at.tag = read_at->asString();
    } else if (read_at->isNumeric() && !read_at->isBool()) {
      chain.read_at.tag = "latest";
      chain.read_at.confirmations = whole_number(*read_at, where, 1, 100000, "confirmations");
    } else {
      fail(where, "\"finalized\", \"safe\", \"latest\" or a number of confirmations expected");
    }
  }
  if (const Json::Value* calls = optional_key(value, "calls")) {
    if (*calls == "multicall") {
      chain.calls = CallMode::multicall;
    } else if (*calls == "batch") {
      chain.calls = CallMode::batch;
    } else if (*calls == "single") {
      chain.calls = CallMode::single;
    } else {
      fail(key_path(path, "calls"), "\"multicall\", \"batch\" or \"single\" expected");
    }
  }
  if (is_protocol_chain(name)) {
    chain.protocol = protocol(value, path, name);
    read_follow(value, path, chain);
  } else {
    for (const std::string_view key : protocol_keys) {
      if (optional_key(value, key) != nullptr) {
        fail(key_path(path, key), "only " + protocol_chain_names() + " hold the protocol");
      }
    }
  }
  return chain;
}

Protocol Reader::protocol(const Json::Value& value, const std::string& path, const std::string& chain) {
  Protocol protocol{address(value, path, "token", chain),
                    address(value, path, "staked_token", chain),
                    address(value, path, "vat", chain),
                    address(value, path, "jug", chain),
                    address(value, path, "spot", chain),
                    address(value, path, "pot", chain),
                    Savings::token,
                    std::nullopt,
                    {},
                    {},
                    std::nullopt,
                    std::nullopt,
                    std::nullopt,
                    {}};
  if (const Json::Value* savings = optional_key(value, "savings")) {
    if (*savings == "pot") {
      protocol.savings = Savings::pot;
    } else if (*savings != "token") {
      fail(key_path(path, "savings"), "token or pot expected");
    }
  }
  if (optional_key(value, "savings_rate") != nullptr) protocol.savings_rate = getter(value, path, "savings_rate");
  if (const Json::Value* vat_block = optional_key(value, "vat_block")) {
    const bool whole = vat_block->type() == Json::intValue || vat_block->type() == Json::uintValue;
    if (!whole || !vat_block->isUInt64() || vat_block->asUInt64() > most_block) {
      fail(key_path(path, "vat_block"), "a block number expected, a whole number from 0 to " + std::to_string(most_block));
    }
    protocol.vat_block = vat_block->asUInt64();
  }
  if (optional_key(value, "cdp_manager") != nullptr) protocol.cdp_manager = address(value, path, "cdp_manager", chain);
  if (optional_key(value, "dog") != nullptr) protocol.dog = address(value, path, "dog", chain);
  if (optional_key(value, "clippers") != nullptr) {
    const std::string where = key_path(path, "clippers");
    if (!protocol.dog) fail(where, "only with \"dog\": without it no liquidations are read");
    const Json::Value& clippers = required_array(value, path, "clippers");
    for (Json::ArrayIndex i = 0; i < clippers.size(); ++i) {
      protocol.clippers.push_back(address_at(clippers[i], element_path(where, i), chain));
    }
  }
  if (optional_key(value, "protocol_holders") != nullptr) {
    const Json::Value& holders = required_array(value, path, "protocol_holders");
    const std::string where = key_path(path, "protocol_holders");
    for (Json::ArrayIndex i = 0; i < holders.size(); ++i) {
      protocol.holders.push_back(address_at(holders[i], element_path(where, i), chain));
    }
  }
  const Json::Value& vaults = required_array(value, path, "vaults");
  ilks_.clear();
  for (Json::ArrayIndex i = 0; i < vaults.size(); ++i) {
    protocol.vaults.push_back(vault(vaults[i], element_path(key_path(path, "vaults"), i), chain));
  }
  return protocol;
}

Vault Reader::vault(const Json::Value& value, const std::string& path, const std::string& chain) {
  check_keys(value, path, {"ilk", "kind", "join", "collateral", "psm", "lite_psm", "allocator_vault", "positions"});
  Vault vault;
  vault.ilk = required_text(value, path, "ilk");
  if (!is_ilk(vault.ilk)) {
    fail(key_path(path, "ilk"), "capital letters, digits and '-' (not first) expected, at most 32");
  }
  const auto [first, inserted] = ilks_.emplace(vault.ilk, path);
  if (!inserted) fail(key_path(path, "ilk"), quoted(vault.ilk) + " is already " + first->second + "'s");
  const Json::Value& kind = required_key(value, path, "kind");
  if (kind == "regular") {
    vault.kind = VaultKind::regular;
  } else if (kind == "psm") {
    vault.kind = VaultKind::psm;
  } else if (kind == "allocator") {
    vault.kind = VaultKind::allocator;
  } else {
    fail(key_path(path, "kind"), "regular, psm or allocator expected");
  }
  vault.holding = holding(value, path, chain, vault.kind);
  if (optional_key(value, "positions") != nullptr) {
    if (vault.kind != VaultKind::allocator) fail(key_path(path, "positions"), "only for kind allocator");
    const Json::Value& positions = required_array(value, path, "positions");
    for (Json::ArrayIndex i = 0; i < positions.size(); ++i) {
      vault.positions.push_back(position(positions[i], element_path(key_path(path, "positions"), i)));
    }
  }
  return vault;
}

Holding Reader::holding(const Json::Value& value, const std::string& path, const std::string& chain,
                        VaultKind kind) {
  const bool lite_psm = optional_key(value, "lite_psm") != nullptr;
  const bool allocator_vault = optional_key(value, "allocator_vault") != nullptr;
  if (lite_psm + allocator_vault + (optional_key(value, "join") != nullptr) != 1) {
    fail(path, "one of join (with collateral), lite_psm and allocator_vault expected");
  }
  if (lite_psm && kind != VaultKind::psm) fail(key_path(path, "lite_psm"), "only for kind psm");
  if (allocator_vault && kind != VaultKind::allocator) fail(key_path(path, "allocator_vault"), "only for kind allocator");
  if (!lite_psm && !allocator_vault) {
    JoinHeld held{address(value, path, "join", chain), address(value, path, "collateral", chain), std::nullopt};
    if (kind == VaultKind::psm) held.psm = address(value, path, "psm", chain);
    if (kind != VaultKind::psm && optional_key(value, "psm") != nullptr) fail(key_path(path, "psm"), "only for kind psm");
    return held;
  }
  for (const std::string_view key : {"collateral", "psm"}) {
    if (optional_key(value, key) != nullptr) fail(key_path(path, key), "only with join");
  }
  if (lite_psm) return LitePsmHeld{address(value, path, "lite_psm", chain)};
  return AllocatorHeld{address(value, path, "allocator_vault", chain)};
}

Position Reader::position(const Json::Value& value, const std::string& path) {
  check_keys(value, path, {"platform", "chain", "asset", "operator", "strategy", "tag", "principal", "read"});
  Position position;
  position.platform = required_text(value, path, "platform");
  position.chain = required_text(value, path, "chain");
  if (std::find(chain_names_.begin(), chain_names_.end(), position.chain) == chain_names_.end()) {
    fail(key_path(path, "chain"), quoted(position.chain) + " is not a key of chains");
  }
  position.asset = required_text(value, path, "asset");
  position.operator_address = address(value, path, "operator", position.chain);
  position.strategy = required_text(value, path, "strategy");
  if (const Json::Value* tag = optional_key(value, "tag")) {
    if (!tag->isString() && !tag->isNull()) fail(key_path(path, "tag"), "a string or null expected");
    if (tag->isString()) position.tag = tag->asString();
  }
  const Json::Value& principal = required_key(value, path, "principal");
  if (!principal.isString() || !is_decimal(principal.asString())) {
    fail(key_path(path, "principal"), "a decimal string expected, e.g. \"25000000\" or \"1.5\"");
  }
  position.principal = principal.asString();
  position.read = position_read(value, path, position.chain);
  std::array<std::string, 4> key{position.platform, position.chain, position.asset,
                                 position.operator_address.call};
  const auto [first, inserted] = positions_.emplace(std::move(key), path);
  if (!inserted) fail(path, "the same platform, chain, asset and operator as " + first->second);
  return position;
}

PositionRead Reader::position_read(const Json::Value& position, const std::string& path,
                                   const std::string& chain) {
  const std::string where = key_path(path, "read");
  const Json::Value& value = required_key(position, path, "read");
  check_keys(value, where, {"kind", "pool", "reserve", "vault", "rate", "apy_days", "token"});
  const Json::Value& kind = required_key(value, where, "kind");
  const auto only_for = [&](std::initializer_list<std::string_view> keys, const std::string& which) {
    for (const std::string_view key : keys) {
      if (optional_key(value, key) != nullptr) fail(key_path(where, key), "only for kind " + which);
    }
  };
  if (kind != "balance") only_for({"token"}, "balance");
  if (kind == "aave-v3") {
    only_for({"vault", "rate", "apy_days"}, "erc4626");
    return AaveV3Read{address(value, where, "pool", chain), address(value, where, "reserve", chain)};
  }
  if (kind == "balance") {
    only_for({"pool", "reserve"}, "aave-v3");
    only_for({"vault", "rate", "apy_days"}, "erc4626");
    BalanceRead read{address(value, where, "token", chain)};
    balance_reads_.emplace_back(where, chain, read.token);
    return read;
  }
  if (kind == "erc4626") {
    only_for({"pool", "reserve"}, "aave-v3");
    Erc4626Read read{address(value, where, "vault", chain), std::nullopt, 7};
    if (optional_key(value, "rate") != nullptr) {
      if (optional_key(value, "apy_days") != nullptr) fail(key_path(where, "apy_days"), "only without rate");
      read.rate_getter = getter(value, where, "rate");
    } else {
      if (const Json::Value* days = optional_key(value, "apy_days")) {
        read.apy_days = whole_number(*days, key_path(where, "apy_days"), 1, most_apy_days, "days");
      }
      past_block_reads_.emplace_back(where, chain);
    }
    return read;
  }
  fail(key_path(where, "kind"), "aave-v3, erc4626 or balance expected");
}

Config parse_json(std::string_view text, bool with_nodes) {
  Json::CharReaderBuilder builder;
  // No comments, trailing commas or repeated keys: a repeated key would hide one of its values.
  Json::CharReaderBuilder::strictMode(&builder.settings_);
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  Json::Value root;
  std::string errors;
  if (!reader->parse(text.data(), text.data() + text.size(), &root, &errors)) {
    throw ConfigError("not JSON: " + first_error(errors));
  }
  return Reader(with_nodes).config(root);
}

}  // namespace

Config parse_config_json(std::string_view text) { return parse_json(text, true); }

Config parse_description_json(std::string_view text) { return parse_json(text, false); }

Config load_config(const std::string& path) {
  // stdio rather than a stream: a read that fails (a directory: EISDIR) is told from an end.
  struct Close {
    void operator()(std::FILE* file) const { std::fclose(file); }
  };
  const std::unique_ptr<std::FILE, Close> file(std::fopen(path.c_str(), "rb"));
  if (!file) throw ConfigError(path + ": cannot open: " + std::strerror(errno));
  std::string text;
  std::array<char, 4096> buffer;
  while (const std::size_t got = std::fread(buffer.data(), 1, buffer.size(), file.get())) {
    text.append(buffer.data(), got);
  }
  if (std::ferror(file.get())) throw ConfigError(path + ": cannot read: " + std::strerror(errno));
  try {
    return parse_config_json(text);
  } catch (const ConfigError& error) {
    throw ConfigError(path + ": " + error.what());
  }
}

}  // namespace coin::indexer
