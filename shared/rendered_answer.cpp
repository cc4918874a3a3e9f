#include "shared/rendered_answer.hpp"

#include <cstdint>
#include <cstdio>
#include <ctime>

#include "shared/content_digest.hpp"
#include "shared/gzip.hpp"
#include "shared/message_signature.hpp"
#include "shared/snapshot_blocks.hpp"

namespace coin {
namespace {

std::string_view reason_phrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 202: return "Accepted";
    case 304: return "Not Modified";
    case 400: return "Bad Request";
    case 404: return "Not Found";
    case 406: return "Not Acceptable";
    case 412: return "Precondition Failed";
    case 413: return "Content Too Large";
    case 415: return "Unsupported Media Type";
    case 503: return "Service Unavailable";
    default: return "Error";
  }
}

// 64-bit FNV-1a: fast, stable across builds and processes, plenty for telling bodies apart.
std::string weak_etag(std::string_view body) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : body) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  char text[24];
  std::snprintf(text, sizeof text, "W/\"%016llx\"", static_cast<unsigned long long>(hash));
  return text;
}


std::string status_line(int status) {
  std::string line = "Status: " + std::to_string(status) + ' ';
  line.append(reason_phrase(status));
  return line + "\r\n";
}

std::string header(std::string_view name, std::string_view value) {
  std::string line(name);
  line += ": ";
  line.append(value);
  return line + "\r\n";
}

// Status, Content-Type, Content-Disposition (a file's), `headers`, Content-Length, blank line, body.
std::string encode(const Response& response, const std::string& headers, std::string_view body) {
  std::string out = status_line(response.status) + header("Content-Type", response.content_type);
  if (!response.file_name.empty()) out += header("Content-Disposition", "attachment; filename=\"" + response.file_name + '"');
  out += headers + header("Content-Length", std::to_string(body.size())) + "\r\n";
  out.append(body);
  return out;
}

}  // namespace

// nginx's ETag of a static file: "<hex mtime>-<hex length>", the mtime being Last-Modified.
std::string static_file_etag(std::time_t last_modified, std::size_t length) {
  char text[48];
  std::snprintf(text, sizeof text, "\"%llx-%zx\"", static_cast<unsigned long long>(last_modified), length);
  return text;
}

std::string compressed_variant(std::string_view body, std::size_t kept_length) {
  if (compressed_apart(kept_length)) {
    const std::string_view kept = body.substr(0, kept_length);
    return gzip_start(kept) + gzip_rest(body.substr(kept_length), crc32_of(kept), kept_length);
  }
  if (body.size() < gzip_min_length) return "";
  std::string compressed = gzip_compress(body);
  return compressed.size() < body.size() ? compressed : "";
}

RenderedAnswer render(const Response& response, std::time_t last_modified, std::string_view snapshot_blocks,
                      std::string_view snapshot_final, const Signer* signer) {
  RenderedAnswer rendered;
  if (response.status != 200 || response.live) {
    std::string headers = header("Cache-Control", "no-store");
    if (response.retry_later) headers += header("Retry-After", retry_after_seconds);
    rendered.identity.full = encode(response, headers, response.body);
    return rendered;
  }
  rendered.last_modified = last_modified;
  // The headers a 200 and its 304 share, after the ETag (the header set nginx sends for a
  // published answer; the order differs, which HTTP allows).
  std::string validators;
  const std::string modified = last_modified == -1 ? "" : http_date(last_modified);
  if (last_modified != -1) validators = header("Last-Modified", modified);
  validators += header("Cache-Control", response.immutable ? immutable_cache_control : cache_control);
  const std::string gzip_body = compressed_variant(response.body, response.kept_length);
  if (last_modified != -1 || !gzip_body.empty()) validators += header("Vary", "Accept-Encoding");
  if (!snapshot_blocks.empty()) validators += header(snapshot_blocks_header, snapshot_blocks);
  if (!snapshot_final.empty()) validators += header(snapshot_final_header, snapshot_final);

  const auto make = [&](std::string_view body, std::string_view encoding) {
    Variant variant;
    variant.etag = last_modified == -1 ? weak_etag(body) : static_file_etag(last_modified, body.size());
    const std::string headers = header("ETag", variant.etag) + validators;
    std::string sent = encoding.empty() ? headers : headers + header("Content-Encoding", encoding);
    if (signer != nullptr && last_modified != -1) {
      const AnswerSignature signature =
          sign_answer(*signer, {response.content_type, encoding, modified, snapshot_blocks, snapshot_final},
                      content_digest(body));
      sent += header(content_digest_header, signature.content_digest) +
              header(signature_input_header, signature.signature_input) +
              header(signature_header, signature.signature);
    }
    variant.full = encode(response, sent, body);
    variant.not_modified = status_line(304) + headers + "\r\n";
    return variant;
  };
  rendered.identity = make(response.body, "");
  if (!gzip_body.empty()) rendered.gzip = make(gzip_body, "gzip");
  return rendered;
}

const std::string& choose(const RenderedAnswer& rendered, const Conditions& conditions) {
  const Variant& variant =
      !rendered.gzip.full.empty() && accepts_gzip(conditions.accept_encoding) ? rendered.gzip : rendered.identity;
  if (variant.etag.empty()) return variant.full;  // an error
  static const std::string precondition_failed = status_line(412) + "\r\n";
  if (!conditions.if_unmodified_since.empty()) {
    const std::optional<std::time_t> since = parse_http_date(conditions.if_unmodified_since);
    if (rendered.last_modified == -1 || !since || *since < rendered.last_modified) return precondition_failed;
  }
  if (!conditions.if_match.empty() && !etag_matches_strongly(conditions.if_match, variant.etag)) {
    return precondition_failed;
  }
  // Each of these validators sent must hold, and at least one is sent.
  const bool asked = !conditions.if_none_match.empty() || !conditions.if_modified_since.empty();
  const bool same_time = conditions.if_modified_since.empty() ||
                         (rendered.last_modified != -1 &&
                          parse_http_date(conditions.if_modified_since) == rendered.last_modified);
  const bool same_tag = conditions.if_none_match.empty() || etag_matches(conditions.if_none_match, variant.etag);
  return asked && same_time && same_tag ? variant.not_modified : variant.full;
}

int status_of(std::string_view chosen) {
  constexpr std::string_view prefix = "Status: ";
  int status = 0;
  for (const char c : chosen.substr(prefix.size(), 3)) status = status * 10 + (c - '0');
  return status;
}

}  // namespace coin
