#include "indexer/selector.hpp"

namespace coin::indexer {
namespace {

// Keccak-f[1600] (the Keccak reference, "The Keccak reference" 3.0, section 1.2): 24 rounds of
// theta, rho and pi, chi and iota on 25 lanes of 64 bits.
constexpr std::array<std::uint64_t, 24> round_constants = {
    0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
    0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
    0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
    0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
    0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
    0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008};
// Lane x + 5y's rotation, and where pi moves it, in the order the combined rho-pi step visits.
constexpr std::array<int, 24> rotations = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                           27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
constexpr std::array<std::size_t, 24> destinations = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                              15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

std::uint64_t rotate(std::uint64_t lane, int by) { return (lane << by) | (lane >> (64 - by)); }

void permute(std::array<std::uint64_t, 25>& state) {
  for (const std::uint64_t constant : round_constants) {
    std::array<std::uint64_t, 5> column{};
    for (std::size_t x = 0; x < 5; ++x) {
      column[x] = state[x] ^ state[x + 5] ^ state[x + 10] ^ state[x + 15] ^ state[x + 20];
    }
    for (std::size_t x = 0; x < 5; ++x) {
      const std::uint64_t d = column[(x + 4) % 5] ^ rotate(column[(x + 1) % 5], 1);
      for (std::size_t y = 0; y < 25; y += 5) state[y + x] ^= d;
    }
    std::uint64_t carried = state[1];
    for (std::size_t i = 0; i < 24; ++i) {
      const std::uint64_t next = state[destinations[i]];
      state[destinations[i]] = rotate(carried, rotations[i]);
      carried = next;
    }
    for (std::size_t y = 0; y < 25; y += 5) {
      const std::array<std::uint64_t, 5> row = {state[y], state[y + 1], state[y + 2], state[y + 3], state[y + 4]};
      for (std::size_t x = 0; x < 5; ++x) state[y + x] = row[x] ^ (~row[(x + 1) % 5] & row[(x + 2) % 5]);
    }
    state[0] ^= constant;
  }
}

}  // namespace

std::array<std::uint8_t, 32> keccak256(std::string_view bytes) {
  constexpr std::size_t rate = 136;  // bytes absorbed per permutation: 1600 bits - 2 x 256
  std::array<std::uint64_t, 25> state{};
  const auto absorb = [&state](std::size_t at, std::uint8_t byte) {
    state[at / 8] ^= static_cast<std::uint64_t>(byte) << (8 * (at % 8));  // lanes are little-endian
  };
  std::size_t at = 0;
  for (const char c : bytes) {
    absorb(at++, static_cast<std::uint8_t>(c));
    if (at == rate) {
      permute(state);
      at = 0;
    }
  }
  absorb(at, 0x01);
  absorb(rate - 1, 0x80);
  permute(state);
  std::array<std::uint8_t, 32> hash{};
  for (std::size_t i = 0; i < hash.size(); ++i) hash[i] = static_cast<std::uint8_t>(state[i / 8] >> (8 * (i % 8)));
  return hash;
}

std::uint32_t selector_of(std::string_view signature) {
  const std::array<std::uint8_t, 32> hash = keccak256(signature);
  return static_cast<std::uint32_t>(hash[0]) << 24 | static_cast<std::uint32_t>(hash[1]) << 16 |
         static_cast<std::uint32_t>(hash[2]) << 8 | hash[3];
}

}  // namespace coin::indexer
