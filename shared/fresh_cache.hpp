#pragma once
// What the workers of an API process share: the response cache, kept fresh by a snapshot
// listener (a new generation on every snapshot written and on every reconnection; nothing
// cached while it is away or the standby read from is behind: response_cache.hpp), and the
// count of sessions that listener opened to read from, which the workers' sessions follow
// (Database's listener_readers).

#include <atomic>
#include <functional>

#include "shared/config.hpp"
#include "shared/response_cache.hpp"

namespace coin {

class FreshCache {
 public:
  explicit FreshCache(const Config& config) : config_(config), cache_(config.cache) {}

  ResponseCache& cache() { return cache_; }
  const std::atomic<unsigned>* listener_readers() const { return &listener_readers_; }

  // run_server's background job: the snapshot listener; none with --no-cache.
  std::function<void(const std::atomic<bool>& stopping)> listener();

 private:
  const Config& config_;
  ResponseCache cache_;
  std::atomic<unsigned> listener_readers_{0};
};

}  // namespace coin
