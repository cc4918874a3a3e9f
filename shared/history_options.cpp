#include "shared/history_options.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <ctime>
#include <string>

#include "shared/utc_time.hpp"

namespace coin {
namespace {

constexpr std::int64_t day_ms = 86'400'000;
constexpr std::int64_t utc8_offset_ms = 8 * 3'600'000;

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

// Epoch seconds of 00:00 UTC of the day exactly YYYY-MM-DD (strptime alone would take
// "2026-5-1" and " 2026-05-01"), or nullopt.
std::optional<std::int64_t> utc_midnight(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-' || !all_digits(text.substr(0, 4)) ||
      !all_digits(text.substr(5, 2)) || !all_digits(text.substr(8, 2))) {
    return std::nullopt;
  }
  const std::string date(text);
  std::tm parts{};
  const char* end = ::strptime(date.c_str(), "%Y-%m-%d", &parts);
  if (end != date.c_str() + date.size()) return std::nullopt;
  const std::optional<std::time_t> midnight = exact_timegm(parts);
  if (!midnight) return std::nullopt;
  return *midnight;
}

// The value of exactly two digits at `at` of `text` if it is at most `most`, else nullopt.
std::optional<int> two_digits(std::string_view text, std::size_t at, int most) {
  if (at + 2 > text.size() || !all_digits(text.substr(at, 2))) return std::nullopt;
  const int value = (text[at] - '0') * 10 + (text[at + 1] - '0');
  if (value > most) return std::nullopt;
  return value;
}

}  // namespace

std::optional<std::int64_t> parse_bound(std::string_view text, bool end_of_day) {
  if (all_digits(text)) {
    if (text.size() > 15) return std::nullopt;
    std::int64_t ms = 0;
    std::from_chars(text.data(), text.data() + text.size(), ms);
    return ms;
  }
  const std::optional<std::int64_t> midnight_utc = utc_midnight(text);
  if (!midnight_utc) return std::nullopt;
  const std::int64_t midnight = *midnight_utc * 1000 - utc8_offset_ms;
  return end_of_day ? midnight + day_ms - 1 : midnight;
}

std::optional<std::int64_t> parse_instant(std::string_view text) {
  if (text.size() <= 10 || all_digits(text)) return parse_bound(text, false);
  const std::optional<std::int64_t> midnight = utc_midnight(text.substr(0, 10));
  const std::optional<int> hours = two_digits(text, 11, 23);
  const std::optional<int> minutes = two_digits(text, 14, 59);
  if (!midnight || text[10] != 'T' || !hours || text.size() < 16 || text[13] != ':' || !minutes) {
    return std::nullopt;
  }
  std::int64_t ms = (*midnight + *hours * 3600 + *minutes * 60) * 1000;
  std::size_t at = 16;
  if (at < text.size() && text[at] == ':') {
    const std::optional<int> seconds = two_digits(text, at + 1, 59);
    if (!seconds) return std::nullopt;
    ms += *seconds * 1000;
    at += 3;
    if (at < text.size() && text[at] == '.') {
      std::size_t digits = 0;
      int weight = 100;  // ms of the fraction's first digit; 0 past the third (cut)
      for (++at; at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) != 0; ++at, ++digits) {
        ms += (text[at] - '0') * weight;
        weight /= 10;
      }
      if (digits == 0 || digits > 9) return std::nullopt;
    }
  }
  const std::string_view zone = text.substr(at);
  if (zone == "Z") return ms;
  const std::optional<int> offset_hours = two_digits(zone, 1, 23);
  const std::optional<int> offset_minutes = two_digits(zone, 4, 59);
  if (zone.size() != 6 || (zone[0] != '+' && zone[0] != ' ' && zone[0] != '-') || !offset_hours || zone[3] != ':' ||
      !offset_minutes) {
    return std::nullopt;
  }
  const std::int64_t offset_ms = (*offset_hours * 60 + *offset_minutes) * 60'000;
  return zone[0] == '-' ? ms + offset_ms : ms - offset_ms;
}

CheckedOptions check_options(const QueryString& query, bool takes_range, bool takes_format, bool takes_at) {
  CheckedOptions checked;
  HistoryOptions& options = checked.options;
  if (takes_range) {
    for (const bool is_to : {false, true}) {
      const std::optional<std::string_view> value = query.get(is_to ? "to" : "from");
      if (!value) continue;
      const std::optional<std::int64_t> ms = parse_bound(*value, is_to);
      if (!ms) return {business_error(10002, is_to ? "Invalid to." : "Invalid from."), {}};
      (is_to ? options.to : options.from) = std::string(*value);
      (is_to ? options.to_ms : options.from_ms) = *ms;
    }
    if (options.from_ms > options.to_ms) return {business_error(10002, "Invalid from."), {}};
  }
  if (takes_format) {
    const std::optional<std::string_view> format = query.get("format");
    if (format && *format != "json" && *format != "csv") return {business_error(10002, "Invalid format."), {}};
    options.csv = format == "csv";
  }
  if (const std::optional<std::string_view> at = query.get("at")) {
    if (!takes_at) return {business_error(10002, "Invalid at: not kept for this endpoint."), {}};
    options.at_ms = parse_instant(*at);
    if (!options.at_ms) return {business_error(10002, "Invalid at."), {}};
  }
  return checked;
}

}  // namespace coin
