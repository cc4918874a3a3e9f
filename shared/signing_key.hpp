#pragma once
// The Ed25519 key that signs the answers (RFC 9421 signatures, message_signature.hpp), through
// OpenSSL's libcrypto. Its public half is published as a JWK (public_jwk.hpp), and its keyid is
// that JWK's thumbprint (RFC 7638), so a verifier finds the key a signature names in the JWKS.

#include <memory>
#include <string>
#include <string_view>

struct evp_pkey_st;

namespace coin {

class SigningKey {
 public:
  // A private key in PEM (PKCS #8, as `openssl genpkey -algorithm ed25519` writes it); throws
  // std::invalid_argument when the text is not an Ed25519 private key.
  static SigningKey from_pem(std::string_view pem);

  // The 64 bytes of the Ed25519 signature of `message` (deterministic: RFC 8032).
  std::string sign(std::string_view message) const;

  // The 32 bytes of the public key.
  const std::string& public_key() const { return public_key_; }

  // The thumbprint of the public key's JWK: what a signature's keyid names.
  const std::string& keyid() const { return keyid_; }

 private:
  explicit SigningKey(evp_pkey_st* key);

  std::shared_ptr<evp_pkey_st> key_;  // shared: a copy signs with the same key
  std::string public_key_;
  std::string keyid_;
};

// The 32 bytes of the Ed25519 public key in PEM `pem`: a public key (`openssl pkey -pubout`) or
// a private one's public half. Throws std::invalid_argument when there is none.
std::string public_key_from_pem(std::string_view pem);

// Whether `signature` (64 bytes) is the Ed25519 signature of `message` by `public_key` (32 bytes).
bool ed25519_verify(std::string_view public_key, std::string_view message, std::string_view signature);

}  // namespace coin
