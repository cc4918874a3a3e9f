#include "shared/snapshot_listener.hpp"

#include <libpq-fe.h>

#include <chrono>
#include <memory>
#include <pqxx/pqxx>
#include <stdexcept>
#include <string_view>
#include <thread>

#include "shared/backoff.hpp"
#include "shared/database.hpp"
#include "shared/log.hpp"

namespace coin {
namespace {

constexpr const char* snapshot_channel = "snapshot_written";
constexpr long poll_microseconds = 250'000;  // how often the stop flag is looked at
constexpr auto replay_poll = std::chrono::milliseconds(10);  // how often a standby's replay is looked at
constexpr auto slow_replay = std::chrono::seconds(10);         // a standby this far behind is logged

// Notes that a notification came; the events run once the wait is over, outside libpqxx's
// callback, where they may use the connection.
class Receiver : public pqxx::notification_receiver {
 public:
  explicit Receiver(pqxx::connection_base& connection)
      : pqxx::notification_receiver(connection, snapshot_channel) {}
  void operator()(const std::string&, int) override { received = true; }
  bool received = false;
};

void wait_unless_stopping(const Backoff& backoff, const std::atomic<bool>& stopping) {
  while (!stopping && !backoff.ready()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

bool in_recovery(pqxx::connection& connection) {
  pqxx::nontransaction work(connection);
  return work.exec("SELECT pg_is_in_recovery()")[0][0].as<bool>();
}

// Waits until the reader's server shows what the primary had flushed when called, telling the
// owner it is behind meanwhile. However long that takes: the owner's answers never go back in
// time, and a standby that stopped replaying is logged (and /healthz shows the data's age).
// False when `stopping` came first.
bool catch_up(pqxx::connection& primary, pqxx::connection& reader, const SnapshotEvents& events,
              const std::atomic<bool>& stopping) {
  const std::string flushed = pqxx::nontransaction(primary).exec("SELECT pg_current_wal_flush_lsn()")[0][0].c_str();
  const auto since = std::chrono::steady_clock::now();
  bool told = false, logged = false;
  while (!stopping) {
    {
      pqxx::nontransaction work(reader);
      if (work.exec_params("SELECT NOT pg_is_in_recovery() OR pg_last_wal_replay_lsn() >= $1::pg_lsn", flushed)[0][0]
              .as<bool>()) {
        return true;
      }
    }
    if (!told && events.behind) events.behind();
    told = true;
    if (!logged && std::chrono::steady_clock::now() - since > slow_replay) {
      log_error("the standby has not replayed the primary's WAL up to " + flushed + " after " +
                std::to_string(slow_replay.count()) + " s; waiting for it");
      logged = true;
    }
    if (events.waiting) events.waiting();
    std::this_thread::sleep_for(replay_poll);
  }
  return false;
}

}  // namespace

std::string primary_conninfo(const std::string& conninfo) {
  char* error = nullptr;
  const std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)> options(
      PQconninfoParse(conninfo.c_str(), &error), &PQconninfoFree);
  if (!options) {
    const std::string reason = error == nullptr ? "out of memory" : error;
    PQfreemem(error);
    throw std::invalid_argument("bad connection string: " + reason);
  }
  std::string primary;
  for (const PQconninfoOption* option = options.get(); option->keyword != nullptr; ++option) {
    if (option->val == nullptr || std::string_view(option->keyword) == "target_session_attrs") continue;
    primary += std::string(option->keyword) + "='";
    for (const char* c = option->val; *c != '\0'; ++c) {
      if (*c == '\'' || *c == '\\') primary += '\\';
      primary += *c;
    }
    primary += "' ";
  }
  return primary + "target_session_attrs=primary";
}

void listen_for_snapshots(const std::string& conninfo, const SnapshotEvents& events,
                          const std::atomic<bool>& stopping) {
  Backoff backoff;
  bool was_listening = true;  // so that the first failure is logged
  while (!stopping) {
    try {
      pqxx::connection reader(conninfo);
      std::unique_ptr<pqxx::connection> primary;  // a session of its own when the reader is a standby
      if (in_recovery(reader)) primary = std::make_unique<pqxx::connection>(primary_conninfo(conninfo));
      pqxx::connection& notified = primary ? *primary : reader;
      Receiver receiver(notified);  // LISTEN, from here on
      if (primary && !catch_up(*primary, reader, events, stopping)) break;
      events.listening(reader);
      if (!was_listening) {
        log_error("listening for snapshot_written again");
        count_reconnection();
      }
      was_listening = true;
      backoff.succeeded();
      while (!stopping) {
        if (events.waiting) events.waiting();
        notified.await_notification(0, poll_microseconds);
        if (!receiver.received) continue;
        notified.get_notifs();  // and any that came meanwhile: one event for all of them
        receiver.received = false;
        if (primary && !catch_up(*primary, reader, events, stopping)) break;
        events.written(reader);
      }
    } catch (const std::exception& e) {
      events.lost();
      if (was_listening) log_error(std::string("not listening for snapshot_written: ") + e.what());
      was_listening = false;
      backoff.failed();
      wait_unless_stopping(backoff, stopping);
    }
  }
}

}  // namespace coin
