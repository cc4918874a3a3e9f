#include "shared/history_options.hpp"

#include <algorithm>
#include <cctype>

namespace coin {
namespace {

constexpr std::int64_t day_ms = 86'400'000;
constexpr std::int64_t utc8_offset_ms = 8 * 3'600'000;

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

int number(std::string_view digits) {
  int value = 0;
  for (const char c : digits) value = value * 10 + (c - '0');
  return value;
}

// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
// days_from_civil).
std::int64_t days_from_civil(int year, int month, int day) {
  year -= month <= 2;
  const int era = year / 400;
  const int year_of_era = year - era * 400;
  const int day_of_year = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const int day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
  return std::int64_t{era} * 146097 + day_of_era - 719468;
}

int days_in_month(int year, int month) {
  static constexpr int days[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
  return month == 2 && leap ? 29 : days[month - 1];
}

}  // namespace

std::optional<std::int64_t> parse_bound(std::string_view text, bool end_of_day) {
  if (all_digits(text)) {
    if (text.size() > 15) return std::nullopt;
    std::int64_t ms = 0;
    for (const char c : text) ms = ms * 10 + (c - '0');
    return ms;
  }
  if (text.size() != 10 || text[4] != '-' || text[7] != '-' || !all_digits(text.substr(0, 4)) ||
      !all_digits(text.substr(5, 2)) || !all_digits(text.substr(8, 2))) {
    return std::nullopt;
  }
  const int year = number(text.substr(0, 4));
  const int month = number(text.substr(5, 2));
  const int day = number(text.substr(8, 2));
  if (year < 1970 || month < 1 || month > 12 || day < 1 || day > days_in_month(year, month)) return std::nullopt;
  const std::int64_t midnight = days_from_civil(year, month, day) * day_ms - utc8_offset_ms;
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
