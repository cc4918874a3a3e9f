// The deployment's public description (indexer/public_description.hpp): the configuration file
// without each chain's rpc and timeout_seconds, every other key as the file gives it.

#include <gtest/gtest.h>
#include <json/json.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "indexer/config.hpp"
#include "indexer/public_description.hpp"

namespace coin::indexer {
namespace {

Json::Value parsed(const std::string& text) {
  Json::Value value;
  std::istringstream stream(text);
  std::string errors;
  EXPECT_TRUE(Json::parseFromStream(Json::CharReaderBuilder(), stream, &value, &errors)) << errors;
  return value;
}

std::string example_text() {
  std::ifstream file(COIN_SOURCE_DIR "/deploy/indexer.example.json", std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST(PublicDescription, TheExampleWithoutItsNodesAndTimeoutEveryOtherKeyKept) {
  const std::string text = example_text();
  const Json::Value config = parsed(text);
  ASSERT_TRUE(config.isMember("timeout_seconds"));
  const std::string description = public_description(text);
  EXPECT_EQ(description.find("\"rpc\""), std::string::npos) << description;
  EXPECT_EQ(description.find("timeout_seconds"), std::string::npos) << description;
  EXPECT_EQ(description.find("internal"), std::string::npos) << "a node's URL: " << description;
  EXPECT_EQ(description.back(), '\n');

  const Json::Value described = parsed(description);
  EXPECT_EQ(described.size(), config.size() - 1);  // timeout_seconds
  for (const std::string& key : config.getMemberNames()) {
    if (key == "timeout_seconds" || key == "chains") continue;
    EXPECT_EQ(described[key], config[key]) << key;
  }
  const Json::Value& chains = config["chains"];
  ASSERT_EQ(described["chains"].getMemberNames(), chains.getMemberNames());
  ASSERT_TRUE(chains["eth"].isMember("ws"));
  for (const std::string& name : chains.getMemberNames()) {
    ASSERT_TRUE(chains[name].isMember("rpc")) << name;
    const Json::Value& chain = described["chains"][name];
    EXPECT_EQ(chain.size(), chains[name].size() - 1 - (chains[name].isMember("ws") ? 1 : 0)) << name;  // rpc, ws
    for (const std::string& key : chains[name].getMemberNames()) {
      if (key != "rpc" && key != "ws") {
        EXPECT_EQ(chain[key], chains[name][key]) << name << "." << key;
      }
    }
  }
}

TEST(PublicDescription, AFileWithoutNodesOrTimeoutKeepsItsContent) {
  const std::string text =
      R"({"symbols": {"coin": "USDD", "scoin": "sUSDD"}, "chains": {"eth": {"read_at": 15, "pin_block": true,)"
      R"( "token": "0xAbC0000000000000000000000000000000000001", "vat_block": 21000000, "vaults": [{"ilk": "ETH-A",)"
      R"( "positions": [{"tag": null, "principal": "40000000.5", "read": {"kind": "erc4626", "apy_days": 7}}]}]}}})";
  EXPECT_EQ(parsed(public_description(text)), parsed(text));
}

// One form whatever the file's white space and key order: the same description from the same
// content, byte for byte.
TEST(PublicDescription, WrittenInOneForm) {
  const std::string text =
      "{\"timeout_seconds\": 5, \"symbols\": {\"scoin\": \"sCOIN\", \"coin\": \"Münze\"},\n"
      " \"chains\": {\"plasma\": {\"rpc\": [\"https://key@node\"], \"pin_block\": false}}}";
  const std::string reordered =
      "{\"chains\":{\"plasma\":{\"pin_block\":false,\"rpc\":[\"https://other\"]}},"
      "\"symbols\":{\"coin\":\"Münze\",\"scoin\":\"sCOIN\"},\"timeout_seconds\":10}";
  const std::string expected =
      "{\n"
      "  \"chains\" : \n"
      "  {\n"
      "    \"plasma\" : \n"
      "    {\n"
      "      \"pin_block\" : false\n"
      "    }\n"
      "  },\n"
      "  \"symbols\" : \n"
      "  {\n"
      "    \"coin\" : \"Münze\",\n"
      "    \"scoin\" : \"sCOIN\"\n"
      "  }\n"
      "}\n";
  EXPECT_EQ(public_description(text), expected);
  EXPECT_EQ(public_description(reordered), expected);
}

// A chain may be named rpc (one that only holds positions): only its own rpc goes.
TEST(PublicDescription, OnlyTheChainsOwnRpcGoes) {
  const Json::Value described =
      parsed(public_description(R"({"chains": {"rpc": {"rpc": ["http://a"], "pin_block": true}}})"));
  EXPECT_EQ(described, parsed(R"({"chains": {"rpc": {"pin_block": true}}})"));
}

TEST(PublicDescription, TextThatIsNotJsonIsAConfigError) {
  EXPECT_THROW(public_description("{\"chains\": "), ConfigError);
  EXPECT_THROW(public_description(""), ConfigError);
}

}  // namespace
}  // namespace coin::indexer
