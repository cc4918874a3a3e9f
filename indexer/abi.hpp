#pragma once
// Ethereum ABI words and JSON-RPC values, exact: a uint256 becomes a decimal string (and a
// decimal string a uint256) by arithmetic on its bytes, never through a double. What eth_call
// sends (call data) is built here, and what it answers (quantities, 32-byte words) is checked
// here: a malformed or out-of-range value throws AbiError, which names it.

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace coin::indexer {

// A value refused: a malformed or out-of-range answer, or an argument that cannot be encoded.
class AbiError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// One 32-byte ABI word, big-endian.
using Word = std::array<std::uint8_t, 32>;

// Answers.

// A JSON-RPC quantity ("0x1b4") as an exact decimal string ("436"). Refuses what the Ethereum
// execution API refuses: no "0x" (a sign, "1b"), no digit ("0x"), a leading zero ("0x01"; zero
// is "0x0"), a character that is not a hex digit; and more than 256 bits. Digits may be in
// either case, as geth reads them.
std::string quantity_to_decimal(std::string_view quantity);

// eth_call's result data ("0x" and 64 hex digits per word) as words. Refuses data that is not
// whole words of hex, and a number of words other than `expected`: a call to an address
// without code answers "0x", a call to the wrong function often answers the wrong length.
std::vector<Word> split_words(std::string_view data, std::size_t expected);

// A word as a uint256, in decimal: the top bit is a digit, never a sign.
std::string word_to_decimal(const Word& word);

// A bytes32 ilk as its name: the bytes up to the first zero ("ETH-A").
std::string word_to_ilk(const Word& word);

// A word as "0x" and 64 lower-case hex digits (a hash).
std::string word_hex(const Word& word);

// A word as an int256 (two's complement), in decimal: "-1" for 2^256 - 1.
std::string word_to_signed_decimal(const Word& word);

// A word as an address: "0x" and 40 lowercase hex digits. Refuses a word whose top 12 bytes
// are not zero.
std::string word_to_address(const Word& word);

// A word as a small unsigned integer, e.g. decimals() (at most 77: 10^77 is the largest power
// of ten a uint256 holds). Refuses one above `most`.
unsigned word_to_small(const Word& word, unsigned most);

// Calls.

// Arguments, one word each:
// - an address, "0x" and 40 hex digits in either case;
Word address_word(std::string_view address);
// - an ilk as bytes32: 1 to 32 ASCII characters but space and controls, then zeros ("ETH-A");
Word ilk_word(std::string_view ilk);
// - a uint256 from decimal digits ("1000000000000000000"), at most 2^256-1.
Word uint256_word(std::string_view decimal);

// eth_call's data: "0x", the selector (0x18160ddd is totalSupply()) and the arguments, in
// lowercase hex.
std::string call_data(std::uint32_t selector, std::initializer_list<Word> arguments = {});

}  // namespace coin::indexer
