#include "shared/content_digest.hpp"

#include "shared/base64.hpp"
#include "shared/sha256.hpp"

namespace coin {

std::string content_digest(std::string_view content) { return "sha-256=:" + base64(sha256(content)) + ":"; }

}  // namespace coin
