// The Vat's LogNote decoded from logs written by hand as a node answers them: the selectors
// (keccak-256 of the signatures, checked with js-sha3: frob 0x76088703, fork 0x870c616d, grab
// 0x7bab3f40), the topics (selector, then the call's first three words), and the data: offset
// 0x20, length 224 (0xe0), then the call data padded with zeros to 224 bytes.
//
// dink and dart are int256 in two's complement: 10 ETH is 10^19 = 0x8ac7230489e80000, and -5
// ETH (-5 x 10^18) is 2^256 - 0x4563918244f40000 = 0xff...ffba9c6e7dbb0c0000.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/abi.hpp"
#include "indexer/urn_events.hpp"

namespace coin::indexer {
namespace {

const std::string eth_a = "0x4554482d41000000000000000000000000000000000000000000000000000000";  // "ETH-A"
const std::string urn_u = "0x0000000000000000000000001111111111111111111111111111111111111111";
const std::string urn_v = "0x0000000000000000000000002222222222222222222222222222222222222222";
const std::string urn_w = "0x0000000000000000000000003333333333333333333333333333333333333333";
const std::string ten = "0000000000000000000000000000000000000000000000008ac7230489e80000";
const std::string minus_five = "ffffffffffffffffffffffffffffffffffffffffffffffffba9c6e7dbb0c0000";
const std::string zero = std::string(64, '0');

std::string digits(const std::string& word) { return word.substr(2); }

// A LogNote of `selector` (8 hex digits) whose call's arguments are `arguments` (64 hex digits each).
Json::Value log_note(const std::string& selector, const std::vector<std::string>& arguments) {
  std::string call = selector;
  for (const std::string& argument : arguments) call += argument;
  call.resize(448, '0');  // 224 bytes
  Json::Value log(Json::objectValue);
  log["address"] = "0x5555555555555555555555555555555555555555";
  log["topics"].append("0x" + selector + std::string(56, '0'));
  for (std::size_t i = 0; i < 3; ++i) log["topics"].append("0x" + arguments[i]);
  log["data"] = "0x" + std::string(62, '0') + "20" + std::string(62, '0') + "e0" + call;
  log["blockNumber"] = "0x1b4";
  log["blockHash"] = "0xABCDEF0000000000000000000000000000000000000000000000000000000001";
  log["logIndex"] = "0x2";
  log["transactionHash"] = "0x00000000000000000000000000000000000000000000000000000000000000f1";
  log["removed"] = false;
  return log;
}

TEST(IndexerUrnEvents, TheTopicsAreTheSelectorsLeftAligned) {
  EXPECT_EQ(urn_event_topics(), (std::vector<std::string>{
                                    "0x76088703" + std::string(56, '0'),
                                    "0x870c616d" + std::string(56, '0'),
                                    "0x7bab3f40" + std::string(56, '0'),
                                }));
}

TEST(IndexerUrnEvents, AFrobMovesItsUrn) {
  const std::vector<UrnEvent> events = urn_events_of(
      log_note("76088703", {digits(eth_a), digits(urn_u), digits(urn_v), digits(urn_w), ten, minus_five}), false);
  ASSERT_EQ(events.size(), 1u);
  const UrnEvent& frob = events[0];
  EXPECT_EQ(frob.ilk, "ETH-A");
  EXPECT_EQ(frob.urn, "0x1111111111111111111111111111111111111111");
  EXPECT_EQ(frob.kind, "frob");
  EXPECT_EQ(frob.dink, "10000000000000000000");
  EXPECT_EQ(frob.dart, "-5000000000000000000");
  EXPECT_EQ(frob.block, 436u);
  EXPECT_EQ(frob.log_index, 2u);
  EXPECT_EQ(frob.block_hash, "0xabcdef0000000000000000000000000000000000000000000000000000000001");  // lower case
  EXPECT_EQ(frob.tx_hash, "0x00000000000000000000000000000000000000000000000000000000000000f1");
  EXPECT_EQ(frob.block_time, "");  // not in the log
}

TEST(IndexerUrnEvents, AForkMovesItsSourceAndItsDestination) {
  Json::Value log = log_note("870c616d", {digits(eth_a), digits(urn_u), digits(urn_v), ten, minus_five});
  log["blockTimestamp"] = "0x6744f0c0";  // 1732571328
  const std::vector<UrnEvent> events = urn_events_of(log, false);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].urn, "0x1111111111111111111111111111111111111111");
  EXPECT_EQ(events[0].dink, "-10000000000000000000");
  EXPECT_EQ(events[0].dart, "5000000000000000000");
  EXPECT_EQ(events[1].urn, "0x2222222222222222222222222222222222222222");
  EXPECT_EQ(events[1].dink, "10000000000000000000");
  EXPECT_EQ(events[1].dart, "-5000000000000000000");
  for (const UrnEvent& event : events) {
    EXPECT_EQ(event.kind, "fork");
    EXPECT_EQ(event.block_time, "1732571328");
  }
}

TEST(IndexerUrnEvents, AGrabMovesItsUrnAndZeroStaysZero) {
  const std::vector<UrnEvent> events = urn_events_of(
      log_note("7bab3f40", {digits(eth_a), digits(urn_u), digits(urn_v), digits(urn_w), minus_five, zero}), false);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].kind, "grab");
  EXPECT_EQ(events[0].dink, "-5000000000000000000");
  EXPECT_EQ(events[0].dart, "0");
}

TEST(IndexerUrnEvents, OnTronUrnsAreBase58) {
  // 0xa614f803b6fd780986a42c78ec9c7f77e6ded13c is TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t
  // (indexer_base58_test.cpp says where it comes from).
  const std::string urn = "000000000000000000000000a614f803b6fd780986a42c78ec9c7f77e6ded13c";
  const std::vector<UrnEvent> events =
      urn_events_of(log_note("76088703", {digits(eth_a), urn, urn, urn, ten, ten}), true);
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].urn, "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t");
}

TEST(IndexerUrnEvents, OtherLogsAreNoneOfItsEvents) {
  Json::Value other = log_note("12345678", {digits(eth_a), digits(urn_u), digits(urn_v), ten, ten, ten});
  EXPECT_TRUE(urn_events_of(other, false).empty());
  Json::Value three_topics = log_note("76088703", {digits(eth_a), digits(urn_u), digits(urn_v), ten, ten, ten});
  three_topics["topics"].resize(3);
  EXPECT_TRUE(urn_events_of(three_topics, false).empty());
}

TEST(IndexerUrnEvents, RefusesAMalformedLogNote) {
  Json::Value short_data = log_note("76088703", {digits(eth_a), digits(urn_u), digits(urn_v), ten, ten, ten});
  short_data["data"] = short_data["data"].asString().substr(0, 300);
  EXPECT_THROW(urn_events_of(short_data, false), AbiError);
  Json::Value other_call = log_note("76088703", {digits(eth_a), digits(urn_u), digits(urn_v), ten, ten, ten});
  const std::string data = other_call["data"].asString();
  other_call["data"] = data.substr(0, 130) + "870c616d" + data.substr(138);
  EXPECT_THROW(urn_events_of(other_call, false), AbiError);
  Json::Value bad_hash = log_note("76088703", {digits(eth_a), digits(urn_u), digits(urn_v), ten, ten, ten});
  bad_hash["blockHash"] = "0x1234";
  EXPECT_THROW(urn_events_of(bad_hash, false), AbiError);
}

TEST(IndexerAbi, ReadsAnInt256InTwosComplement) {
  EXPECT_EQ(word_to_signed_decimal(uint256_word("0")), "0");
  EXPECT_EQ(word_to_signed_decimal(uint256_word("5")), "5");
  // 2^256 - 1 is -1; 2^255 is the least int256, -2^255; 2^255 - 1 the most.
  EXPECT_EQ(word_to_signed_decimal(uint256_word(
                "115792089237316195423570985008687907853269984665640564039457584007913129639935")),
            "-1");
  EXPECT_EQ(word_to_signed_decimal(uint256_word(
                "57896044618658097711785492504343953926634992332820282019728792003956564819968")),
            "-57896044618658097711785492504343953926634992332820282019728792003956564819968");
  EXPECT_EQ(word_to_signed_decimal(uint256_word(
                "57896044618658097711785492504343953926634992332820282019728792003956564819967")),
            "57896044618658097711785492504343953926634992332820282019728792003956564819967");
}

}  // namespace
}  // namespace coin::indexer
