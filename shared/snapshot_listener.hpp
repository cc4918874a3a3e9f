#pragma once
// A thread that LISTENs for snapshot_written (sql/deploy/snapshot_notify.sql) and tells its
// owner: a handler's response cache (a new generation on every notification and on every
// (re)connection; no cache while disconnected), or the publisher (render every answer then).
// A lost connection is retried with the handlers' backoff (backoff.hpp).
//
// Read replicas: the owner reads through a connection string that may lead to a hot standby
// ("host=db1,db2,db3 target_session_attrs=prefer-standby"). A standby cannot LISTEN
// (notifications are not replicated), and it shows a commit only once it has replayed it, some
// time after the primary's notification. So when the listener's reader (a session on the same
// connection string as the owner's, hence on the same server) is a standby, it LISTENs on a
// second session, on the primary (the same string with target_session_attrs=primary), and tells
// the owner of a snapshot only once the reader's server has replayed the primary's WAL as far
// as it was flushed when the notification came; the owner is told it is behind meanwhile.
// With a reader on the primary, one session does both and nothing waits; and if the connection
// string prefers a standby (target_session_attrs=prefer-standby), none answered when it was
// opened: every 5 s it looks for one again, and once one answers it starts again there, as
// after a lost connection (the owner's sessions follow: Database's listener_readers).

#include <atomic>
#include <functional>
#include <map>
#include <pqxx/connection>
#include <string>
#include <vector>

namespace coin {

struct SnapshotEvents {
  // LISTEN is on, and the reader shows everything the primary had then: at first, and after
  // every reconnection (notifications sent while the connection was away are lost, so anything
  // may have changed).
  std::function<void(pqxx::connection& reader)> listening;
  // One or more snapshots were written, and the reader shows them (all notifications that
  // arrived together, once, with their payloads: sql/deploy/notify_chains.sql).
  std::function<void(pqxx::connection& reader, const std::vector<std::string>& payloads)> written;
  // The connection is lost; it will be tried again.
  std::function<void()> lost;
  // Listening, about to wait for notifications or for the reader to catch up: at once, then at
  // least every quarter of a second (optional).
  std::function<void()> waiting = {};
  // A snapshot was written that the reader, a standby, does not show yet; `written` follows
  // once it does (optional).
  std::function<void()> behind = {};
};

// Runs until `stopping` is set (it notices within a quarter of a second). An exception from an
// event counts as a lost connection: logged, and everything starts again after the backoff.
void listen_for_snapshots(const std::string& conninfo, const SnapshotEvents& events,
                          const std::atomic<bool>& stopping);

// `conninfo` (a connection string or URI; empty: libpq's PG* variables) with `settings` in place
// of any it had, as a connection string: {{"port", "5433"}}.
std::string conninfo_with(const std::string& conninfo, const std::map<std::string, std::string>& settings);

// `conninfo` asking for the primary of the servers it names: target_session_attrs=primary.
std::string primary_conninfo(const std::string& conninfo);

}  // namespace coin
