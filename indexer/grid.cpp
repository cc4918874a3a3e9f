#include "indexer/grid.hpp"

#include <ctime>

namespace coin::indexer {

std::optional<std::int64_t> parse_utc(const std::string& text) {
  for (const char* format : {"%Y-%m-%dT%H:%M:%SZ", "%Y-%m-%d"}) {
    std::tm parts{};
    const char* end = strptime(text.c_str(), format, &parts);
    if (end != nullptr && *end == '\0') return static_cast<std::int64_t>(timegm(&parts));
  }
  return std::nullopt;
}

std::optional<std::int64_t> parse_every(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && text[digits] >= '0' && text[digits] <= '9') ++digits;
  if (digits == 0 || digits > 9) return std::nullopt;
  const std::int64_t number = std::stoll(text.substr(0, digits));
  const std::string unit = text.substr(digits);
  const std::int64_t seconds = unit.empty() ? 1 : unit == "m" ? 60 : unit == "h" ? 3600 : unit == "d" ? 86400 : 0;
  if (seconds == 0 || number == 0) return std::nullopt;
  return number * seconds;
}

GridBounds grid_bounds(std::int64_t from, std::int64_t to, std::int64_t every) {
  return {(from + every - 1) / every * every, to / every * every};
}

}  // namespace coin::indexer
