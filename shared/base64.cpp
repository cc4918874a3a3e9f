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

}  // namespace coin
