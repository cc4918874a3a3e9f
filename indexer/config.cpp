#include "indexer/config.hpp"

#include <json/json.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <map>
#include <memory>
#include <sstream>
#include <utility>

#include "indexer/abi.hpp"
#include "indexer/base58.hpp"

namespace coin::indexer {
namespace {

// The chains the protocol is deployed on, in the spec's order.
constexpr std::array<std::string_view, 3> protocol_chains = {"tron", "eth", "bsc"};
// The keys of a chain that only they have.
constexpr std::string_view protocol_keys[] = {"token", "staked_token", "vat", "jug", "spot", "pot", "vaults"};
constexpr int most_timeout_seconds = 3600;

bool is_protocol_chain(std::string_view name) {
  return std::find(protocol_chains.begin(), protocol_chains.end(), name) != protocol_chains.end();
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

// The address at `key`, in the form of `chain`.
Address address(const Json::Value& object, const std::string& path, std::string_view key,
                const std::string& chain) {
  const std::string where = key_path(path, key);
  const Json::Value& value = required_key(object, path, key);
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

// Reads one file, remembering what must be unique in it, and what its positions may name.
class Reader {
 public:
  Config config(const Json::Value& root);

 private:
  Chain chain(const Json::Value& value, const std::string& name);
  Protocol protocol(const Json::Value& value, const std::string& path, const std::string& chain);
  Vault vault(const Json::Value& value, const std::string& path, const std::string& chain);
  Position position(const Json::Value& value, const std::string& path);
  PositionRead position_read(const Json::Value& position, const std::string& path, const std::string& chain);

  std::vector<std::string> chain_names_;
  std::map<std::string, std::string> ilks_;  // the current chain's ilks, each to its Vault's path
  // The positions' platform, chain, asset and operator (its call form), each to its path.
  std::map<std::array<std::string, 4>, std::string> positions_;
};

Config Reader::config(const Json::Value& root) {
  check_keys(root, "", {"timeout_seconds", "chains"});
  Config config;
  if (const Json::Value* timeout = optional_key(root, "timeout_seconds")) {
    const bool whole = timeout->type() == Json::intValue || timeout->type() == Json::uintValue;
    if (!whole || !timeout->isInt() || timeout->asInt() < 1 || timeout->asInt() > most_timeout_seconds) {
      fail("timeout_seconds",
           "a whole number of seconds from 1 to " + std::to_string(most_timeout_seconds) + " expected");
    }
    config.timeout_seconds = timeout->asInt();
  }
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
  for (const std::string_view name : protocol_chains) {
    if (optional_key(chains, name) != nullptr) chain_names_.emplace_back(name);
  }
  if (chain_names_.empty()) fail("chains", "none of tron, eth and bsc, where the protocol is");
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    if (!is_protocol_chain(name)) chain_names_.push_back(name);
  }
  for (const std::string& name : chain_names_) config.chains.push_back(chain(chains[name], name));
  return config;
}

Chain Reader::chain(const Json::Value& value, const std::string& name) {
  const std::string path = "chains." + name;
  check_keys(value, path,
             {"rpc", "pin_block", "token", "staked_token", "vat", "jug", "spot", "pot", "vaults"});
  Chain chain;
  chain.name = name;
  const Json::Value& rpc = required_array(value, path, "rpc");
  if (rpc.empty()) fail(key_path(path, "rpc"), "one or more URLs expected");
  for (Json::ArrayIndex i = 0; i < rpc.size(); ++i) {
    if (!rpc[i].isString() || !is_url(rpc[i].asString())) {
      fail(element_path(key_path(path, "rpc"), i), "not an http:// or https:// URL");
    }
    chain.rpc.push_back(rpc[i].asString());
  }
  if (const Json::Value* pin_block = optional_key(value, "pin_block")) {
    if (!pin_block->isBool()) fail(key_path(path, "pin_block"), "true or false expected");
    chain.pin_block = pin_block->asBool();
  }
  if (is_protocol_chain(name)) {
    chain.protocol = protocol(value, path, name);
  } else {
    for (const std::string_view key : protocol_keys) {
      if (optional_key(value, key) != nullptr) {
        fail(key_path(path, key), "only tron, eth and bsc hold the protocol");
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
                    {}};
  const Json::Value& vaults = required_array(value, path, "vaults");
  ilks_.clear();
  for (Json::ArrayIndex i = 0; i < vaults.size(); ++i) {
    protocol.vaults.push_back(vault(vaults[i], element_path(key_path(path, "vaults"), i), chain));
  }
  return protocol;
}

Vault Reader::vault(const Json::Value& value, const std::string& path, const std::string& chain) {
  check_keys(value, path, {"ilk", "kind", "join", "collateral", "psm", "positions"});
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
  vault.join = address(value, path, "join", chain);
  vault.collateral = address(value, path, "collateral", chain);
  if (vault.kind == VaultKind::psm) {
    vault.psm = address(value, path, "psm", chain);
  } else if (optional_key(value, "psm") != nullptr) {
    fail(key_path(path, "psm"), "only for kind psm");
  }
  if (optional_key(value, "positions") != nullptr) {
    if (vault.kind != VaultKind::allocator) fail(key_path(path, "positions"), "only for kind allocator");
    const Json::Value& positions = required_array(value, path, "positions");
    for (Json::ArrayIndex i = 0; i < positions.size(); ++i) {
      vault.positions.push_back(position(positions[i], element_path(key_path(path, "positions"), i)));
    }
  }
  return vault;
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
  check_keys(value, where, {"kind", "pool", "reserve", "vault"});
  const Json::Value& kind = required_key(value, where, "kind");
  if (kind == "aave-v3") {
    if (optional_key(value, "vault") != nullptr) fail(key_path(where, "vault"), "only for kind erc4626");
    return AaveV3Read{address(value, where, "pool", chain), address(value, where, "reserve", chain)};
  }
  if (kind == "erc4626") {
    for (const std::string_view key : {"pool", "reserve"}) {
      if (optional_key(value, key) != nullptr) fail(key_path(where, key), "only for kind aave-v3");
    }
    return Erc4626Read{address(value, where, "vault", chain)};
  }
  fail(key_path(where, "kind"), "aave-v3 or erc4626 expected");
}

}  // namespace

Config parse_config_json(std::string_view text) {
  Json::CharReaderBuilder builder;
  // No comments, trailing commas or repeated keys: a repeated key would hide one of its values.
  Json::CharReaderBuilder::strictMode(&builder.settings_);
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  Json::Value root;
  std::string errors;
  if (!reader->parse(text.data(), text.data() + text.size(), &root, &errors)) {
    throw ConfigError("not JSON: " + first_error(errors));
  }
  return Reader().config(root);
}

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
