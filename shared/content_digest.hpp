#pragma once
// The Content-Digest of an answer (RFC 9530): the SHA-256 of its content as sent, after any
// content coding (the .gz or .br bytes of a compressed answer), as an RFC 8941 dictionary of
// one member: "sha-256=:<base64>:".

#include <string>
#include <string_view>

namespace coin {

inline constexpr std::string_view content_digest_header = "Content-Digest";

std::string content_digest(std::string_view content);

}  // namespace coin
