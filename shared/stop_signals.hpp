#pragma once
// SIGTERM and SIGINT, the signals that stop a process of the stack (systemd's stop, Ctrl-C),
// taken by waiting for them rather than by a handler: a process ends its work in its own
// time, on its own thread, with nothing run inside a signal handler.

#include <csignal>

#include <chrono>

namespace coin {

class StopSignals {
 public:
  // Blocks both in the calling thread, and so in every thread it starts afterwards (they
  // inherit its mask): make it before any thread, so that a signal waits for wait() or
  // wait_for() and is taken by nothing else. They stay blocked for the process's life.
  StopSignals();

  // Waits until one comes.
  void wait() const;

  // Whether one came within `timeout`; with 0, whether one came already.
  bool wait_for(std::chrono::seconds timeout) const;

 private:
  sigset_t signals_;
};

}  // namespace coin
