#include "shared/snapshot_listener.hpp"

#include <chrono>
#include <pqxx/pqxx>
#include <thread>

#include "shared/backoff.hpp"
#include "shared/database.hpp"
#include "shared/log.hpp"

namespace coin {
namespace {

constexpr const char* snapshot_channel = "snapshot_written";
constexpr long poll_microseconds = 250'000;  // how often the stop flag is looked at

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

}  // namespace

void listen_for_snapshots(const std::string& conninfo, const SnapshotEvents& events,
                          const std::atomic<bool>& stopping) {
  Backoff backoff;
  bool was_listening = true;  // so that the first failure is logged
  while (!stopping) {
    try {
      pqxx::connection connection(conninfo);
      Receiver receiver(connection);  // LISTEN, from here on
      events.listening(connection);
      if (!was_listening) {
        log_error("listening for snapshot_written again");
        count_reconnection();
      }
      was_listening = true;
      backoff.succeeded();
      while (!stopping) {
        if (events.waiting) events.waiting();
        connection.await_notification(0, poll_microseconds);
        if (!receiver.received) continue;
        connection.get_notifs();  // and any that came meanwhile: one event for all of them
        receiver.received = false;
        events.written(connection);
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
