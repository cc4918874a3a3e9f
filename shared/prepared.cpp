#include "prepared.hpp"

#include <cstdint>
#include <cstdio>
#include <ctime>

#include "gzip.hpp"

namespace coin {
namespace {

// Seconds a client (or nginx) should wait before asking again after a server error.
constexpr std::string_view retry_after_seconds = "5";

std::string_view reason_phrase(int status) {
  switch (status) {
    case 200: return "OK";
    case 304: return "Not Modified";
    case 412: return "Precondition Failed";
    case 404: return "Not Found";
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

// nginx's ETag of a static file: "<hex mtime>-<hex length>", the mtime being Last-Modified.
std::string static_file_etag(std::time_t last_modified, std::size_t length) {
  char text[48];
  std::snprintf(text, sizeof text, "\"%llx-%zx\"", static_cast<unsigned long long>(last_modified), length);
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

// Status, Content-Type, `headers`, Content-Length, blank line, body.
std::string encode(const Response& response, const std::string& headers, std::string_view body) {
  std::string out = status_line(response.status) + header("Content-Type", response.content_type);
  out += headers + header("Content-Length", std::to_string(body.size())) + "\r\n";
  out.append(body);
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// Calls `each` with every trimmed element of a comma-separated header value until it says true.
template <typename Each>
bool any_element(std::string_view list, Each each) {
  while (!list.empty()) {
    const size_t comma = list.find(',');
    if (each(trim(list.substr(0, comma)))) return true;
    if (comma == std::string_view::npos) break;
    list.remove_prefix(comma + 1);
  }
  return false;
}

// Whether an Accept-Encoding entry ("gzip", "gzip;q=0.5"), whose parameters start at
// `semicolon`, has a weight above 0: q=0, q=0.0, q=0.00, q=0.000 refuse; anything else accepts.
bool positive_weight(std::string_view coding, size_t semicolon) {
  if (semicolon == std::string_view::npos) return true;
  std::string_view weight = trim(coding.substr(semicolon + 1));
  if (weight.substr(0, 2) != "q=" && weight.substr(0, 2) != "Q=") return true;
  weight.remove_prefix(2);
  return weight.find_first_not_of("0.") != std::string_view::npos;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if ((a[i] | 0x20) != (b[i] | 0x20)) return false;
  }
  return true;
}

std::string_view without_weak_prefix(std::string_view etag) {
  return etag.substr(0, 2) == "W/" ? etag.substr(2) : etag;
}

}  // namespace

std::string compressed_variant(std::string_view body) {
  if (body.size() < gzip_min_length) return "";
  std::string compressed = gzip_compress(body);
  return compressed.size() < body.size() ? compressed : "";
}

Prepared prepare(const Response& response, std::time_t last_modified) {
  Prepared prepared;
  if (response.status != 200) {
    std::string headers = header("Cache-Control", "no-store");
    if (response.retry_later) headers += header("Retry-After", retry_after_seconds);
    prepared.identity.full = encode(response, headers, response.body);
    return prepared;
  }
  prepared.last_modified = last_modified;
  // The headers a 200 and its 304 share, after the ETag (the header set nginx sends for a
  // published answer; the order differs, which HTTP allows).
  std::string validators;
  if (last_modified != -1) validators = header("Last-Modified", http_date(last_modified));
  validators += header("Cache-Control", cache_control);
  const std::string gzip_body = compressed_variant(response.body);
  if (last_modified != -1 || !gzip_body.empty()) validators += header("Vary", "Accept-Encoding");

  const auto make = [&](std::string_view body, std::string_view encoding) {
    Variant variant;
    variant.etag = last_modified == -1 ? weak_etag(body) : static_file_etag(last_modified, body.size());
    const std::string headers = header("ETag", variant.etag) + validators;
    variant.full = encode(response, encoding.empty() ? headers : headers + header("Content-Encoding", encoding), body);
    variant.not_modified = status_line(304) + headers + "\r\n";
    return variant;
  };
  prepared.identity = make(response.body, "");
  if (!gzip_body.empty()) prepared.gzip = make(gzip_body, "gzip");
  return prepared;
}

const std::string& choose(const Prepared& prepared, const Conditions& conditions) {
  const Variant& variant =
      !prepared.gzip.full.empty() && accepts_gzip(conditions.accept_encoding) ? prepared.gzip : prepared.identity;
  if (variant.etag.empty()) return variant.full;  // an error
  static const std::string precondition_failed = status_line(412) + "\r\n";
  if (!conditions.if_unmodified_since.empty()) {
    const std::optional<std::time_t> since = parse_http_date(conditions.if_unmodified_since);
    if (prepared.last_modified == -1 || !since || *since < prepared.last_modified) return precondition_failed;
  }
  if (!conditions.if_match.empty() && !etag_matches_strongly(conditions.if_match, variant.etag)) {
    return precondition_failed;
  }
  // Each of these validators sent must hold, and at least one is sent.
  const bool asked = !conditions.if_none_match.empty() || !conditions.if_modified_since.empty();
  const bool same_time = conditions.if_modified_since.empty() ||
                         (prepared.last_modified != -1 &&
                          parse_http_date(conditions.if_modified_since) == prepared.last_modified);
  const bool same_tag = conditions.if_none_match.empty() || etag_matches(conditions.if_none_match, variant.etag);
  return asked && same_time && same_tag ? variant.not_modified : variant.full;
}

bool etag_matches(std::string_view if_none_match, std::string_view etag) {
  if (trim(if_none_match) == "*") return true;
  return any_element(if_none_match, [&](std::string_view candidate) {
    return without_weak_prefix(candidate) == without_weak_prefix(etag);
  });
}

bool etag_matches_strongly(std::string_view if_match, std::string_view etag) {
  if (trim(if_match) == "*") return true;
  return any_element(if_match, [&](std::string_view candidate) { return candidate == etag; });
}

bool accepts_gzip(std::string_view accept_encoding) {
  // An entry for gzip decides; "*" stands for the codings not listed (RFC 9110, 12.5.3).
  bool gzip_listed = false;
  bool gzip_weighted = false;
  bool any_weighted = false;
  any_element(accept_encoding, [&](std::string_view coding) {
    const size_t semicolon = coding.find(';');
    const std::string_view name = trim(coding.substr(0, semicolon));
    if (equals_ignoring_case(name, "gzip")) {
      gzip_listed = true;
      gzip_weighted = gzip_weighted || positive_weight(coding, semicolon);
    } else if (name == "*") {
      any_weighted = any_weighted || positive_weight(coding, semicolon);
    }
    return false;  // every entry
  });
  return gzip_listed ? gzip_weighted : any_weighted;
}

std::string http_date(std::time_t time) {
  std::tm parts{};
  ::gmtime_r(&time, &parts);
  char text[40];
  std::strftime(text, sizeof text, "%a, %d %b %Y %H:%M:%S GMT", &parts);
  return text;
}

std::optional<std::time_t> parse_http_date(std::string_view text) {
  // IMF-fixdate, then the obsolete RFC 850 and asctime forms, as nginx reads them.
  static constexpr const char* formats[] = {"%a, %d %b %Y %H:%M:%S GMT", "%A, %d-%b-%y %H:%M:%S GMT",
                                            "%a %b %e %H:%M:%S %Y"};
  const std::string copy(text);
  for (const char* format : formats) {
    std::tm parts{};
    const char* end = ::strptime(copy.c_str(), format, &parts);
    if (end == nullptr || *end != '\0') continue;
    // timegm() would roll an impossible date over (31 Feb, 60 s); nginx refuses it.
    const std::tm wanted = parts;
    const std::time_t time = ::timegm(&parts);
    if (parts.tm_mday == wanted.tm_mday && parts.tm_sec == wanted.tm_sec) return time;
  }
  return std::nullopt;
}

}  // namespace coin
