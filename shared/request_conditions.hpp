#pragma once
// What a request says about the answer it can take, read as nginx reads it for a static file:
// the conditional headers (RFC 9110, section 13) and Accept-Encoding.

#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace coin {

// The request headers that choose among an answer's bytes (rendered_answer.hpp's choose()).
struct Conditions {
  std::string_view if_none_match = {};
  std::string_view if_modified_since = {};
  std::string_view accept_encoding = {};
  std::string_view if_match = {};
  std::string_view if_unmodified_since = {};
};

// True when the If-None-Match header value lists `etag` (weak comparison) or is *.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

// True when the If-Match header value lists exactly `etag` (strong comparison) or is *.
bool etag_matches_strongly(std::string_view if_match, std::string_view etag);

// True when the Accept-Encoding header value accepts gzip: a gzip entry with q > 0, or, when
// gzip is not listed, a * with q > 0.
bool accepts_gzip(std::string_view accept_encoding);

// An HTTP date, "Wed, 13 May 2026 01:00:00 GMT", and back (the three formats of RFC 9110).
std::string http_date(std::time_t time);
std::optional<std::time_t> parse_http_date(std::string_view text);

}  // namespace coin
