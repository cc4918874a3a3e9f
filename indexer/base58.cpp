#include "indexer/base58.hpp"

#include <algorithm>
#include <array>
#include <cstdint>

#include "indexer/abi.hpp"
#include "shared/sha256.hpp"

namespace coin::indexer {
namespace {

// Bitcoin's alphabet, which TRON uses: no 0, O, I or l.
constexpr std::string_view alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

constexpr std::uint8_t version = 0x41;

// Version byte, address, checksum.
using Payload = std::array<std::uint8_t, 25>;

std::array<std::uint8_t, 4> checksum(const Payload& payload) {
  const std::string twice = sha256(sha256({reinterpret_cast<const char*>(payload.data()), 21}));
  return {static_cast<std::uint8_t>(twice[0]), static_cast<std::uint8_t>(twice[1]),
          static_cast<std::uint8_t>(twice[2]), static_cast<std::uint8_t>(twice[3])};
}

}  // namespace

std::string tron_to_hex(std::string_view address) {
  if (address.size() != 34) {
    throw Base58Error("34 Base58 characters expected, not " + std::to_string(address.size()));
  }
  // Times 58 plus the digit, least significant byte first. 58^34 < 2^200, so 34 digits always
  // fit the 25 bytes; a leading '1' (a zero byte, in Base58) leaves a version byte of 0.
  Payload payload{};
  for (const char c : address) {
    const std::size_t digit = alphabet.find(c);
    if (digit == std::string_view::npos) {
      const auto byte = static_cast<unsigned char>(c);
      const bool visible = byte > ' ' && byte < 0x7f;
      throw Base58Error((visible ? "'" + std::string(1, c) + "'" : "byte " + std::to_string(byte)) +
                        " is not a Base58 character");
    }
    auto carry = static_cast<unsigned>(digit);
    for (auto byte = payload.rbegin(); byte != payload.rend(); ++byte) {
      const unsigned current = *byte * 58u + carry;
      *byte = static_cast<std::uint8_t>(current & 0xff);
      carry = current >> 8;
    }
  }
  if (payload[0] != version) throw Base58Error("the version byte is not 0x41");
  const std::array<std::uint8_t, 4> check = checksum(payload);
  if (!std::equal(check.begin(), check.end(), payload.begin() + 21)) throw Base58Error("bad checksum");
  Word word{};
  std::copy(payload.begin() + 1, payload.begin() + 21, word.begin() + 12);
  return word_to_address(word);
}

std::string hex_to_tron(std::string_view address) {
  const Word word = address_word(address);
  Payload payload{};
  payload[0] = version;
  std::copy(word.begin() + 12, word.end(), payload.begin() + 1);
  const std::array<std::uint8_t, 4> check = checksum(payload);
  std::copy(check.begin(), check.end(), payload.begin() + 21);
  // Long division by 58, most significant byte first, a digit per pass. The version byte is
  // not zero, so there is no leading zero byte to write as '1'.
  std::string reversed;
  while (payload != Payload{}) {
    unsigned remainder = 0;
    for (std::uint8_t& byte : payload) {
      const unsigned current = remainder << 8 | byte;
      byte = static_cast<std::uint8_t>(current / 58);
      remainder = current % 58;
    }
    reversed += alphabet[remainder];
  }
  return {reversed.rbegin(), reversed.rend()};
}

}  // namespace coin::indexer
