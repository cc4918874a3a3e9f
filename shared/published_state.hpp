#pragma once
// What the ops handler (/healthz, /metrics) reads of a publisher's directory: when the publisher
// last beat, and the newest snapshot of the set nginx serves. The publisher writes both, under
// the names below (publisher/published_sets.hpp lays out the directory).

#include <ctime>
#include <optional>
#include <string>
#include <string_view>

namespace coin {

// The symbolic link to the set nginx serves. The set's own mtime is the newest snapshot it shows.
inline constexpr std::string_view current_link = "current";
// Touched by the publisher while it lives and listens (PublishedSets::beat).
inline constexpr std::string_view heartbeat_file = "heartbeat";

struct PublishedState {
  std::optional<std::time_t> heartbeat;  // the publisher's last beat(), if it ever beat
  std::optional<std::time_t> snapshot;   // the newest snapshot of the current set, if there is one
};
PublishedState published_state(const std::string& directory);

}  // namespace coin
