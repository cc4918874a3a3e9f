#include <gtest/gtest.h>
#include <json/json.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "indexer/config.hpp"
#include "shared/chain_names.hpp"

namespace coin::indexer {
namespace {

// TRON addresses with their checksums right (indexer_base58_test.cpp says where they come from).
constexpr const char* usdt_tron = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
constexpr const char* usdt_tron_hex = "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c";
constexpr const char* zero_tron = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";

// A small file that passes: tron and eth with the protocol, eth with a Vault type of each kind
// (vaults[2], the allocator, with positions on eth, tron and plasma: an Aave v3 reserve, a vault
// with a rate getter and one without), plasma with positions only.
const char* const valid_text = R"({
  "chains": {
    "tron": {"rpc": ["http://tron.internal:50545/jsonrpc"], "pin_block": false,
             "token": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
             "staked_token": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
             "vat": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "jug": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
             "spot": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "pot": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
             "vaults": [{"ilk": "TRX-A", "kind": "regular", "join": "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
                         "collateral": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"}]},
    "eth": {"rpc": ["https://eth-a.internal", "http://eth-b.internal:8545/"],
            "token": "0x1000000000000000000000000000000000000001",
            "staked_token": "0x1000000000000000000000000000000000000002",
            "vat": "0x1000000000000000000000000000000000000003",
            "jug": "0x1000000000000000000000000000000000000004",
            "spot": "0x1000000000000000000000000000000000000005",
            "pot": "0x1000000000000000000000000000000000000006",
            "vaults": [
              {"ilk": "ETH-A", "kind": "regular", "join": "0x2000000000000000000000000000000000000001",
               "collateral": "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"},
              {"ilk": "PSM-USDC-A", "kind": "psm", "join": "0x2000000000000000000000000000000000000002",
               "collateral": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
               "psm": "0x2000000000000000000000000000000000000003"},
              {"ilk": "SA-USDC-A", "kind": "allocator", "join": "0x2000000000000000000000000000000000000004",
               "collateral": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
               "positions": [
                 {"platform": "Aave", "chain": "eth", "asset": "USDC",
                  "operator": "0x3000000000000000000000000000000000000001", "strategy": "Investment",
                  "principal": "1.5",
                  "read": {"kind": "aave-v3", "pool": "0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2",
                           "reserve": "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"}},
                 {"platform": "JustLend", "chain": "tron", "asset": "USDT",
                  "operator": "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", "strategy": "Investment", "tag": "",
                  "principal": "25000000",
                  "read": {"kind": "erc4626", "vault": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "rate": "ssr"}},
                 {"platform": "Spark", "chain": "plasma", "asset": "USDT",
                  "operator": "0x3000000000000000000000000000000000000002", "strategy": "Investment",
                  "tag": null,
                  "principal": "0",
                  "read": {"kind": "erc4626", "vault": "0x3000000000000000000000000000000000000003"}}
               ]}
            ]},
    "plasma": {"rpc": ["http://plasma.internal:8545"]}
  }
})";

Json::Value valid() {
  Json::Value root;
  std::string errors;
  const std::unique_ptr<Json::CharReader> reader(Json::CharReaderBuilder().newCharReader());
  EXPECT_TRUE(reader->parse(valid_text, valid_text + std::strlen(valid_text), &root, &errors)) << errors;
  return root;
}

std::string text_of(const Json::Value& root) { return Json::writeString(Json::StreamWriterBuilder(), root); }

std::string error_of_text(const std::string& text) {
  try {
    parse_config_json(text);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "no error";
}

std::string error_of(const Json::Value& root) { return error_of_text(text_of(root)); }

// Shorthands for the parts of valid() the tests change.
Json::Value& eth(Json::Value& root) { return root["chains"]["eth"]; }
Json::Value& eth_vault(Json::Value& root, int index) { return eth(root)["vaults"][index]; }
Json::Value& position(Json::Value& root, int index) { return eth_vault(root, 2)["positions"][index]; }

const std::string not_eth_address = "not an address of eth (0x and 40 hex digits)";

const JoinHeld& join_of(const Vault& vault) { return std::get<JoinHeld>(vault.holding); }
const std::string not_tron_address = "not an address of tron (Base58Check: T and 33 characters)";

TEST(IndexerConfig, ReadsAValidFile) {
  const Config config = parse_config_json(valid_text);
  EXPECT_EQ(config.timeout_seconds, 10);
  ASSERT_EQ(config.chains.size(), 3u);
  const Chain& tron = config.chains[0];
  EXPECT_EQ(tron.name, "tron");
  EXPECT_FALSE(tron.pin_block);
  ASSERT_TRUE(tron.protocol.has_value());
  EXPECT_EQ(tron.protocol->vat.shown, usdt_tron);
  EXPECT_EQ(tron.protocol->vat.call, usdt_tron_hex);
  EXPECT_EQ(join_of(tron.protocol->vaults.at(0)).join.call, "0x0000000000000000000000000000000000000000");
  EXPECT_EQ(tron.protocol->savings, Savings::token);
  EXPECT_EQ(config.symbols.coin, "COIN");
  EXPECT_EQ(config.symbols.scoin, "sCOIN");

  const Chain& eth = config.chains[1];
  EXPECT_EQ(eth.name, "eth");
  EXPECT_TRUE(eth.pin_block);
  EXPECT_EQ(eth.rpc, (std::vector<std::string>{"https://eth-a.internal", "http://eth-b.internal:8545/"}));
  ASSERT_TRUE(eth.protocol.has_value());
  const std::vector<Vault>& vaults = eth.protocol->vaults;
  ASSERT_EQ(vaults.size(), 3u);
  EXPECT_EQ(vaults[0].ilk, "ETH-A");
  EXPECT_EQ(vaults[0].kind, VaultKind::regular);
  EXPECT_EQ(join_of(vaults[0]).collateral.shown, "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2");
  EXPECT_EQ(join_of(vaults[0]).collateral.call, "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2");
  EXPECT_FALSE(join_of(vaults[0]).psm.has_value());
  EXPECT_EQ(vaults[1].kind, VaultKind::psm);
  ASSERT_TRUE(join_of(vaults[1]).psm.has_value());
  EXPECT_EQ(join_of(vaults[1]).psm->call, "0x2000000000000000000000000000000000000003");
  EXPECT_EQ(vaults[2].kind, VaultKind::allocator);

  const std::vector<Position>& positions = vaults[2].positions;
  ASSERT_EQ(positions.size(), 3u);
  EXPECT_EQ(positions[0].platform, "Aave");
  EXPECT_EQ(positions[0].chain, "eth");
  EXPECT_EQ(positions[0].asset, "USDC");
  EXPECT_EQ(positions[0].strategy, "Investment");
  EXPECT_EQ(positions[0].principal, "1.5");
  EXPECT_FALSE(positions[0].tag.has_value());
  const auto* aave = std::get_if<AaveV3Read>(&positions[0].read);
  ASSERT_NE(aave, nullptr);
  EXPECT_EQ(aave->pool.call, "0x87870bca3f3fd6335c3f4ce8392d69350b4fa4e2");
  EXPECT_EQ(aave->reserve.shown, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
  EXPECT_EQ(positions[1].operator_address.shown, zero_tron);
  EXPECT_EQ(positions[1].tag, std::optional<std::string>(""));
  const auto* vault = std::get_if<Erc4626Read>(&positions[1].read);
  ASSERT_NE(vault, nullptr);
  EXPECT_EQ(vault->vault.call, usdt_tron_hex);
  EXPECT_EQ(vault->rate_getter, std::optional<std::string>("ssr"));
  EXPECT_FALSE(positions[2].tag.has_value());
  const auto* no_rate = std::get_if<Erc4626Read>(&positions[2].read);
  ASSERT_NE(no_rate, nullptr);
  EXPECT_FALSE(no_rate->rate_getter.has_value());
  EXPECT_EQ(no_rate->apy_days, 7);

  const Chain& plasma = config.chains[2];
  EXPECT_EQ(plasma.name, "plasma");
  EXPECT_EQ(plasma.rpc, std::vector<std::string>{"http://plasma.internal:8545"});
  EXPECT_FALSE(plasma.protocol.has_value());
}

TEST(IndexerConfig, ReadsTheCheckedExample) {
  const Config config = load_config(COIN_SOURCE_DIR "/deploy/indexer.example.json");
  EXPECT_EQ(config.timeout_seconds, 10);
  std::vector<std::string> names;
  for (const Chain& chain : config.chains) names.push_back(chain.name);
  EXPECT_EQ(names, (std::vector<std::string>{"tron", "eth", "bsc", "plasma"}));
  const Chain& tron = config.chains[0];
  EXPECT_FALSE(tron.pin_block);
  EXPECT_EQ(config.chains[1].read_at.tag, "finalized");
  EXPECT_EQ(config.chains[2].read_at.confirmations, 15);
  EXPECT_EQ(config.chains[2].calls, CallMode::multicall);
  ASSERT_TRUE(tron.protocol.has_value());
  EXPECT_EQ(tron.rpc.size(), 2u);
  ASSERT_EQ(tron.protocol->vaults.size(), 3u);
  const Vault& psm = tron.protocol->vaults[1];
  EXPECT_EQ(psm.ilk, "PSM-USDT-A");
  EXPECT_EQ(psm.kind, VaultKind::psm);
  EXPECT_EQ(join_of(psm).collateral.shown, usdt_tron);
  EXPECT_EQ(join_of(psm).collateral.call, usdt_tron_hex);
  const Vault& allocator = tron.protocol->vaults[2];
  EXPECT_EQ(allocator.kind, VaultKind::allocator);
  ASSERT_EQ(allocator.positions.size(), 2u);
  EXPECT_EQ(allocator.positions[0].platform, "JustLend");
  EXPECT_TRUE(std::holds_alternative<AaveV3Read>(allocator.positions[0].read));
  EXPECT_EQ(allocator.positions[1].chain, "plasma");
  EXPECT_EQ(std::get<Erc4626Read>(allocator.positions[1].read).rate_getter, std::optional<std::string>("vsr"));
  EXPECT_EQ(config.symbols.coin, "COIN");
  const Chain& eth = config.chains[1];
  EXPECT_TRUE(eth.pin_block);
  EXPECT_EQ(eth.protocol->savings, Savings::token);
  EXPECT_EQ(eth.protocol->holders.at(0).call, "0x3300f198988e4c9c33e5ee0cb0dc17fec5bb8b42");
  EXPECT_EQ(eth.protocol->vat_block, std::optional<std::uint64_t>(21000000));
  ASSERT_TRUE(eth.protocol->cdp_manager.has_value());
  EXPECT_EQ(eth.protocol->cdp_manager->call, "0x5ef30b9986345249bc32d8928b7ee64de9435e39");
  EXPECT_FALSE(tron.protocol->vat_block.has_value());
  EXPECT_FALSE(tron.protocol->cdp_manager.has_value());
  ASSERT_TRUE(eth.protocol->dog.has_value());
  EXPECT_EQ(eth.protocol->dog->call, "0x135954d155898d42c90d2a57824c690e0c7bef1b");
  ASSERT_EQ(eth.protocol->clippers.size(), 1u);
  EXPECT_EQ(eth.protocol->clippers[0].call, "0xc67963a226eddd77b91ad8c421630a1b0adff270");
  EXPECT_FALSE(tron.protocol->dog.has_value());
  EXPECT_TRUE(std::holds_alternative<LitePsmHeld>(eth.protocol->vaults.at(2).holding));
  ASSERT_TRUE(config.chains[2].protocol.has_value());
  const std::vector<Vault>& bsc = config.chains[2].protocol->vaults;
  ASSERT_EQ(bsc.size(), 3u);
  EXPECT_TRUE(std::holds_alternative<AllocatorHeld>(bsc[2].holding));
  EXPECT_EQ(std::get<Erc4626Read>(bsc[2].positions.at(0).read).apy_days, 7);
  EXPECT_EQ(std::get<BalanceRead>(bsc[2].positions.at(1).read).token.call, "0x8ac76a51cc950d9822d68b83fe1ad97b32cd580d");
  EXPECT_FALSE(config.chains[3].protocol.has_value());
}

// A public description is the file without its nodes and timeout, read as the file is.
TEST(IndexerConfig, ReadsAPublicDescriptionWhichNamesNoNodes) {
  Json::Value root = valid();
  const Config config = parse_config_json(text_of(root));
  root.removeMember("timeout_seconds");
  for (const std::string& name : root["chains"].getMemberNames()) root["chains"][name].removeMember("rpc");
  const Config description = parse_description_json(text_of(root));
  ASSERT_EQ(description.chains.size(), config.chains.size());
  for (std::size_t i = 0; i < config.chains.size(); ++i) {
    EXPECT_EQ(description.chains[i].name, config.chains[i].name);
    EXPECT_TRUE(description.chains[i].rpc.empty());
    EXPECT_EQ(description.chains[i].protocol.has_value(), config.chains[i].protocol.has_value());
  }
  EXPECT_EQ(description.chains[1].protocol->vaults.size(), config.chains[1].protocol->vaults.size());
  EXPECT_EQ(description.chains[1].protocol->token.call, config.chains[1].protocol->token.call);
  EXPECT_EQ(error_of(root), "chains.tron.rpc: missing");

  const auto description_error = [](const Json::Value& changed) {
    try {
      parse_description_json(text_of(changed));
    } catch (const ConfigError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  Json::Value with_node = root;
  with_node["chains"]["plasma"]["rpc"].append("http://plasma.internal:8545");
  EXPECT_EQ(description_error(with_node), "chains.plasma.rpc: a public description names no nodes");
  Json::Value with_web_socket = root;
  with_web_socket["chains"]["eth"]["follow"] = "head";
  with_web_socket["chains"]["eth"]["ws"] = "ws://eth.internal:8546";
  EXPECT_EQ(description_error(with_web_socket), "chains.eth.ws: a public description names no nodes");
  Json::Value with_timeout = root;
  with_timeout["timeout_seconds"] = 10;
  EXPECT_EQ(description_error(with_timeout), "timeout_seconds: a public description names no timeout");
}

TEST(IndexerConfig, OrdersTheChainsTronEthBscThenByName) {
  Json::Value root = valid();
  root["chains"]["bsc"] = eth(root);
  root["chains"]["bsc"]["vaults"][2].removeMember("positions");
  root["chains"]["zeta"]["rpc"][0] = "http://zeta.internal";
  root["chains"]["omega"]["rpc"][0] = "http://omega.internal";
  root["chains"]["arb1"]["rpc"][0] = "http://arb1.internal";
  std::vector<std::string> names;
  for (const Chain& chain : parse_config_json(text_of(root)).chains) names.push_back(chain.name);
  EXPECT_EQ(names, (std::vector<std::string>{"tron", "eth", "bsc", "arb1", "omega", "plasma", "zeta"}));
}

TEST(IndexerConfig, RefusesUnknownKeys) {
  Json::Value root = valid();
  root["chain"] = Json::objectValue;
  EXPECT_EQ(error_of(root), R"((top level): unknown key "chain")");
  root = valid();
  root["chains"]["tron"]["vaultz"] = Json::arrayValue;
  EXPECT_EQ(error_of(root), R"(chains.tron: unknown key "vaultz")");
  root = valid();
  eth_vault(root, 0)["Join"] = "0x2000000000000000000000000000000000000001";
  EXPECT_EQ(error_of(root), R"(chains.eth.vaults[0]: unknown key "Join")");
  root = valid();
  position(root, 1)["tags"] = "x";
  EXPECT_EQ(error_of(root), R"(chains.eth.vaults[2].positions[1]: unknown key "tags")");
  root = valid();
  position(root, 0)["read"]["asset"] = "0x3000000000000000000000000000000000000001";
  EXPECT_EQ(error_of(root), R"(chains.eth.vaults[2].positions[0].read: unknown key "asset")");
  root = valid();
  root["chains"]["plasma"]["pin_blocks"] = false;
  EXPECT_EQ(error_of(root), R"(chains.plasma: unknown key "pin_blocks")");
}

TEST(IndexerConfig, RefusesMissingKeys) {
  Json::Value root = valid();
  root.removeMember("chains");
  EXPECT_EQ(error_of(root), "chains: missing");
  root = valid();
  eth(root).removeMember("vat");
  EXPECT_EQ(error_of(root), "chains.eth.vat: missing");
  root = valid();
  eth(root).removeMember("vaults");
  EXPECT_EQ(error_of(root), "chains.eth.vaults: missing");
  root = valid();
  root["chains"]["plasma"].removeMember("rpc");
  EXPECT_EQ(error_of(root), "chains.plasma.rpc: missing");
  root = valid();
  eth_vault(root, 1).removeMember("ilk");
  EXPECT_EQ(error_of(root), "chains.eth.vaults[1].ilk: missing");
  root = valid();
  eth_vault(root, 0).removeMember("collateral");
  EXPECT_EQ(error_of(root), "chains.eth.vaults[0].collateral: missing");
  root = valid();
  position(root, 2).removeMember("principal");
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[2].principal: missing");
  root = valid();
  position(root, 0)["read"].removeMember("kind");
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.kind: missing");
  root = valid();
  position(root, 0)["read"].removeMember("reserve");
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.reserve: missing");
}

TEST(IndexerConfig, RefusesValuesOfTheWrongType) {
  Json::Value root = valid();
  root["chains"] = Json::arrayValue;
  EXPECT_EQ(error_of(root), "chains: an object expected");
  root = valid();
  root["chains"]["plasma"] = "http://plasma.internal:8545";
  EXPECT_EQ(error_of(root), "chains.plasma: an object expected");
  root = valid();
  eth(root)["vaults"] = Json::objectValue;
  EXPECT_EQ(error_of(root), "chains.eth.vaults: an array expected");
  root = valid();
  eth_vault(root, 1) = "PSM-USDC-A";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[1]: an object expected");
  root = valid();
  eth_vault(root, 2)["positions"] = Json::objectValue;
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions: an array expected");
  root = valid();
  position(root, 0)["read"] = "aave-v3";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read: an object expected");
  for (const Json::Value& platform : {Json::Value(""), Json::Value(1), Json::Value(Json::nullValue)}) {
    root = valid();
    position(root, 0)["platform"] = platform;
    EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].platform: a non-empty string expected");
  }
}

TEST(IndexerConfig, RefusesBadChainNames) {
  for (const char* name : {"Eth", "1eth", "eth-2", "eth.2", "", "ETH"}) {
    Json::Value root = valid();
    root["chains"][name]["rpc"][0] = "http://x.internal";
    EXPECT_EQ(error_of(root),
              "chains: " + Json::valueToQuotedString(name) +
                  " is not a chain name (a lowercase letter, then lowercase letters and digits)")
        << name;
  }
  Json::Value root = valid();
  root["chains"]["l2"]["rpc"][0] = "http://l2.internal";
  EXPECT_EQ(error_of(root), "no error");
}

TEST(IndexerConfig, OnlyTronEthAndBscHoldTheProtocol) {
  Json::Value root = valid();
  root["chains"]["plasma"]["token"] = "0x1000000000000000000000000000000000000001";
  EXPECT_EQ(error_of(root), "chains.plasma.token: only " + protocol_chain_names() + " hold the protocol");
  root = valid();
  root["chains"]["plasma"]["vaults"] = Json::arrayValue;
  EXPECT_EQ(error_of(root), "chains.plasma.vaults: only " + protocol_chain_names() + " hold the protocol");
}

TEST(IndexerConfig, NeedsAProtocolChain) {
  Json::Value root = valid();
  root["chains"].removeMember("tron");
  root["chains"].removeMember("eth");
  EXPECT_EQ(error_of(root), "chains: none of " + protocol_chain_names() + ", where the protocol is");
  root["chains"] = Json::objectValue;
  EXPECT_EQ(error_of(root), "chains: none of " + protocol_chain_names() + ", where the protocol is");
  // One is enough.
  root = valid();
  root["chains"].removeMember("eth");
  EXPECT_EQ(error_of(root), "no error");
}

TEST(IndexerConfig, RefusesAddressesNotOfTheirChain) {
  Json::Value root = valid();
  eth_vault(root, 2)["join"] = "0x200000000000000000000000000000000000000";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].join: " + not_eth_address);
  for (const Json::Value& address :
       {Json::Value(usdt_tron), Json::Value("2000000000000000000000000000000000000004"),
        Json::Value("0x200000000000000000000000000000000000000g"), Json::Value(1),
        Json::Value(Json::nullValue)}) {
    root = valid();
    eth(root)["pot"] = address;
    EXPECT_EQ(error_of(root), "chains.eth.pot: " + not_eth_address) << address;
  }
  root = valid();
  root["chains"]["tron"]["vat"] = usdt_tron_hex;
  EXPECT_EQ(error_of(root),
            "chains.tron.vat: " + not_tron_address + ": 34 Base58 characters expected, not 42");
  root = valid();
  root["chains"]["tron"]["vat"] = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u";
  EXPECT_EQ(error_of(root), "chains.tron.vat: " + not_tron_address + ": bad checksum");
  root = valid();
  root["chains"]["tron"]["vaults"][0]["collateral"] = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj0t";
  EXPECT_EQ(error_of(root),
            "chains.tron.vaults[0].collateral: " + not_tron_address + ": '0' is not a Base58 character");
  root = valid();
  root["chains"]["tron"]["token"] = 0;
  EXPECT_EQ(error_of(root), "chains.tron.token: " + not_tron_address);
}

TEST(IndexerConfig, RefusesBadIlks) {
  for (const char* ilk :
       {"eth-a", "-ETH", "ETH A", "ETH_A", "ÉTH-A", "", "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456"}) {
    Json::Value root = valid();
    eth_vault(root, 0)["ilk"] = ilk;
    EXPECT_EQ(error_of(root),
              std::string("chains.eth.vaults[0].ilk: ") +
                  (*ilk == '\0' ? "a non-empty string expected"
                                : "capital letters, digits and '-' (not first) expected, at most 32"))
        << ilk;
  }
  Json::Value root = valid();
  eth_vault(root, 0)["ilk"] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";  // 32
  EXPECT_EQ(error_of(root), "no error");
  eth_vault(root, 0)["ilk"] = "RWA001-A";
  EXPECT_EQ(error_of(root), "no error");
}

TEST(IndexerConfig, AnIlkIsUniqueOnItsChain) {
  Json::Value root = valid();
  eth_vault(root, 1)["ilk"] = "ETH-A";
  EXPECT_EQ(error_of(root), R"(chains.eth.vaults[1].ilk: "ETH-A" is already chains.eth.vaults[0]'s)");
  root = valid();
  eth_vault(root, 0)["ilk"] = "TRX-A";  // tron's: another chain
  EXPECT_EQ(error_of(root), "no error");
}

TEST(IndexerConfig, RefusesAnUnknownKind) {
  for (const Json::Value& kind :
       {Json::Value("Regular"), Json::Value("PSM"), Json::Value(1), Json::Value("")}) {
    Json::Value root = valid();
    eth_vault(root, 0)["kind"] = kind;
    EXPECT_EQ(error_of(root), "chains.eth.vaults[0].kind: regular, psm or allocator expected") << kind;
  }
}

TEST(IndexerConfig, APsmAddressGoesWithKindPsmOnly) {
  Json::Value root = valid();
  eth_vault(root, 1).removeMember("psm");
  EXPECT_EQ(error_of(root), "chains.eth.vaults[1].psm: missing");
  root = valid();
  eth_vault(root, 0)["psm"] = "0x2000000000000000000000000000000000000003";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[0].psm: only for kind psm");
  root = valid();
  eth_vault(root, 2)["psm"] = "0x2000000000000000000000000000000000000003";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].psm: only for kind psm");
}

TEST(IndexerConfig, AVaultIsHeldByAJoinALitePsmOrAnAllocatorVault) {
  const std::string one_of = "one of join (with collateral), lite_psm and allocator_vault expected";
  Json::Value root = valid();
  eth_vault(root, 1) = Json::Value(Json::objectValue);
  eth_vault(root, 1)["ilk"] = "LITE-PSM-USDC-A";
  eth_vault(root, 1)["kind"] = "psm";
  eth_vault(root, 1)["lite_psm"] = "0x2000000000000000000000000000000000000005";
  eth_vault(root, 2).removeMember("join");
  eth_vault(root, 2).removeMember("collateral");
  eth_vault(root, 2)["allocator_vault"] = "0x2000000000000000000000000000000000000006";
  const Config config = parse_config_json(text_of(root));
  const std::vector<Vault>& vaults = config.chains[1].protocol->vaults;
  ASSERT_TRUE(std::holds_alternative<LitePsmHeld>(vaults[1].holding));
  EXPECT_EQ(std::get<LitePsmHeld>(vaults[1].holding).psm.call, "0x2000000000000000000000000000000000000005");
  ASSERT_TRUE(std::holds_alternative<AllocatorHeld>(vaults[2].holding));
  EXPECT_EQ(std::get<AllocatorHeld>(vaults[2].holding).vault.call, "0x2000000000000000000000000000000000000006");
  EXPECT_EQ(vaults[2].positions.size(), 3u);

  Json::Value wrong = root;
  eth_vault(wrong, 1)["join"] = "0x2000000000000000000000000000000000000002";
  EXPECT_EQ(error_of(wrong), "chains.eth.vaults[1]: " + one_of);
  wrong = root;
  eth_vault(wrong, 2).removeMember("allocator_vault");
  EXPECT_EQ(error_of(wrong), "chains.eth.vaults[2]: " + one_of);
  wrong = root;
  eth_vault(wrong, 1)["kind"] = "regular";
  EXPECT_EQ(error_of(wrong), "chains.eth.vaults[1].lite_psm: only for kind psm");
  wrong = root;
  eth_vault(wrong, 2)["kind"] = "psm";
  eth_vault(wrong, 2).removeMember("positions");
  EXPECT_EQ(error_of(wrong), "chains.eth.vaults[2].allocator_vault: only for kind allocator");
  wrong = root;
  eth_vault(wrong, 1)["collateral"] = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  EXPECT_EQ(error_of(wrong), "chains.eth.vaults[1].collateral: only with join");
  wrong = root;
  eth_vault(wrong, 1)["psm"] = "0x2000000000000000000000000000000000000003";
  EXPECT_EQ(error_of(wrong), "chains.eth.vaults[1].psm: only with join");
}

TEST(IndexerConfig, SavingsAreTokenOrPot) {
  Json::Value root = valid();
  eth(root)["savings"] = "pot";
  EXPECT_EQ(parse_config_json(text_of(root)).chains[1].protocol->savings, Savings::pot);
  eth(root)["savings"] = "token";
  EXPECT_EQ(parse_config_json(text_of(root)).chains[1].protocol->savings, Savings::token);
  for (const Json::Value& savings : {Json::Value("Pot"), Json::Value("vault"), Json::Value(1)}) {
    eth(root)["savings"] = savings;
    EXPECT_EQ(error_of(root), "chains.eth.savings: token or pot expected") << savings;
  }
  root = valid();
  root["chains"]["plasma"]["savings"] = "pot";
  EXPECT_EQ(error_of(root), "chains.plasma.savings: only " + protocol_chain_names() + " hold the protocol");
  // The savings' rate: the Pot's dsr, or sCOIN's own getter.
  root = valid();
  EXPECT_FALSE(parse_config_json(text_of(root)).chains[1].protocol->savings_rate.has_value());
  eth(root)["savings_rate"] = "ssr";
  EXPECT_EQ(parse_config_json(text_of(root)).chains[1].protocol->savings_rate, std::optional<std::string>("ssr"));
  eth(root)["savings_rate"] = "ssr()";
  EXPECT_EQ(error_of(root),
            R"(chains.eth.savings_rate: the name of a function without arguments expected, e.g. "ssr")");
}

TEST(IndexerConfig, SymbolsNameTwoDistinctPaths) {
  Json::Value root = valid();
  root["symbols"]["coin"] = "USDD";
  root["symbols"]["scoin"] = "sUSDD";
  const Config config = parse_config_json(text_of(root));
  EXPECT_EQ(config.symbols.coin, "USDD");
  EXPECT_EQ(config.symbols.scoin, "sUSDD");
  for (const char* bad : {"", "1USD", "US-D", "USDDDDDDDDDDDDDDD", "US D"}) {
    Json::Value wrong = root;
    wrong["symbols"]["coin"] = bad;
    EXPECT_EQ(error_of(wrong), bad[0] == '\0' ? "symbols.coin: a non-empty string expected"
                                             : "symbols.coin: a letter, then letters and digits, at most 16, expected")
        << bad;
  }
  for (const auto& [coin, scoin] : {std::pair{"usdd", "USDD"}, std::pair{"sCOIN", "sUSDD"}, std::pair{"USDD", "Coin"}}) {
    Json::Value wrong = root;
    wrong["symbols"]["coin"] = coin;
    wrong["symbols"]["scoin"] = scoin;
    EXPECT_NE(error_of(wrong).find("symbols: the two name two paths"), std::string::npos) << coin << " " << scoin;
  }
  root["symbols"].removeMember("scoin");
  EXPECT_EQ(error_of(root), "symbols.scoin: missing");
  root["symbols"]["scoins"] = "x";
  EXPECT_EQ(error_of(root), R"(symbols: unknown key "scoins")");
}

TEST(IndexerConfig, AnErc4626ReadNamesItsRateGetterOrItsApyDays) {
  Json::Value root = valid();
  position(root, 2)["read"]["rate"] = "vsr";
  EXPECT_EQ(std::get<Erc4626Read>(parse_config_json(text_of(root)).chains[1].protocol->vaults[2].positions[2].read)
                .rate_getter,
            std::optional<std::string>("vsr"));
  for (const char* bad : {"vsr()", "1rate", "v sr"}) {
    position(root, 2)["read"]["rate"] = bad;
    EXPECT_EQ(error_of(root), R"(chains.eth.vaults[2].positions[2].read.rate: the name of a function without arguments expected, e.g. "ssr")")
        << bad;
  }
  position(root, 2)["read"]["rate"] = "ssr";
  position(root, 2)["read"]["apy_days"] = 7;
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[2].read.apy_days: only without rate");
  root = valid();
  position(root, 2)["read"]["apy_days"] = 30;
  EXPECT_EQ(std::get<Erc4626Read>(parse_config_json(text_of(root)).chains[1].protocol->vaults[2].positions[2].read)
                .apy_days,
            30);
  for (const char* days : {"0", "366", "1.5", "\"7\""}) {
    Json::Value wrong = root;
    Json::Value value;
    Json::Reader().parse(days, value);
    position(wrong, 2)["read"]["apy_days"] = value;
    EXPECT_EQ(error_of(wrong), "chains.eth.vaults[2].positions[2].read.apy_days: a whole number of days from 1 to 365 expected")
        << days;
  }
  position(root, 0)["read"]["rate"] = "ssr";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.rate: only for kind erc4626");
  // The growth is read at a past block: the position's chain must pin one.
  root = valid();
  root["chains"]["plasma"]["pin_block"] = false;
  EXPECT_EQ(error_of(root), R"(chains.eth.vaults[2].positions[2].read: a share price's growth needs "pin_block": true on plasma)");
}

TEST(IndexerConfig, PositionsGoWithKindAllocatorOnly) {
  Json::Value root = valid();
  eth_vault(root, 1)["positions"] = Json::arrayValue;
  EXPECT_EQ(error_of(root), "chains.eth.vaults[1].positions: only for kind allocator");
  root = valid();
  root["chains"]["tron"]["vaults"][0]["positions"] = Json::arrayValue;
  EXPECT_EQ(error_of(root), "chains.tron.vaults[0].positions: only for kind allocator");
  // An allocator may have none yet.
  root = valid();
  eth_vault(root, 2)["positions"] = Json::arrayValue;
  EXPECT_TRUE(parse_config_json(text_of(root)).chains[1].protocol->vaults[2].positions.empty());
  eth_vault(root, 2).removeMember("positions");
  EXPECT_TRUE(parse_config_json(text_of(root)).chains[1].protocol->vaults[2].positions.empty());
}

TEST(IndexerConfig, APositionsChainIsAKeyOfChains) {
  Json::Value root = valid();
  position(root, 0)["chain"] = "bsc";
  EXPECT_EQ(error_of(root), R"(chains.eth.vaults[2].positions[0].chain: "bsc" is not a key of chains)");
  root = valid();
  position(root, 2)["chain"] = "Plasma";
  EXPECT_EQ(error_of(root), R"(chains.eth.vaults[2].positions[2].chain: "Plasma" is not a key of chains)");
}

TEST(IndexerConfig, APositionsAddressesAreInTheFormOfItsChain) {
  Json::Value root = valid();
  position(root, 1)["operator"] = "0x3000000000000000000000000000000000000001";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[1].operator: " + not_tron_address +
                                ": 34 Base58 characters expected, not 42");
  root = valid();
  position(root, 1)["read"]["vault"] = usdt_tron_hex;
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[1].read.vault: " + not_tron_address +
                                ": 34 Base58 characters expected, not 42");
  root = valid();
  position(root, 2)["read"]["vault"] = usdt_tron;
  EXPECT_EQ(error_of(root),
            "chains.eth.vaults[2].positions[2].read.vault: "
            "not an address of plasma (0x and 40 hex digits)");
  root = valid();
  position(root, 0)["read"]["pool"] = usdt_tron;
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.pool: " + not_eth_address);
}

TEST(IndexerConfig, APositionIsUniqueInTheFile) {
  Json::Value root = valid();
  Json::Value again = position(root, 0);
  again["operator"] = "0x3000000000000000000000000000000000000001";
  again["strategy"] = "Other";
  eth_vault(root, 2)["positions"].append(again);
  EXPECT_EQ(error_of(root),
            "chains.eth.vaults[2].positions[3]: the same platform, chain, asset and operator as "
            "chains.eth.vaults[2].positions[0]");
  // Across Vaults and chains, whatever the case of the operator's hex digits; tron is read first.
  root = valid();
  position(root, 2)["operator"] = "0x30000000000000000000000000000000000000ab";
  Json::Value& tron_vault = root["chains"]["tron"]["vaults"][0];
  tron_vault["kind"] = "allocator";
  tron_vault["positions"].append(position(root, 2));
  tron_vault["positions"][0]["operator"] = "0x30000000000000000000000000000000000000AB";
  EXPECT_EQ(error_of(root),
            "chains.eth.vaults[2].positions[2]: the same platform, chain, asset and operator as "
            "chains.tron.vaults[0].positions[0]");
}

TEST(IndexerConfig, APositionDiffersByAnyOfItsFourKeys) {
  Json::Value root = valid();
  for (const char* key : {"platform", "asset", "operator"}) {
    Json::Value other = position(root, 0);
    other[key] = key == std::string("operator") ? "0x3000000000000000000000000000000000000009" : "Other";
    eth_vault(root, 2)["positions"].append(other);
  }
  Json::Value on_plasma = position(root, 0);
  on_plasma["chain"] = "plasma";
  eth_vault(root, 2)["positions"].append(on_plasma);
  EXPECT_EQ(error_of(root), "no error");
}

TEST(IndexerConfig, ATagIsAStringOrNull) {
  Json::Value root = valid();
  position(root, 0)["tag"] = "Prime";
  EXPECT_EQ(parse_config_json(text_of(root)).chains[1].protocol->vaults[2].positions[0].tag,
            std::optional<std::string>("Prime"));
  for (const Json::Value& tag : {Json::Value(1), Json::Value(false), Json::Value(Json::arrayValue)}) {
    root = valid();
    position(root, 0)["tag"] = tag;
    EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].tag: a string or null expected") << tag;
  }
}

TEST(IndexerConfig, APrincipalIsANonNegativeDecimalString) {
  for (const char* principal : {"0", "1.5", "25000000", "0.000001", "123456789012345678901234567890.5"}) {
    Json::Value root = valid();
    position(root, 0)["principal"] = principal;
    EXPECT_EQ(error_of(root), "no error") << principal;
  }
  for (const Json::Value& principal :
       {Json::Value(25000000), Json::Value(1.5), Json::Value(""), Json::Value("-1"), Json::Value("+1"),
        Json::Value("1e6"), Json::Value(".5"), Json::Value("1."), Json::Value("01"), Json::Value(" 1"),
        Json::Value("1,5"), Json::Value("1.2.3"), Json::Value("NaN")}) {
    Json::Value root = valid();
    position(root, 0)["principal"] = principal;
    EXPECT_EQ(
        error_of(root),
        R"(chains.eth.vaults[2].positions[0].principal: a decimal string expected, e.g. "25000000" or "1.5")")
        << principal;
  }
}

TEST(IndexerConfig, AReadIsAaveV3Erc4626OrABalance) {
  Json::Value root = valid();
  position(root, 0)["read"]["kind"] = "compound";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.kind: aave-v3, erc4626 or balance expected");
  root = valid();
  position(root, 0)["read"]["vault"] = "0x3000000000000000000000000000000000000003";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.vault: only for kind erc4626");
  root = valid();
  position(root, 2)["read"]["pool"] = "0x3000000000000000000000000000000000000003";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[2].read.pool: only for kind aave-v3");
  root = valid();
  position(root, 2)["read"].removeMember("vault");
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[2].read.vault: missing");
}

// A plain ERC-20 balance (a buffer's gem): the operator's balance of `token`, in the form of the
// position's chain; never the chain's own COIN, which the protocol's rule reads.
TEST(IndexerConfig, ABalanceReadNamesItsTokenNeverCoin) {
  Json::Value root = valid();
  Json::Value read(Json::objectValue);
  read["kind"] = "balance";
  read["token"] = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  position(root, 0)["read"] = read;
  const BalanceRead balance = std::get<BalanceRead>(parse_config_json(text_of(root)).chains[1].protocol->vaults[2].positions[0].read);
  EXPECT_EQ(balance.token.call, "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48");
  EXPECT_EQ(balance.token.shown, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
  position(root, 0)["read"]["pool"] = "0x87870Bca3F3fD6335C3F4ce8392D69350B4fA4E2";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.pool: only for kind aave-v3");
  position(root, 0)["read"] = read;
  position(root, 0)["read"]["rate"] = "ssr";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.rate: only for kind erc4626");
  position(root, 0)["read"] = read;
  position(root, 0)["read"].removeMember("token");
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.token: missing");
  position(root, 0)["read"]["token"] = usdt_tron;
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.token: " + not_eth_address);
  position(root, 0)["read"]["token"] = "0x1000000000000000000000000000000000000001";  // eth's COIN
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[0].read.token: COIN of eth: an allocator's COIN is its "
                            "buffer's, read by rule (docs/indexer.md); name another holder in protocol_holders");
  // The token goes with kind balance only.
  root = valid();
  position(root, 2)["read"]["token"] = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
  EXPECT_EQ(error_of(root), "chains.eth.vaults[2].positions[2].read.token: only for kind balance");
}

// Further addresses whose COIN is the protocol's own, in the form of their chain.
TEST(IndexerConfig, ProtocolHoldersAreAddressesOfTheirChain) {
  Json::Value root = valid();
  EXPECT_TRUE(parse_config_json(text_of(root)).chains[1].protocol->holders.empty());
  eth(root)["protocol_holders"].append("0x4000000000000000000000000000000000000001");
  eth(root)["protocol_holders"].append("0x4000000000000000000000000000000000000002");
  root["chains"]["tron"]["protocol_holders"].append(zero_tron);
  const Config config = parse_config_json(text_of(root));
  ASSERT_EQ(config.chains[1].protocol->holders.size(), 2U);
  EXPECT_EQ(config.chains[1].protocol->holders[1].call, "0x4000000000000000000000000000000000000002");
  EXPECT_EQ(config.chains[0].protocol->holders.at(0).shown, zero_tron);
  eth(root)["protocol_holders"][1] = usdt_tron;
  EXPECT_EQ(error_of(root), "chains.eth.protocol_holders[1]: " + not_eth_address);
  eth(root)["protocol_holders"] = "0x4000000000000000000000000000000000000001";
  EXPECT_EQ(error_of(root), "chains.eth.protocol_holders: an array expected");
  root = valid();
  root["chains"]["plasma"]["protocol_holders"].append("0x4000000000000000000000000000000000000001");
  EXPECT_EQ(error_of(root), "chains.plasma.protocol_holders: only " + protocol_chain_names() + " hold the protocol");
}

TEST(IndexerConfig, RpcIsOneOrMoreHttpUrls) {
  Json::Value root = valid();
  eth(root)["rpc"] = Json::arrayValue;
  EXPECT_EQ(error_of(root), "chains.eth.rpc: one or more URLs expected");
  root = valid();
  eth(root)["rpc"] = "https://eth-a.internal";
  EXPECT_EQ(error_of(root), "chains.eth.rpc: an array expected");
  for (const Json::Value& url :
       {Json::Value("ftp://eth.internal"), Json::Value("eth.internal:8545"), Json::Value("http://"),
        Json::Value("https://eth .internal"), Json::Value("HTTP://eth.internal"),
        Json::Value("https://eth.internal\n"), Json::Value(8545), Json::Value("")}) {
    root = valid();
    eth(root)["rpc"][1] = url;
    EXPECT_EQ(error_of(root), "chains.eth.rpc[1]: not an http:// or https:// URL") << url;
  }
}

TEST(IndexerConfig, VatBlockIsABlockNumberAndCdpManagerAnAddress) {
  Json::Value root = valid();
  const Protocol none = *parse_config_json(text_of(root)).chains[1].protocol;
  EXPECT_FALSE(none.vat_block.has_value());  // found on the chain when first needed
  EXPECT_FALSE(none.cdp_manager.has_value());
  eth(root)["vat_block"] = 0;
  eth(root)["cdp_manager"] = "0x5ef30b9986345249BC32d8928B7ee64DE9435E39";
  const Protocol both = *parse_config_json(text_of(root)).chains[1].protocol;
  EXPECT_EQ(both.vat_block, std::optional<std::uint64_t>(0));
  EXPECT_EQ(both.cdp_manager->call, "0x5ef30b9986345249bc32d8928b7ee64de9435e39");
  for (const Json::Value& bad : {Json::Value(-1), Json::Value(1.5), Json::Value("8928152"), Json::Value(true),
                                 Json::Value(Json::UInt64(1000000000001))}) {
    eth(root)["vat_block"] = bad;
    EXPECT_EQ(error_of(root), "chains.eth.vat_block: a block number expected, a whole number from 0 to 1000000000000")
        << bad;
  }
  root = valid();
  eth(root)["cdp_manager"] = "0x5ef3";
  EXPECT_EQ(error_of(root), "chains.eth.cdp_manager: " + not_eth_address);
  root = valid();
  root["chains"]["plasma"]["cdp_manager"] = "0x5ef30b9986345249bc32d8928b7ee64de9435e39";
  EXPECT_EQ(error_of(root), "chains.plasma.cdp_manager: only " + protocol_chain_names() + " hold the protocol");
}

TEST(IndexerConfig, DogAndClippersAreAddressesOfTheChain) {
  Json::Value root = valid();
  const Protocol none = *parse_config_json(text_of(root)).chains[1].protocol;
  EXPECT_FALSE(none.dog.has_value());  // no liquidations read
  EXPECT_TRUE(none.clippers.empty());
  eth(root)["dog"] = "0x135954d155898D42C90D2a57824C690e0c7BEf1B";
  eth(root)["clippers"].append("0xc67963a226eddd77B91aD8c421630A1b0AdFF270");
  root["chains"]["tron"]["dog"] = zero_tron;
  const Config config = parse_config_json(text_of(root));
  const Protocol& both = *config.chains[1].protocol;
  EXPECT_EQ(both.dog->call, "0x135954d155898d42c90d2a57824c690e0c7bef1b");
  ASSERT_EQ(both.clippers.size(), 1u);
  EXPECT_EQ(both.clippers[0].call, "0xc67963a226eddd77b91ad8c421630a1b0adff270");
  EXPECT_EQ(config.chains[0].protocol->dog->shown, zero_tron);
  EXPECT_EQ(config.chains[0].protocol->dog->call, "0x0000000000000000000000000000000000000000");

  eth(root)["clippers"][0] = usdt_tron;
  EXPECT_EQ(error_of(root), "chains.eth.clippers[0]: " + not_eth_address);
  eth(root)["clippers"] = "0xc67963a226eddd77B91aD8c421630A1b0AdFF270";
  EXPECT_EQ(error_of(root), "chains.eth.clippers: an array expected");
  root = valid();
  eth(root)["dog"] = "0x1359";
  EXPECT_EQ(error_of(root), "chains.eth.dog: " + not_eth_address);
  root = valid();
  eth(root)["clippers"].append("0xc67963a226eddd77B91aD8c421630A1b0AdFF270");
  EXPECT_EQ(error_of(root), "chains.eth.clippers: only with \"dog\": without it no liquidations are read");
  root = valid();
  root["chains"]["plasma"]["dog"] = "0x135954d155898d42c90d2a57824c690e0c7bef1b";
  EXPECT_EQ(error_of(root), "chains.plasma.dog: only " + protocol_chain_names() + " hold the protocol");
}

TEST(IndexerConfig, TimeoutIsAWholeNumberOfSeconds) {
  Json::Value root = valid();
  root["timeout_seconds"] = 1;
  EXPECT_EQ(parse_config_json(text_of(root)).timeout_seconds, 1);
  root["timeout_seconds"] = 3600;
  EXPECT_EQ(parse_config_json(text_of(root)).timeout_seconds, 3600);
  for (const char* timeout :
       {"0", "-1", "3601", "1.5", "10.0", "1e1", "\"10\"", "true", "null", "99999999999999999999"}) {
    EXPECT_EQ(error_of_text(R"({"timeout_seconds": )" + std::string(timeout) + R"(, "chains": {}})"),
              "timeout_seconds: a whole number of seconds from 1 to 3600 expected")
        << timeout;
  }
}

TEST(IndexerConfig, PinBlockIsABoolean) {
  Json::Value root = valid();
  EXPECT_TRUE(parse_config_json(text_of(root)).chains[2].pin_block);
  root["chains"]["plasma"]["pin_block"] = "false";
  EXPECT_EQ(error_of(root), "chains.plasma.pin_block: true or false expected");
  root["chains"]["plasma"]["pin_block"] = 0;
  EXPECT_EQ(error_of(root), "chains.plasma.pin_block: true or false expected");
}

TEST(IndexerConfig, ReadAtNamesABlockTagOrConfirmations) {
  Json::Value root = valid();
  const ReadAt fallback = parse_config_json(text_of(root)).chains[1].read_at;
  EXPECT_EQ(fallback.tag, "finalized");
  EXPECT_FALSE(fallback.chosen);  // "latest" where the node has no finalized block
  for (const char* tag : {"finalized", "safe", "latest"}) {
    eth(root)["read_at"] = tag;
    const ReadAt read_at = parse_config_json(text_of(root)).chains[1].read_at;
    EXPECT_EQ(read_at.tag, tag);
    EXPECT_EQ(read_at.confirmations, 0);
    EXPECT_TRUE(read_at.chosen);
  }
  eth(root)["read_at"] = 12;
  const ReadAt confirmations = parse_config_json(text_of(root)).chains[1].read_at;
  EXPECT_EQ(confirmations.tag, "latest");
  EXPECT_EQ(confirmations.confirmations, 12);
  for (const Json::Value& bad : {Json::Value("pending"), Json::Value("Finalized"), Json::Value(true)}) {
    eth(root)["read_at"] = bad;
    EXPECT_EQ(error_of(root), R"(chains.eth.read_at: "finalized", "safe", "latest" or a number of confirmations expected)")
        << bad;
  }
  for (const Json::Value& bad : {Json::Value(0), Json::Value(100001), Json::Value(1.5), Json::Value(-3)}) {
    eth(root)["read_at"] = bad;
    EXPECT_EQ(error_of(root), "chains.eth.read_at: a whole number of confirmations from 1 to 100000 expected") << bad;
  }
  // TRON's eth_call reads "latest" only.
  root = valid();
  root["chains"]["tron"]["read_at"] = "latest";
  EXPECT_EQ(error_of(root), R"(chains.tron.read_at: a chain read with "pin_block": false reads only "latest")");
}

TEST(IndexerConfig, FollowIsHeadFinalizedOrOffWithItsPoll) {
  Json::Value root = valid();
  const Chain unfollowed = parse_config_json(text_of(root)).chains[1];
  EXPECT_EQ(unfollowed.follow, Follow::off);  // the grid's rounds only, as before
  EXPECT_EQ(unfollowed.poll, std::chrono::milliseconds(500));
  for (const auto& [text, follow] : {std::pair{"head", Follow::head}, std::pair{"finalized", Follow::finalized},
                                     std::pair{"off", Follow::off}}) {
    eth(root)["follow"] = text;
    EXPECT_EQ(parse_config_json(text_of(root)).chains[1].follow, follow) << text;
  }
  eth(root)["follow"] = "head";
  eth(root)["poll_ms"] = 100;
  EXPECT_EQ(parse_config_json(text_of(root)).chains[1].poll, std::chrono::milliseconds(100));
  for (const Json::Value& bad : {Json::Value(49), Json::Value(60001), Json::Value(0.5), Json::Value("100")}) {
    eth(root)["poll_ms"] = bad;
    EXPECT_EQ(error_of(root), "chains.eth.poll_ms: a whole number of milliseconds from 50 to 60000 expected") << bad;
  }
  eth(root)["poll_ms"] = 100;
  for (const char* url : {"ws://127.0.0.1:8546", "wss://eth.example/v2/key", "ws://[::1]:8546/"}) {
    eth(root)["ws"] = url;
    EXPECT_EQ(parse_config_json(text_of(root)).chains[1].ws, url);
  }
  for (const Json::Value& bad : {Json::Value("http://127.0.0.1:8546"), Json::Value("ws://"), Json::Value("ws://a:b"),
                                 Json::Value("wss://user@eth.example"), Json::Value(1)}) {
    eth(root)["ws"] = bad;
    EXPECT_EQ(error_of(root), "chains.eth.ws: not a ws:// or wss:// URL") << bad;
  }
  eth(root)["ws"] = "ws://127.0.0.1:8546";
  eth(root)["follow"] = "off";
  EXPECT_EQ(error_of(root), R"(chains.eth.poll_ms: goes with "follow": "head" or "finalized")");
  eth(root).removeMember("poll_ms");
  EXPECT_EQ(error_of(root), R"(chains.eth.ws: goes with "follow": "head" or "finalized")");
  eth(root).removeMember("ws");
  for (const Json::Value& bad : {Json::Value("latest"), Json::Value(true), Json::Value("Head")}) {
    eth(root)["follow"] = bad;
    EXPECT_EQ(error_of(root), R"(chains.eth.follow: "head", "finalized" or "off" expected)") << bad;
  }
  // TRON names no finalized block its eth_call could read at; a chain of positions only has
  // nothing to follow.
  root = valid();
  root["chains"]["tron"]["follow"] = "head";
  EXPECT_EQ(parse_config_json(text_of(root)).chains[0].follow, Follow::head);
  root["chains"]["tron"]["follow"] = "finalized";
  EXPECT_EQ(error_of(root),
            R"(chains.tron.follow: a chain read with "pin_block": false has no finalized block to follow)");
  root = valid();
  root["chains"]["plasma"]["follow"] = "head";
  EXPECT_EQ(error_of(root), "chains.plasma.follow: only " + protocol_chain_names() + " hold the protocol");
}

TEST(IndexerConfig, CallsAreMulticallBatchOrSingle) {
  Json::Value root = valid();
  EXPECT_EQ(parse_config_json(text_of(root)).chains[1].calls, CallMode::multicall);
  for (const auto& [text, mode] : {std::pair{"multicall", CallMode::multicall}, std::pair{"batch", CallMode::batch},
                                   std::pair{"single", CallMode::single}}) {
    root["chains"]["plasma"]["calls"] = text;
    EXPECT_EQ(parse_config_json(text_of(root)).chains[2].calls, mode) << text;
  }
  root["chains"]["plasma"]["calls"] = "batches";
  EXPECT_EQ(error_of(root), R"(chains.plasma.calls: "multicall", "batch" or "single" expected)");
}

TEST(IndexerConfig, RefusesWhatIsNotStrictJson) {
  EXPECT_EQ(error_of_text(""), "not JSON: Line 1, Column 1: Syntax error: value, object or array expected.");
  EXPECT_EQ(error_of_text("{"), "not JSON: Line 1, Column 2: Missing '}' or object member name");
  EXPECT_EQ(error_of_text("[]"), "(top level): an object expected");
  const std::string valid_json = text_of(valid());
  EXPECT_EQ(error_of_text(valid_json), "no error");
  const std::string comment = "// the eth deployment\n" + valid_json;
  EXPECT_EQ(error_of_text(comment).rfind("not JSON: Line 1, Column 1: ", 0), 0u) << error_of_text(comment);
  EXPECT_EQ(error_of_text(R"({"timeout_seconds": 10, "timeout_seconds": 20, "chains": {}})"),
            "not JSON: Line 1, Column 25: Duplicate key: 'timeout_seconds'");
  EXPECT_EQ(error_of_text(R"({"chains": {},})").rfind("not JSON: Line 1, Column ", 0), 0u);
  EXPECT_EQ(error_of_text(valid_json + " {}").rfind("not JSON: ", 0), 0u);
}

class IndexerConfigFile : public testing::Test {
 protected:
  std::string write(const std::string& name, const std::string& text) {
    const std::string path = testing::TempDir() + "indexer_config_test_" + name;
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
};

TEST_F(IndexerConfigFile, LoadsAFile) {
  const std::string path = write("valid.json", valid_text);
  EXPECT_EQ(load_config(path).chains.size(), 3u);
}

TEST_F(IndexerConfigFile, ErrorsStartWithThePath) {
  const std::string missing = testing::TempDir() + "indexer_config_test_missing.json";
  try {
    load_config(missing);
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_EQ(std::string(error.what()), missing + ": cannot open: No such file or directory");
  }
  Json::Value root = valid();
  eth_vault(root, 2)["join"] = "0x";
  const std::string bad_key = write("bad_key.json", text_of(root));
  try {
    load_config(bad_key);
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_EQ(std::string(error.what()), bad_key + ": chains.eth.vaults[2].join: " + not_eth_address);
  }
  const std::string not_json = write("not_json.json", "{\n  \"chains\": {\n    \"eth\" {}\n  }\n}\n");
  try {
    load_config(not_json);
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_EQ(std::string(error.what()),
              not_json + ": not JSON: Line 3, Column 11: Missing ':' after object member name");
  }
}

TEST_F(IndexerConfigFile, ADirectoryIsNotAFile) {
  try {
    load_config(testing::TempDir());
    ADD_FAILURE() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_EQ(std::string(error.what()).rfind(testing::TempDir() + ": cannot ", 0), 0u) << error.what();
  }
}

}  // namespace
}  // namespace coin::indexer
