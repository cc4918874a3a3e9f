#include "snapshot_listener.hpp"

#include <chrono>
#include <pqxx/pqxx>
#include <thread>

#include "backoff.hpp"
#include "log.hpp"

namespace coin {
namespace {

constexpr const char* snapshot_channel = "snapshot_written";
constexpr long poll_microseconds = 250'000;  // how often the stop flag is looked at

class Invalidator : public pqxx::notification_receiver {
 public:
  Invalidator(pqxx::connection_base& connection, ResponseCache& cache)
      : pqxx::notification_receiver(connection, snapshot_channel), cache_(cache) {}
  void operator()(const std::string&, int) override { cache_.invalidate(); }

 private:
  ResponseCache& cache_;
};

void wait_unless_stopping(const Backoff& backoff, const std::atomic<bool>& stopping) {
  while (!stopping && !backoff.ready()) std::this_thread::sleep_for(std::chrono::milliseconds(10));
}

}  // namespace

void listen_for_snapshots(const std::string& conninfo, ResponseCache& cache,
                          const std::atomic<bool>& stopping) {
  Backoff backoff;
  bool was_listening = true;  // so that the first failure is logged
  while (!stopping) {
    try {
      pqxx::connection connection(conninfo);
      const Invalidator invalidator(connection, cache);  // LISTEN, from here on
      cache.trust();
      if (!was_listening) log_error("listening for snapshot_written again");
      was_listening = true;
      backoff.succeeded();
      while (!stopping) connection.await_notification(0, poll_microseconds);
    } catch (const std::exception& e) {
      cache.distrust();
      if (was_listening) log_error(std::string("not listening for snapshot_written: ") + e.what());
      was_listening = false;
      backoff.failed();
      wait_unless_stopping(backoff, stopping);
    }
  }
}

}  // namespace coin
