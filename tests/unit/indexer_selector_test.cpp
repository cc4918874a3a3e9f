// Keccak-256 and selectors against known values: the empty input's hash (the Keccak team's
// test vector, also Ethereum's hash of empty code), a two-block input, and the selectors solc
// wrote into chain/artifacts.json.

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "indexer/selector.hpp"

namespace coin::indexer {
namespace {

std::string hex(const std::array<std::uint8_t, 32>& hash) {
  std::string text;
  for (const std::uint8_t byte : hash) {
    char digits[3];
    std::snprintf(digits, sizeof digits, "%02x", byte);
    text += digits;
  }
  return text;
}

TEST(Keccak256, EmptyInput) {
  EXPECT_EQ(hex(keccak256("")), "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470");
}

TEST(Keccak256, InputsAroundTheRate) {
  // 135, 136 and 137 bytes: the padding in the last byte of a block, a block of its own, and
  // a second block (js-sha3's keccak256, which solc-js in node_modules uses).
  EXPECT_EQ(hex(keccak256(std::string(135, 'a'))), "34367dc248bbd832f4e3e69dfaac2f92638bd0bbd18f2912ba4ef454919cf446");
  EXPECT_EQ(hex(keccak256(std::string(136, 'a'))), "a6c4d403279fe3e0af03729caada8374b5ca54d8065329a3ebcaeb4b60aa386e");
  EXPECT_EQ(hex(keccak256(std::string(137, 'a'))), "d869f639c7046b4929fc92a4d988a8b22c55fbadb802c0c66ebcd484f1915f39");
}

TEST(Selector, SolcsSelectors) {
  EXPECT_EQ(selector_of("ssr()"), 0x03607cebu);
  EXPECT_EQ(selector_of("dsr()"), 0x487bf082u);
  EXPECT_EQ(selector_of("totalSupply()"), 0x18160dddu);
  EXPECT_EQ(selector_of("balanceOf(address)"), 0x70a08231u);
  EXPECT_EQ(selector_of("getReserveData(address)"), 0x35ea6a75u);
  EXPECT_EQ(selector_of("ilks(bytes32)"), 0xd9638d36u);
}

}  // namespace
}  // namespace coin::indexer
