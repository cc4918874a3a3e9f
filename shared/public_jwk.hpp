#pragma once
// An Ed25519 public key as a JWK (RFC 7517, the OKP key type of RFC 8037), and its thumbprint
// (RFC 7638), which is the key's id: in a signature's keyid and the JWK's "kid".

#include <string>
#include <string_view>

namespace coin {

// The base64url SHA-256 of the key's required members in their canonical form:
// {"crv":"Ed25519","kty":"OKP","x":"<base64url key>"}.
std::string jwk_thumbprint(std::string_view public_key);

// The JWK of a signing key: {"alg":"EdDSA","crv":"Ed25519","kid":...,"kty":"OKP","use":"sig","x":...}.
std::string public_jwk(std::string_view public_key);

}  // namespace coin
