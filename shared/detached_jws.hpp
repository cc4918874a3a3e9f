#pragma once
// A detached JWS of bytes sent as they are (RFC 7515 appendix F, with RFC 7797's unencoded
// payload), signed with the answers' key (EdDSA, RFC 8037): what signs an event of the event
// stream, whose bytes a reader has already. Its compact form is
// "<base64url protected header>..<base64url signature>"; the header is
// {"alg":"EdDSA","b64":false,"crit":["b64"],"kid":"<the key's id>"}, and the bytes signed are
// the header's base64url, a ".", then the payload as it is.

#include <string>
#include <string_view>

#include "shared/signing_key.hpp"

namespace coin {

std::string detached_jws(const SigningKey& key, std::string_view payload);

}  // namespace coin
