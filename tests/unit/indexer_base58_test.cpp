#include <gtest/gtest.h>

#include <string>

#include "indexer/abi.hpp"
#include "indexer/base58.hpp"

namespace coin::indexer {
namespace {

// The vectors: Tether's USDT contract on TRON, as Tether and TRONSCAN publish it, and TRON's
// zero address (the 20 zero bytes, used as "no address"). Both pairs were checked with a short
// Python script (hashlib's SHA-256, Base58 by divmod on an int), independently of this code;
// so were the bad strings below: which of them decode to version 0x41 with a wrong checksum.
constexpr std::string_view usdt = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
constexpr std::string_view usdt_hex = "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c";
constexpr std::string_view zero = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
constexpr std::string_view zero_hex = "0x0000000000000000000000000000000000000000";

std::string error_of(std::string_view address) {
  try {
    tron_to_hex(address);
  } catch (const Base58Error& error) {
    return error.what();
  }
  return "no error";
}

TEST(IndexerBase58, DecodesToHex) {
  EXPECT_EQ(tron_to_hex(usdt), usdt_hex);
  EXPECT_EQ(tron_to_hex(zero), zero_hex);
  EXPECT_EQ(tron_to_hex("TZJozAg1ruapycCicgz31GxvYJ1FraLjZa"), "0x" + std::string(40, 'f'));
}

TEST(IndexerBase58, EncodesHex) {
  EXPECT_EQ(hex_to_tron(usdt_hex), usdt);
  EXPECT_EQ(hex_to_tron("0xA614F803B6FD780986A42C78EC9C7F77E6DED13C"), usdt);
  EXPECT_EQ(hex_to_tron(zero_hex), zero);
  EXPECT_EQ(hex_to_tron("0x" + std::string(40, 'f')), "TZJozAg1ruapycCicgz31GxvYJ1FraLjZa");
}

TEST(IndexerBase58, RoundTrips) {
  for (const char* hex :
       {"0x0000000000000000000000000000000000000001", "0x8000000000000000000000000000000000000000",
        "0x0123456789abcdef0123456789abcdef01234567"}) {
    const std::string tron = hex_to_tron(hex);
    EXPECT_EQ(tron.size(), 34u) << hex;
    EXPECT_EQ(tron[0], 'T') << hex;
    EXPECT_EQ(tron_to_hex(tron), hex);
  }
}

TEST(IndexerBase58, RefusesAOneCharacterChange) {
  EXPECT_EQ(error_of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u"), "bad checksum");
  EXPECT_EQ(error_of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj7t"), "bad checksum");
  EXPECT_EQ(error_of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLJ6t"), "bad checksum");
}

TEST(IndexerBase58, RefusesCharactersOutsideTheAlphabet) {
  for (const char c : {'0', 'O', 'I', 'l'}) {
    std::string address(usdt);
    address[10] = c;
    EXPECT_EQ(error_of(address), std::string("'") + c + "' is not a Base58 character");
  }
  EXPECT_EQ(error_of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6\n"), "byte 10 is not a Base58 character");
  EXPECT_EQ(error_of("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6-"), "'-' is not a Base58 character");
}

TEST(IndexerBase58, RefusesAnotherLength) {
  EXPECT_EQ(error_of(""), "34 Base58 characters expected, not 0");
  EXPECT_EQ(error_of(usdt.substr(0, 33)), "34 Base58 characters expected, not 33");
  EXPECT_EQ(error_of(std::string(usdt) + "1"), "34 Base58 characters expected, not 35");
  EXPECT_EQ(error_of(usdt_hex), "34 Base58 characters expected, not 42");
}

TEST(IndexerBase58, RefusesAnotherVersionByte) {
  // A Bitcoin address (version 0, its checksum right) and USDT's bytes under version 0x42.
  EXPECT_EQ(error_of("1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"), "the version byte is not 0x41");
  EXPECT_EQ(error_of("TpSyGx2w2bR9GdrDrYtrYwbvSPhwSmg7ER"), "the version byte is not 0x41");
  EXPECT_EQ(error_of(std::string(34, 'z')), "the version byte is not 0x41");
}

TEST(IndexerBase58, EncodingRefusesWhatIsNotHex) {
  EXPECT_THROW(hex_to_tron(usdt), AbiError);
  EXPECT_THROW(hex_to_tron("0xa614f803b6fd780986a42c78ec9c7f77e6ded1"), AbiError);
}

}  // namespace
}  // namespace coin::indexer
