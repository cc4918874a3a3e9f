#pragma once
// A response prepared once and sent many times: the exact bytes a handler writes to the
// FastCGI stream (CGI headers, blank line, body) for each way it can be asked for.
//
// A 200 answer carries a weak ETag derived from its body and the Cache-Control below; it is
// also prepared gzip-compressed when that saves bytes, and as the 304 that answers a matching
// If-None-Match. Errors (404, 503) are never cached by anyone: Cache-Control: no-store.

#include <string>
#include <string_view>

#include "response.hpp"

namespace coin {

// For clients and shared caches, suited to data that changes every 5 minutes: fresh for 30 s,
// then usable for the rest of a 5-minute cycle while it is revalidated in the background, and
// for a day while the API answers errors.
inline constexpr std::string_view cache_control =
    "public, max-age=30, stale-while-revalidate=270, stale-if-error=86400";

struct Prepared {
  std::string etag;          // W/"<64-bit hash of the body>"; empty for errors
  std::string identity;      // the response as is
  std::string gzip;          // with a gzip-compressed body; empty when not worth it
  std::string not_modified;  // the 304; empty for errors
};

// `compress`: also prepare the gzip variant of a large body (worth it when kept for reuse).
Prepared prepare(const Response& response, bool compress = true);

// The bytes that answer a request with these If-None-Match and Accept-Encoding headers.
const std::string& choose(const Prepared& prepared, std::string_view if_none_match,
                          std::string_view accept_encoding);

// True when the If-None-Match header value lists `etag` (weak comparison) or is *.
bool etag_matches(std::string_view if_none_match, std::string_view etag);

// True when the Accept-Encoding header value accepts gzip: a gzip entry with q > 0, or, when
// gzip is not listed, a * with q > 0.
bool accepts_gzip(std::string_view accept_encoding);

}  // namespace coin
