#pragma once
// RFC 9421's Ed25519 test key (appendix B.1.4, "test-key-ed25519"), for the tests of the
// answers' signatures, and what was worked out from it outside the code (openssl pkey and
// dgst): its public key in base64url and its JWK thumbprint.

#include <string_view>

namespace coin::testing_support {

inline constexpr std::string_view rfc9421_key =
    "-----BEGIN PRIVATE KEY-----\n"
    "MC4CAQAwBQYDK2VwBCIEIJ+DYvh6SEqVTm50DFtMDoQikTmiCqirVv9mWG9qfSnF\n"
    "-----END PRIVATE KEY-----\n";

inline constexpr std::string_view rfc9421_public_key = "JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs";

inline constexpr std::string_view rfc9421_keyid = "poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U";

}  // namespace coin::testing_support
