#pragma once
// A backfill's grid and the way its command line names it: times in UTC, a grid step, and the
// grid times between two times (the multiples of the step since the epoch, as live rounds').

#include <cstdint>
#include <optional>
#include <string>

namespace coin::indexer {

// "2025-11-26" (00:00 UTC) or "2025-11-26T12:00:00Z", as epoch seconds; nullopt if neither.
std::optional<std::int64_t> parse_utc(const std::string& text);

// "300", "5m", "1h", "1d": seconds; nullopt if not one of those, or not positive.
std::optional<std::int64_t> parse_every(const std::string& text);

// The oldest and the newest multiple of `every` from `from` to `to` (epoch seconds, both
// included); oldest > newest when there is none.
struct GridBounds {
  std::int64_t oldest;
  std::int64_t newest;
};
GridBounds grid_bounds(std::int64_t from, std::int64_t to, std::int64_t every);

}  // namespace coin::indexer
