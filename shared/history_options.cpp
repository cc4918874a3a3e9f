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

}  // namespace

std::optional<std::int64_t> parse_bound(std::string_view text, bool end_of_day) {
  if (all_digits(text)) {
    if (text.size() > 15) return std::nullopt;
    std::int64_t ms = 0;
    std::from_chars(text.data(), text.data() + text.size(), ms);
    return ms;
  }
  // Exactly YYYY-MM-DD: strptime alone would take "2026-5-1" and " 2026-05-01".
  if (text.size() != 10 || text[4] != '-' || text[7] != '-' || !all_digits(text.substr(0, 4)) ||
      !all_digits(text.substr(5, 2)) || !all_digits(text.substr(8, 2))) {
    return std::nullopt;
  }
  const std::string date(text);
  std::tm parts{};
  const char* end = ::strptime(date.c_str(), "%Y-%m-%d", &parts);
  if (end != date.c_str() + date.size()) return std::nullopt;
  const std::optional<std::time_t> midnight_utc = exact_timegm(parts);
  if (!midnight_utc) return std::nullopt;
  const std::int64_t midnight = std::int64_t{*midnight_utc} * 1000 - utc8_offset_ms;
  return end_of_day ? midnight + day_ms - 1 : midnight;
}

CheckedOptions check_options(const QueryString& query, bool takes_range, bool takes_format) {
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
  return checked;
}

}  // namespace coin
