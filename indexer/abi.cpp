#include "indexer/abi.hpp"

#include <algorithm>

namespace coin::indexer {
namespace {

constexpr char hex_digits[] = "0123456789abcdef";

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool is_hex(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return hex_value(c) >= 0; });
}

// A value for an error message, on one line and of bounded length: a node that answers
// garbage must not flood the log.
std::string quoted(std::string_view text) {
  constexpr std::size_t most = 80;
  std::string out = "\"";
  for (const char c : text.substr(0, most)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\') {
      out += "\\x";
      out += hex_digits[byte >> 4];
      out += hex_digits[byte & 0xf];
    } else {
      out += c;
    }
  }
  out += '"';
  if (text.size() > most) out += "... (" + std::to_string(text.size()) + " characters)";
  return out;
}

void append_hex(std::string& out, const std::uint8_t* begin, const std::uint8_t* end) {
  for (const std::uint8_t* byte = begin; byte != end; ++byte) {
    out += hex_digits[*byte >> 4];
    out += hex_digits[*byte & 0xf];
  }
}

// `digits` (hex, already checked) into the low end of a word.
Word hex_word(std::string_view digits) {
  Word word{};
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const std::size_t from_right = digits.size() - 1 - i;
    std::uint8_t& byte = word[word.size() - 1 - from_right / 2];
    byte = static_cast<std::uint8_t>(byte | hex_value(digits[i]) << (from_right % 2 * 4));
  }
  return word;
}

}  // namespace

std::string quantity_to_decimal(std::string_view quantity) {
  if (quantity.size() < 3 || quantity.substr(0, 2) != "0x" || !is_hex(quantity.substr(2))) {
    throw AbiError("quantity " + quoted(quantity) + " is not 0x and hex digits");
  }
  const std::string_view digits = quantity.substr(2);
  if (digits.size() > 1 && digits[0] == '0') {
    throw AbiError("quantity " + quoted(quantity) + " has a leading zero");
  }
  if (digits.size() > 64) throw AbiError("quantity " + quoted(quantity) + " is more than 256 bits");
  return word_to_decimal(hex_word(digits));
}

std::vector<Word> split_words(std::string_view data, std::size_t expected) {
  if (data.substr(0, 2) != "0x" || !is_hex(data.substr(2))) {
    throw AbiError("call result " + quoted(data) + " is not 0x and hex digits");
  }
  const std::string_view digits = data.substr(2);
  if (digits.size() % 64 != 0) {
    throw AbiError("call result " + quoted(data) + " is not whole 32-byte words (" +
                   std::to_string(digits.size()) + " hex digits)");
  }
  if (digits.size() / 64 != expected) {
    throw AbiError("call result " + quoted(data) + " has " + std::to_string(digits.size() / 64) +
                   " words where " + std::to_string(expected) + " were expected");
  }
  std::vector<Word> words;
  for (std::size_t at = 0; at < digits.size(); at += 64) words.push_back(hex_word(digits.substr(at, 64)));
  return words;
}

std::string word_to_decimal(const Word& word) {
  // Long division by 10^9, most significant byte first: each pass gives nine digits.
  constexpr std::uint64_t billion = 1'000'000'000;
  Word rest = word;
  std::string reversed;
  while (rest != Word{}) {
    std::uint64_t remainder = 0;
    for (std::uint8_t& byte : rest) {
      const std::uint64_t current = remainder << 8 | byte;
      byte = static_cast<std::uint8_t>(current / billion);
      remainder = current % billion;
    }
    for (int i = 0; i < 9; ++i, remainder /= 10) reversed += static_cast<char>('0' + remainder % 10);
  }
  while (!reversed.empty() && reversed.back() == '0') reversed.pop_back();
  if (reversed.empty()) return "0";
  return {reversed.rbegin(), reversed.rend()};
}

std::string word_to_ilk(const Word& word) {
  std::string ilk;
  for (const std::uint8_t byte : word) {
    if (byte == 0) break;
    ilk += static_cast<char>(byte);
  }
  return ilk;
}

std::string word_hex(const Word& word) {
  std::string out = "0x";
  append_hex(out, word.begin(), word.end());
  return out;
}

std::string word_to_signed_decimal(const Word& word) {
  if ((word[0] & 0x80) == 0) return word_to_decimal(word);
  // -x is (not x) + 1.
  Word magnitude{};
  unsigned carry = 1;
  for (std::size_t i = word.size(); i-- > 0;) {
    const unsigned sum = static_cast<std::uint8_t>(~word[i]) + carry;
    magnitude[i] = static_cast<std::uint8_t>(sum & 0xff);
    carry = sum >> 8;
  }
  return "-" + word_to_decimal(magnitude);
}

std::string word_to_address(const Word& word) {
  if (std::any_of(word.begin(), word.begin() + 12, [](std::uint8_t byte) { return byte != 0; })) {
    throw AbiError("word " + word_hex(word) + " is not an address: its top 12 bytes are not zero");
  }
  std::string out = "0x";
  append_hex(out, word.begin() + 12, word.end());
  return out;
}

unsigned word_to_small(const Word& word, unsigned most) {
  const bool small = std::all_of(word.begin(), word.end() - 4, [](std::uint8_t byte) { return byte == 0; });
  unsigned value = 0;
  for (auto byte = word.end() - 4; byte != word.end(); ++byte) value = value << 8 | *byte;
  if (!small || value > most) {
    throw AbiError("word " + word_hex(word) + " (" + word_to_decimal(word) + ") is more than " +
                   std::to_string(most));
  }
  return value;
}

Word address_word(std::string_view address) {
  if (address.size() != 42 || address.substr(0, 2) != "0x" || !is_hex(address.substr(2))) {
    throw AbiError("address " + quoted(address) + " is not 0x and 40 hex digits");
  }
  return hex_word(address.substr(2));
}

Word ilk_word(std::string_view ilk) {
  const bool visible = std::all_of(ilk.begin(), ilk.end(), [](char c) { return c > ' ' && c < 0x7f; });
  if (ilk.empty() || ilk.size() > 32 || !visible) {
    throw AbiError("ilk " + quoted(ilk) + " is not 1 to 32 ASCII characters (no space or control character)");
  }
  Word word{};
  std::copy(ilk.begin(), ilk.end(), word.begin());
  return word;
}

Word uint256_word(std::string_view decimal) {
  const bool digits =
      std::all_of(decimal.begin(), decimal.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (decimal.empty() || !digits) {
    throw AbiError("uint256 " + quoted(decimal) + " is not decimal digits");
  }
  // Times ten plus the digit, least significant byte first; a carry out of the top byte is
  // more than 256 bits.
  Word word{};
  for (const char c : decimal) {
    unsigned carry = static_cast<unsigned>(c - '0');
    for (auto byte = word.rbegin(); byte != word.rend(); ++byte) {
      const unsigned current = *byte * 10u + carry;
      *byte = static_cast<std::uint8_t>(current & 0xff);
      carry = current >> 8;
    }
    if (carry != 0) throw AbiError("uint256 " + quoted(decimal) + " is more than 2^256-1");
  }
  return word;
}

std::string call_data(std::uint32_t selector, std::initializer_list<Word> arguments) {
  std::string out = "0x";
  for (int shift = 28; shift >= 0; shift -= 4) out += hex_digits[selector >> shift & 0xf];
  for (const Word& argument : arguments) append_hex(out, argument.begin(), argument.end());
  return out;
}

}  // namespace coin::indexer
