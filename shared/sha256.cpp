#include "shared/sha256.hpp"

#include <openssl/evp.h>

#include <stdexcept>

namespace coin {

std::string sha256(std::string_view bytes) {
  std::string digest(32, '\0');
  unsigned int size = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), reinterpret_cast<unsigned char*>(digest.data()), &size,
                 EVP_sha256(), nullptr) != 1 ||
      size != digest.size()) {
    throw std::runtime_error("OpenSSL's SHA-256 failed");
  }
  return digest;
}

}  // namespace coin
