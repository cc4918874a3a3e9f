#pragma once
// A UTC calendar time as seconds since the epoch, refusing what timegm() would silently roll
// over into another date (30 February, second 60): HTTP dates (request_conditions.cpp) and the
// days of a date range (history_options.cpp).

#include <ctime>
#include <optional>

namespace coin {

inline std::optional<std::time_t> exact_timegm(std::tm parts) {
  const std::tm wanted = parts;
  const std::time_t time = ::timegm(&parts);
  if (parts.tm_mday != wanted.tm_mday || parts.tm_sec != wanted.tm_sec) return std::nullopt;
  return time;
}

}  // namespace coin
