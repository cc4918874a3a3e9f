#include "snapshot_listener.hpp"

#include <algorithm>
#include <chrono>
#include <pqxx/pqxx>
#include <thread>

#include "log.hpp"

namespace coin {
namespace {

constexpr const char* snapshot_channel = "snapshot_written";
constexpr auto first_backoff = std::chrono::milliseconds(100);
constexpr auto last_backoff = std::chrono::milliseconds(5000);
constexpr long poll_microseconds = 250'000;  // how often the stop flag is looked at

class Invalidator : public pqxx::notification_receiver {
 public:
  Invalidator(pqxx::connection_base& connection, ResponseCache& cache)
      : pqxx::notification_receiver(connection, snapshot_channel), cache_(cache) {}
  void operator()(const std::string&, int) override { cache_.invalidate(); }

 private:
  ResponseCache& cache_;
};

void sleep_unless_stopping(std::chrono::milliseconds duration, const std::atomic<bool>& stopping) {
  const auto until = std::chrono::steady_clock::now() + duration;
  while (!stopping && std::chrono::steady_clock::now() < until) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace

void listen_for_snapshots(const std::string& conninfo, ResponseCache& cache,
                          const std::atomic<bool>& stopping) {
  auto backoff = first_backoff;
  bool was_listening = true;  // so that the first failure is logged
  while (!stopping) {
    try {
      pqxx::connection connection(conninfo);
      const Invalidator invalidator(connection, cache);  // LISTEN, from here on
      cache.trust();
      if (!was_listening) log_error("listening for snapshot_written again");
      was_listening = true;
      backoff = first_backoff;
      while (!stopping) connection.await_notification(0, poll_microseconds);
    } catch (const std::exception& e) {
      cache.distrust();
      if (was_listening) log_error(std::string("not listening for snapshot_written: ") + e.what());
      was_listening = false;
      sleep_unless_stopping(backoff, stopping);
      backoff = std::min(backoff * 2, last_backoff);
    }
  }
}

}  // namespace coin
