#include "shared/public_jwk.hpp"

#include "shared/base64.hpp"
#include "shared/sha256.hpp"

namespace coin {

std::string jwk_thumbprint(std::string_view public_key) {
  return base64url(sha256(R"({"crv":"Ed25519","kty":"OKP","x":")" + base64url(public_key) + R"("})"));
}

std::string public_jwk(std::string_view public_key) {
  return R"({"alg":"EdDSA","crv":"Ed25519","kid":")" + jwk_thumbprint(public_key) +
         R"(","kty":"OKP","use":"sig","x":")" + base64url(public_key) + R"("})";
}

}  // namespace coin
