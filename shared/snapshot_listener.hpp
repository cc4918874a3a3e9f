#pragma once
// A thread that LISTENs for snapshot_written (sql/deploy/snapshot_notify.sql) and tells its
// owner: a handler's response cache (a new generation on every notification and on every
// (re)connection; no cache while disconnected), or the publisher (render every answer then).
// A lost connection is retried with the handlers' backoff (backoff.hpp).

#include <atomic>
#include <functional>
#include <pqxx/connection>
#include <string>

namespace coin {

struct SnapshotEvents {
  // LISTEN is on: at first, and after every reconnection (notifications sent while the
  // connection was away are lost, so anything may have changed).
  std::function<void(pqxx::connection&)> listening;
  // One or more snapshots were written (all notifications that arrived together, once).
  std::function<void(pqxx::connection&)> written;
  // The connection is lost; it will be tried again.
  std::function<void()> lost;
  // Listening, about to wait for notifications: at once, then at least every quarter of a
  // second (optional).
  std::function<void()> waiting = {};
};

// Runs until `stopping` is set (it notices within a quarter of a second). An exception from an
// event counts as a lost connection: logged, and everything starts again after the backoff.
void listen_for_snapshots(const std::string& conninfo, const SnapshotEvents& events,
                          const std::atomic<bool>& stopping);

}  // namespace coin
