#pragma once
// A function's selector, as solc computes it: the first 4 bytes of the Keccak-256 hash of its
// signature ("ssr()" -> 0x03607ceb). The hash is Ethereum's Keccak (padding 0x01), not the
// SHA3-256 that NIST later standardised (padding 0x06): the two differ on every input.

#include <array>
#include <cstdint>
#include <string_view>

namespace coin::indexer {

std::array<std::uint8_t, 32> keccak256(std::string_view bytes);

std::uint32_t selector_of(std::string_view signature);

}  // namespace coin::indexer
