#pragma once
// What both fuzzers check of the text they are given back: that it is UTF-8.

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace coin::fuzz {

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF), as JSON exchanged between systems must be (RFC 8259, section 8.1); jsoncpp's reader
// does not check it.
inline bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    std::uint32_t code_point = 0;
    if (byte < 0x80) {
      ++i;
      continue;
    } else if ((byte & 0xE0) == 0xC0) {
      length = 2, code_point = byte & 0x1Fu;
    } else if ((byte & 0xF0) == 0xE0) {
      length = 3, code_point = byte & 0x0Fu;
    } else if ((byte & 0xF8) == 0xF0) {
      length = 4, code_point = byte & 0x07u;
    } else {
      return false;
    }
    if (i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code_point = (code_point << 6) | (next & 0x3Fu);
    }
    const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code_point < smallest[length] || code_point > 0x10FFFF ||
        (code_point >= 0xD800 && code_point <= 0xDFFF)) {
      return false;
    }
    i += length;
  }
  return true;
}

}  // namespace coin::fuzz
