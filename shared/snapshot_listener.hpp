#pragma once
// The thread of a handler process that LISTENs for snapshot_written (sql/deploy/snapshot_notify.sql)
// and keeps the response cache in step: a new generation on every notification and on every
// (re)connection; no cache while disconnected. A lost connection is retried with the
// handlers' backoff (backoff.hpp).

#include <atomic>
#include <string>

#include "response_cache.hpp"

namespace coin {

// Runs until `stopping` is set (it notices within a quarter of a second).
void listen_for_snapshots(const std::string& conninfo, ResponseCache& cache,
                          const std::atomic<bool>& stopping);

}  // namespace coin
