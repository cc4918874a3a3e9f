#pragma once
// Base64 (RFC 4648): the standard alphabet with padding, as HTTP's byte sequences carry it
// (RFC 8941: Content-Digest, Signature), and the URL-safe alphabet without padding, as JOSE
// does (RFC 7515: a JWK's key, its thumbprint).

#include <optional>
#include <string>
#include <string_view>

namespace coin {

std::string base64(std::string_view bytes);

std::string base64url(std::string_view bytes);

// The bytes of a text in either form; none where it is not one (a foreign character, a length
// no encoding gives, padding in the URL-safe form or bits left over).
std::optional<std::string> from_base64(std::string_view text);
std::optional<std::string> from_base64url(std::string_view text);

}  // namespace coin
