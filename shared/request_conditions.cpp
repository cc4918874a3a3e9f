#include "shared/request_conditions.hpp"

#include <ctime>

#include "shared/utc_time.hpp"

namespace coin {
namespace {

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
    // An impossible date (31 Feb, 60 s) nginx refuses.
    if (const std::optional<std::time_t> time = exact_timegm(parts)) return time;
  }
  return std::nullopt;
}

}  // namespace coin
