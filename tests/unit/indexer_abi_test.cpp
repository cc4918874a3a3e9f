#include <gtest/gtest.h>

#include <string>

#include "indexer/abi.hpp"

namespace coin::indexer {
namespace {

// Answers in the form eth_call gives them, assembled by hand: each word's hex was worked out
// from its decimal value with Python's int (format(value, "064x")), independently of the code
// under test. The Vat's are of the order of Maker's ETH-A: Art and rate, spot (ray), line and
// dust (rad).
const std::string ilks_answer =
    "0x"
    "0000000000000000000000000000000000000000000a364c98227eaa6adcbac0"   // Art
    "000000000000000000000000000000000000000003cb8a44bdc029c41c73f729"   // rate
    "0000000000000000000000000000000000000019d40353a24ee03d68a4aaaaaa"   // spot
    "0000000000000000000028176a9ee03bc813957edb0d0ca84898000000000000"   // line
    "00000000000000000000000521b7a1a5eafae3c9684d30c63a67800000000000";  // dust
const std::string total_supply_answer = "0x0000000000000000000000000000000000000000115623ec05ac41afd4188000";
const std::string max_word = "0x" + std::string(64, 'f');
const std::string max_decimal =
    "115792089237316195423570985008687907853269984665640564039457584007913129639935";  // 2^256-1

Word word_of(const std::string& data) { return split_words(data, 1).at(0); }

std::string error_of(void (*call)()) {
  try {
    call();
  } catch (const AbiError& error) {
    return error.what();
  }
  return "no error";
}

TEST(IndexerQuantityToDecimal, ReadsQuantitiesExactly) {
  EXPECT_EQ(quantity_to_decimal("0x0"), "0");
  EXPECT_EQ(quantity_to_decimal("0x1"), "1");
  EXPECT_EQ(quantity_to_decimal("0x1b4"), "436");
  EXPECT_EQ(quantity_to_decimal("0x1312d00"), "20000000");  // a block number
  EXPECT_EQ(quantity_to_decimal("0xDE0B6B3A7640000"), "1000000000000000000");
  EXPECT_EQ(quantity_to_decimal(max_word), max_decimal);
}

TEST(IndexerQuantityToDecimal, RefusesWhatTheSpecRefuses) {
  for (const char* quantity :
       {"", "0", "0x", "1b", "-0x1", "0X1b4", " 0x1", "0x1 ", "0x1g", "0x-1", "0x+1"}) {
    EXPECT_THROW(quantity_to_decimal(quantity), AbiError) << quantity;
  }
  EXPECT_EQ(error_of([] { quantity_to_decimal("1b"); }), R"(quantity "1b" is not 0x and hex digits)");
}

TEST(IndexerQuantityToDecimal, RefusesLeadingZeros) {
  EXPECT_THROW(quantity_to_decimal("0x00"), AbiError);
  EXPECT_THROW(quantity_to_decimal("0x0" + std::string(63, 'f')), AbiError);
  EXPECT_EQ(error_of([] { quantity_to_decimal("0x01b4"); }), R"(quantity "0x01b4" has a leading zero)");
}

TEST(IndexerQuantityToDecimal, RefusesMoreThan256Bits) {
  EXPECT_EQ(error_of([] { quantity_to_decimal("0x1" + std::string(64, '0')); }),
            "quantity \"0x1" + std::string(64, '0') + "\" is more than 256 bits");
}

TEST(IndexerSplitWords, SplitsAnIlksAnswerIntoItsFiveWords) {
  const std::vector<Word> words = split_words(ilks_answer, 5);
  ASSERT_EQ(words.size(), 5u);
  EXPECT_EQ(word_to_decimal(words[0]), "12345678901234567890123456");
  EXPECT_EQ(word_to_decimal(words[1]), "1174519925472012342893213481");
  EXPECT_EQ(word_to_decimal(words[2]), "2046318906666666666666666666666");
  EXPECT_EQ(word_to_decimal(words[3]), "15000000000000000000000000000000000000000000000000000");
  EXPECT_EQ(word_to_decimal(words[4]), "7500000000000000000000000000000000000000000000000");
}

// Recorded: the "result" of anvil's answers to eth_call on the demo deployment (chain/deploy.mjs
// with chain/demo-state.json): Vat.ilks("ETH-A"), and an Aave v3 pool's getReserveData(USDC).
const std::string recorded_ilks =
    "0x"
    "00000000000000000000000000000000000000000051b264cd91668ea61d2086"
    "0000000000000000000000000000000000000000038ce0a16d61e6cb8e1d2086"
    "000000000000000000000000000000000000001e17132bc2a2cc6a62dc234f72"
    "00000000000000000002168d8d9badc7c1051e9b68adfe191d40000000000000"
    "00000000000000000000000521b7a1a5eafae3c9684d30c63a67800000000000";
const std::string recorded_reserve_data =
    "0x"
    "00000000000000000000000000000000100000000000000000000000000003e9"
    "0000000000000000000000000000000000000000036a27c726f6909c2e3f0ad2"
    "00000000000000000000000000000000000000000023070bda5e828348dcbac0"
    "0000000000000000000000000000000000000000038de60f7c988d0fcc000000"
    "000000000000000000000000000000000000000000327540a046d49f5d000000"
    "0000000000000000000000000000000000000000003b8e97d229a2d548000000"
    "000000000000000000000000000000000000000000000000000000006955b900"
    "0000000000000000000000000000000000000000000000000000000000000001"
    "000000000000000000000000a4899d35897033b927acfcf422bc745916139776"
    "000000000000000000000000000000000000000000000000000000000000dead"
    "000000000000000000000000000000000000000000000000000000000000beef"
    "000000000000000000000000000000000000000000000000000000000000cafe"
    "00000000000000000000000000000000000000000000000000000000075bcd15"
    "0000000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000000000000000";

TEST(IndexerRecordedAnswers, VatIlksIsTheDeployedEthA) {
  const std::vector<Word> words = split_words(recorded_ilks, 5);
  EXPECT_EQ(word_to_decimal(words[0]), "98765432109876543210987654");        // Art
  EXPECT_EQ(word_to_decimal(words[1]), "1098765432109876543210987654");      // rate
  EXPECT_EQ(word_to_decimal(words[2]), "2383986206896551724137931034482");   // spot
  EXPECT_EQ(word_to_decimal(words[3]), "2" + std::string(53, '0'));          // line, 200M rad
  EXPECT_EQ(word_to_decimal(words[4]), "75" + std::string(47, '0'));         // dust, 7500 rad
}

TEST(IndexerRecordedAnswers, ReserveDataHoldsTheRateAndTheAToken) {
  const std::vector<Word> words = split_words(recorded_reserve_data, 15);
  EXPECT_EQ(word_to_decimal(words[2]), "42345678901234567890123456");  // currentLiquidityRate
  EXPECT_EQ(word_to_address(words[8]), "0xa4899d35897033b927acfcf422bc745916139776");  // aTokenAddress
}

TEST(IndexerSplitWords, ReadsTotalSupply) {
  EXPECT_EQ(word_to_decimal(word_of(total_supply_answer)), "5365382424117000000000000000");
}

TEST(IndexerSplitWords, RefusesAnotherNumberOfWords) {
  EXPECT_THROW(split_words(ilks_answer, 4), AbiError);
  EXPECT_THROW(split_words(ilks_answer, 6), AbiError);
  EXPECT_THROW(split_words(total_supply_answer, 0), AbiError);
  // An address without code answers "0x".
  EXPECT_EQ(error_of([] { split_words("0x", 1); }), R"(call result "0x" has 0 words where 1 were expected)");
  EXPECT_TRUE(split_words("0x", 0).empty());
}

TEST(IndexerSplitWords, RefusesMalformedData) {
  const std::string word(64, '0');
  for (const std::string& data :
       {std::string(), std::string("0"), word, "0X" + word, "0x" + word + "0", "0x" + word.substr(1),
        "0x" + word.substr(1) + "g", "0x" + word.substr(1) + " ", "\"0x" + word + "\""}) {
    EXPECT_THROW(split_words(data, 1), AbiError) << data;
  }
  EXPECT_EQ(error_of([] { split_words("0x" + std::string(62, '0'), 1); }),
            "call result \"0x" + std::string(62, '0') + "\" is not whole 32-byte words (62 hex digits)");
}

TEST(IndexerSplitWords, NamesGarbageOnOneBoundedLine) {
  const std::string message = error_of([] { split_words("0x<html>\n" + std::string(200, 'x'), 1); });
  EXPECT_EQ(message, "call result \"0x<html>\\x0a" + std::string(71, 'x') +
                         "\"... (209 characters) is not 0x and hex digits");
}

TEST(IndexerWordToDecimal, ReadsZeroOneAndTheLargestWord) {
  EXPECT_EQ(word_to_decimal(Word{}), "0");
  EXPECT_EQ(word_to_decimal(word_of("0x" + std::string(63, '0') + "1")), "1");
  EXPECT_EQ(word_to_decimal(word_of(max_word)), max_decimal);
  EXPECT_EQ(word_to_decimal(word_of("0x" + std::string(56, '0') + "3b9aca00")), "1000000000");  // 10^9
  EXPECT_EQ(word_to_decimal(word_of("0x" + std::string(56, '0') + "3b9ac9ff")), "999999999");
}

TEST(IndexerWordToDecimal, TheTopBitIsADigitNotASign) {
  // -1, int256's minimum and -123, were the words signed.
  EXPECT_EQ(word_to_decimal(word_of(max_word)), max_decimal);
  EXPECT_EQ(word_to_decimal(word_of("0x8" + std::string(63, '0'))),
            "57896044618658097711785492504343953926634992332820282019728792003956564819968");  // 2^255
  EXPECT_EQ(word_to_decimal(word_of("0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff85")),
            "115792089237316195423570985008687907853269984665640564039457584007913129639813");  // -123
}

TEST(IndexerWordToAddress, ReadsTheLow20Bytes) {
  EXPECT_EQ(word_to_address(word_of("0x000000000000000000000000A614F803B6FD780986A42C78EC9C7F77E6DED13C")),
            "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c");
  EXPECT_EQ(word_to_address(Word{}), "0x0000000000000000000000000000000000000000");
}

TEST(IndexerWordToAddress, RefusesAWordWithHighBytes) {
  EXPECT_THROW(word_to_address(word_of(max_word)), AbiError);
  EXPECT_EQ(error_of([] {
              word_to_address(word_of("0x00000000000000000000000100000000000000000000000000000000000000ff"));
            }),
            "word 0x00000000000000000000000100000000000000000000000000000000000000ff is not an address: "
            "its top 12 bytes are not zero");
}

TEST(IndexerWordToSmall, ReadsDecimals) {
  EXPECT_EQ(word_to_small(word_of("0x" + std::string(62, '0') + "12"), 77), 18u);
  EXPECT_EQ(word_to_small(word_of("0x" + std::string(62, '0') + "06"), 77), 6u);
  EXPECT_EQ(word_to_small(word_of("0x" + std::string(62, '0') + "4d"), 77), 77u);
  EXPECT_EQ(word_to_small(Word{}, 77), 0u);
}

TEST(IndexerWordToSmall, RefusesALargerValue) {
  EXPECT_EQ(error_of([] { word_to_small(word_of("0x" + std::string(62, '0') + "4e"), 77); }),
            "word 0x" + std::string(62, '0') + "4e (78) is more than 77");
  EXPECT_THROW(word_to_small(word_of("0x" + std::string(55, '0') + "100000012"), 77), AbiError);
  EXPECT_THROW(word_to_small(word_of(max_word), 77), AbiError);
}

// The selectors named are the first 4 bytes of the Keccak-256 of the signature, worked out with
// a Python Keccak checked against keccak256("") = 0xc5d24601...
TEST(IndexerCallData, EncodesASelectorAlone) {
  EXPECT_EQ(call_data(0x18160dddu), "0x18160ddd");   // totalSupply()
  EXPECT_EQ(call_data(0x313ce567u), "0x313ce567");   // decimals()
  EXPECT_EQ(call_data(0x07a2d13au), "0x07a2d13a");   // leading zeros kept
}

TEST(IndexerCallData, EncodesAnAddress) {
  // balanceOf(address)
  EXPECT_EQ(call_data(0x70a08231u, {address_word("0xA614F803b6fd780986A42c78Ec9c7f77e6DeD13C")}),
            "0x70a08231000000000000000000000000a614f803b6fd780986a42c78ec9c7f77e6ded13c");
}

TEST(IndexerCallData, EncodesAnIlk) {
  // ilks(bytes32): "ETH-A" is 45 54 48 2d 41, then zeros to 32 bytes.
  EXPECT_EQ(call_data(0xd9638d36u, {ilk_word("ETH-A")}),
            "0xd9638d364554482d41000000000000000000000000000000000000000000000000000000");
  EXPECT_EQ(call_data(0xd9638d36u, {ilk_word("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")}),  // 32 bytes, no zero
            "0xd9638d364141414141414141414141414141414141414141414141414141414141414141");
}

TEST(IndexerCallData, EncodesAUint256) {
  // convertToAssets(10^18)
  EXPECT_EQ(call_data(0x07a2d13au, {uint256_word("1000000000000000000")}),
            "0x07a2d13a0000000000000000000000000000000000000000000000000de0b6b3a7640000");
  EXPECT_EQ(call_data(0x07a2d13au, {uint256_word("0")}), "0x07a2d13a" + std::string(64, '0'));
  EXPECT_EQ(call_data(0x07a2d13au, {uint256_word(max_decimal)}), "0x07a2d13a" + std::string(64, 'f'));
}

TEST(IndexerCallData, EncodesSeveralArguments) {
  EXPECT_EQ(call_data(0x12345678u, {ilk_word("A"), uint256_word("255")}),
            "0x12345678"
            "4100000000000000000000000000000000000000000000000000000000000000"
            "00000000000000000000000000000000000000000000000000000000000000ff");
}

TEST(IndexerCallData, RefusesMalformedAddresses) {
  for (const char* address :
       {"", "0x", "a614f803b6fd780986a42c78ec9c7f77e6ded13c", "0xa614f803b6fd780986a42c78ec9c7f77e6ded13",
        "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c0", "0xa614f803b6fd780986a42c78ec9c7f77e6ded13g",
        "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"}) {
    EXPECT_THROW(address_word(address), AbiError) << address;
  }
}

TEST(IndexerCallData, RefusesIlksThatAreNotBytes32) {
  EXPECT_NO_THROW(ilk_word(std::string(32, 'A')));
  for (const std::string& ilk : {std::string(), std::string(33, 'A'), std::string("ETH A"),
                                 std::string("ETH\0A", 5), std::string("ÉTH-A")}) {
    EXPECT_THROW(ilk_word(ilk), AbiError) << ilk;
  }
}

TEST(IndexerCallData, RefusesUint256sOutOfRangeOrNotDecimal) {
  // 2^256, and ten times 2^256-1.
  EXPECT_THROW(uint256_word("115792089237316195423570985008687907853269984665640564039457584007913129639936"),
               AbiError);
  EXPECT_THROW(uint256_word(max_decimal + "0"), AbiError);
  for (const char* decimal : {"", "-1", "+1", "1.5", "1e18", " 1", "0x10"}) {
    EXPECT_THROW(uint256_word(decimal), AbiError) << decimal;
  }
  EXPECT_EQ(error_of([] { uint256_word("1e18"); }), R"(uint256 "1e18" is not decimal digits)");
}

TEST(IndexerCallData, Uint256RoundTripsThroughDecimal) {
  for (const char* decimal :
       {"0", "1", "255", "256", "999999999", "1000000000", "1000000000000000000",
        "12345678901234567890123456789012345678901234567890",
        "115792089237316195423570985008687907853269984665640564039457584007913129639935"}) {
    EXPECT_EQ(word_to_decimal(uint256_word(decimal)), decimal);
  }
}

}  // namespace
}  // namespace coin::indexer
