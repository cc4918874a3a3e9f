#include "shared/stop_signals.hpp"

#include <ctime>

namespace coin {

StopSignals::StopSignals() {
  // A background job of a shell starts with SIGINT ignored, and an ignored signal never
  // reaches a wait: take both back first. (Blocked, no handler of theirs ever runs, libfcgi's
  // neither.)
  std::signal(SIGTERM, SIG_DFL);
  std::signal(SIGINT, SIG_DFL);
  sigemptyset(&signals_);
  sigaddset(&signals_, SIGTERM);
  sigaddset(&signals_, SIGINT);
  pthread_sigmask(SIG_BLOCK, &signals_, nullptr);
}

void StopSignals::wait() const {
  int signal_number = 0;
  sigwait(&signals_, &signal_number);
}

bool StopSignals::wait_for(std::chrono::seconds timeout) const {
  const timespec wait{static_cast<std::time_t>(timeout.count()), 0};
  return sigtimedwait(&signals_, nullptr, &wait) > 0;
}

}  // namespace coin
