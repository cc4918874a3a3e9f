#pragma once
// Whether an answer is the bytes the API signed: its Content-Digest is its body's (RFC 9530),
// and its signature under the label "coin" (RFC 9421, shared/answer_signature.hpp) covers that
// digest, its content type and X-Snapshot-Blocks, is made by a key of the deployment's key set
// (/.well-known/jwks.json) and verifies.

#include <cstdint>
#include <string>

#include "verifier/http_get.hpp"

namespace coin::verifier {

struct SignatureCheck {
  std::string problem;  // "" when the answer is signed
  std::string keyid;
  std::int64_t created = 0;
};

// `jwks`: the key set's text; `now`: seconds since 1970 (a signature made later is refused).
SignatureCheck check_answer_signature(const HttpAnswer& answer, const std::string& jwks, std::int64_t now);

}  // namespace coin::verifier
