#pragma once
// An answer rendered once and sent many times: the exact bytes a handler writes to the FastCGI
// stream (CGI headers, blank line, body) for each way it can be asked for. Every header a
// handler sends is written here.
//
// An answer read from the database (a 200 with a Last-Modified: the newest snapshot it
// reflects) is rendered exactly as nginx serves the same answer published as a static file
// (nginx/endpoint.conf), so that a client cannot tell the two apart: nginx's strong ETag
// "<hex Last-Modified>-<hex body length>", Last-Modified, Cache-Control, Vary:
// Accept-Encoding, X-Snapshot-Blocks (snapshot_blocks.hpp), a gzip variant when it saves bytes
// (with an ETag of its own, since its body differs), and the 304s nginx would answer (If-None-Match and If-Modified-Since, both must
// hold when both are sent). Given a signer, each of its 200s also carries its Content-Digest
// and signature (answer_signature.hpp). A business error (spec section 7: HTTP 200, code 1 or 10002) has
// no Last-Modified and keeps a weak ETag from a hash of its body. Server errors (404, 503) and
// live answers (/healthz, /metrics) are never cached by anyone: Cache-Control: no-store.

#include <ctime>
#include <string>
#include <string_view>

#include "shared/answer_signature.hpp"
#include "shared/request_conditions.hpp"
#include "shared/response.hpp"

namespace coin {

// For clients and shared caches, suited to data that changes every 5 minutes: fresh for 30 s,
// then usable for the rest of a 5-minute cycle while it is revalidated in the background, and
// for a day while the API answers errors.
inline constexpr std::string_view cache_control =
    "public, max-age=30, stale-while-revalidate=270, stale-if-error=86400";

// For an answer at a past time that every chain has a newer snapshot than (Response::immutable).
inline constexpr std::string_view immutable_cache_control = "public, max-age=31536000, immutable";

// Seconds a client should wait before asking again after a server error: the handlers' 503, and
// nginx's own 500 and 503 (`publisher --nginx` writes it into nginx's configuration).
inline constexpr std::string_view retry_after_seconds = "5";

// Bodies smaller than this are never compressed (as nginx's gzip_min_length).
inline constexpr std::size_t gzip_min_length = 1024;

// One representation of a 200: as is, or gzip-compressed.
struct Variant {
  std::string etag;          // empty for errors, and for a gzip variant not worth having
  std::string full;          // the response, or empty for a gzip variant not worth having
  std::string not_modified;  // the 304; empty for errors
};

struct RenderedAnswer {
  std::time_t last_modified = -1;  // -1: none (errors)
  Variant identity;
  Variant gzip;
};

// `last_modified`: the newest snapshot a 200 reflects, or -1 (business errors, errors);
// `snapshot_blocks`: the blocks it rests on, and `snapshot_final`, whether each is final, sent
// with it and its 304s ("": none); `signer`:
// what signs each variant of a 200 with a Last-Modified (answer_signature.hpp: its 304 is not
// signed), or none.
RenderedAnswer render(const Response& response, std::time_t last_modified = -1,
                      std::string_view snapshot_blocks = {}, std::string_view snapshot_final = {},
                      const Signer* signer = nullptr);

// nginx's ETag of a static file modified at `last_modified` and `length` bytes long:
// "<hex mtime>-<hex length>".
std::string static_file_etag(std::time_t last_modified, std::size_t length);

// Whether a body whose first `kept_length` bytes are a kept part (Response::kept_length) is
// gzip-compressed in two parts (gzip.hpp): a kept part of 1 KB or more, so that the .gz comes out
// smaller than the body and the publisher keeps the compressed part between sets.
inline bool compressed_apart(std::size_t kept_length) { return kept_length >= gzip_min_length; }

// `body` gzip-compressed, or "" when too small or when compressing does not make it smaller:
// the publisher's .gz file and the handlers' gzip variant alike. In two parts where its first
// `kept_length` bytes are compressed_apart, always.
std::string compressed_variant(std::string_view body, std::size_t kept_length = 0);

// The bytes that answer a request with these headers, in the order nginx's not-modified filter
// decides for a static file: If-Unmodified-Since, then If-Match (a 412 without a body, which
// nginx replaces with its page, nginx/errors.conf), then If-Modified-Since and If-None-Match.
const std::string& choose(const RenderedAnswer& rendered, const Conditions& conditions);

// The HTTP status of bytes choose() returned (their "Status: NNN" line).
int status_of(std::string_view chosen);

}  // namespace coin
