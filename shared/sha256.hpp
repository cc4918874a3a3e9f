#pragma once
// SHA-256 (OpenSSL's libcrypto): the answers' Content-Digest, a JWK's thumbprint, a TRON
// address's checksum.

#include <string>
#include <string_view>

namespace coin {

// The 32 bytes of the digest of `bytes`.
std::string sha256(std::string_view bytes);

}  // namespace coin
