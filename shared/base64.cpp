#include "shared/base64.hpp"

#include <openssl/evp.h>

#include <algorithm>

namespace coin {

std::string base64(std::string_view bytes) {
  std::string text(4 * ((bytes.size() + 2) / 3), '\0');
  // EVP_EncodeBlock writes the text and its terminating NUL; the string's own NUL takes that.
  EVP_EncodeBlock(reinterpret_cast<unsigned char*>(text.data()),
                  reinterpret_cast<const unsigned char*>(bytes.data()), static_cast<int>(bytes.size()));
  return text;
}

std::string base64url(std::string_view bytes) {
  std::string text = base64(bytes);
  text.erase(text.find_last_not_of('=') + 1);
  std::replace(text.begin(), text.end(), '+', '-');
  std::replace(text.begin(), text.end(), '/', '_');
  return text;
}

std::optional<std::string> from_base64(std::string_view text) {
  if (text.size() % 4 != 0) return std::nullopt;
  const std::size_t padding = text.size() - (text.find_last_not_of('=') + 1);
  if (padding > 2) return std::nullopt;
  std::string bytes(3 * (text.size() / 4), '\0');
  // EVP_DecodeBlock takes the padding as zero bits, counted in the size it returns.
  const int size = EVP_DecodeBlock(reinterpret_cast<unsigned char*>(bytes.data()),
                                   reinterpret_cast<const unsigned char*>(text.data()), static_cast<int>(text.size()));
  if (size < 0) return std::nullopt;
  bytes.resize(static_cast<std::size_t>(size) - padding);
  // The one canonical text of those bytes: no stray bits under the padding.
  if (base64(bytes) != text) return std::nullopt;
  return bytes;
}

std::optional<std::string> from_base64url(std::string_view text) {
  if (text.find_first_of("+/=") != std::string_view::npos) return std::nullopt;
  std::string standard(text);
  std::replace(standard.begin(), standard.end(), '-', '+');
  std::replace(standard.begin(), standard.end(), '_', '/');
  standard.append((4 - standard.size() % 4) % 4, '=');
  return from_base64(standard);
}

}  // namespace coin
