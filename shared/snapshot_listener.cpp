#include "shared/snapshot_listener.hpp"

#include <libpq-fe.h>

#include <chrono>
#include <map>
#include <cstdlib>
#include <memory>
#include <pqxx/pqxx>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <vector>

#include "shared/backoff.hpp"
#include "shared/database.hpp"
#include "shared/log.hpp"

namespace coin {
namespace {

constexpr const char* snapshot_channel = "snapshot_written";
constexpr long poll_microseconds = 250'000;  // how often the stop flag is looked at
constexpr auto replay_poll = std::chrono::milliseconds(10);  // how often a standby's replay is looked at
constexpr auto slow_replay = std::chrono::seconds(10);         // a standby this far behind is logged
constexpr auto standby_probe = std::chrono::seconds(5);        // how often a standby is looked for again

using ConninfoOptions = std::unique_ptr<PQconninfoOption, decltype(&PQconninfoFree)>;

// The settings a connection string (or URI) gives; throws std::invalid_argument for a bad one.
ConninfoOptions options_of(const std::string& conninfo) {
  char* error = nullptr;
  ConninfoOptions options(PQconninfoParse(conninfo.c_str(), &error), &PQconninfoFree);
  if (!options) {
    const std::string reason = error == nullptr ? "out of memory" : error;
    PQfreemem(error);
    throw std::invalid_argument("bad connection string: " + reason);
  }
  return options;
}

// Whether `conninfo` (or PGTARGETSESSIONATTRS) asks for a standby first: a reader on the
// primary then reads there only until a standby answers again.
bool prefers_standby(const std::string& conninfo) {
  const char* attributes = std::getenv("PGTARGETSESSIONATTRS");
  const ConninfoOptions options = options_of(conninfo);
  for (const PQconninfoOption* option = options.get(); option->keyword != nullptr; ++option) {
    if (std::string_view(option->keyword) == "target_session_attrs" && option->val != nullptr) attributes = option->val;
  }
  return attributes != nullptr && std::string_view(attributes) == "prefer-standby";
}

// Keeps the payload of each notification; the events run once the wait is over, outside libpqxx's
// callback, where they may use the connection.
class Receiver : public pqxx::notification_receiver {
 public:
  explicit Receiver(pqxx::connection_base& connection)
      : pqxx::notification_receiver(connection, snapshot_channel) {}
  void operator()(const std::string& payload, int) override { payloads.push_back(payload); }
  std::vector<std::string> payloads;
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

std::string conninfo_with(const std::string& conninfo, const std::map<std::string, std::string>& settings) {
  const ConninfoOptions options = options_of(conninfo);
  std::string result;
  const auto add = [&result](const std::string& keyword, std::string_view value) {
    result += (result.empty() ? "" : " ") + keyword + "='";
    for (const char c : value) {
      if (c == '\'' || c == '\\') result += '\\';
      result += c;
    }
    result += '\'';
  };
  for (const PQconninfoOption* option = options.get(); option->keyword != nullptr; ++option) {
    if (option->val != nullptr && settings.count(option->keyword) == 0) add(option->keyword, option->val);
  }
  for (const auto& [keyword, value] : settings) add(keyword, value);
  return result;
}

std::string primary_conninfo(const std::string& conninfo) {
  return conninfo_with(conninfo, {{"target_session_attrs", "primary"}});
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
      // A reader on the primary while a standby is preferred: the standby did not answer.
      const bool look_for_standby = !primary && prefers_standby(conninfo);
      auto next_look = std::chrono::steady_clock::now() + standby_probe;
      events.listening(reader);
      if (!was_listening) {
        log_error("listening for snapshot_written again");
        count_reconnection();
      }
      was_listening = true;
      backoff.succeeded();
      while (!stopping) {
        if (events.waiting) events.waiting();
        if (look_for_standby && std::chrono::steady_clock::now() >= next_look) {
          next_look = std::chrono::steady_clock::now() + standby_probe;
          pqxx::connection probe(conninfo);
          if (in_recovery(probe)) throw std::runtime_error("a standby answers again: reading there");
        }
        notified.await_notification(0, poll_microseconds);
        if (receiver.payloads.empty()) continue;
        notified.get_notifs();  // and any that came meanwhile: one event for all of them
        const std::vector<std::string> payloads = std::move(receiver.payloads);
        receiver.payloads.clear();
        if (primary && !catch_up(*primary, reader, events, stopping)) break;
        events.written(reader, payloads);
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
