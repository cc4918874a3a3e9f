#include "shared/fresh_cache.hpp"

#include <string>
#include <vector>

#include "shared/snapshot_listener.hpp"

namespace coin {

std::function<void(const std::atomic<bool>&)> FreshCache::listener() {
  if (!config_.cache) return {};
  return [this](const std::atomic<bool>& stopping) {
    const SnapshotEvents events{[this](pqxx::connection&) {
                                  ++listener_readers_;
                                  cache_.trust();
                                },
                                [this](pqxx::connection&, const std::vector<std::string>&) { cache_.trust(); },
                                [this] { cache_.distrust(); },
                                {},
                                [this] { cache_.distrust(); }};
    listen_for_snapshots(config_.database, events, stopping);
  };
}

}  // namespace coin
