#pragma once
// Waiting in the tests: a test asks until what it waits for holds, up to a cap. The cap only
// keeps a broken case from hanging: it is far above what the slowest machine of the project's
// kind needs (docs/testing.md, "Time bounds"), and no test reads speed into the time it took.

#include <chrono>
#include <functional>
#include <thread>

namespace coin::e2e {

using Clock = std::chrono::steady_clock;

// The cap of a wait for what takes a loaded machine seconds at most.
inline constexpr std::chrono::seconds patience{60};

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Asks `holds` every `interval` until it holds, for up to `cap` after `since`: the seconds from
// `since` to the first time it held, -1 when it never did.
inline double seconds_until(Clock::time_point since, const std::function<bool()>& holds,
                            Clock::duration cap = patience,
                            Clock::duration interval = std::chrono::milliseconds(20)) {
  for (;;) {
    if (holds()) return seconds_since(since);
    if (Clock::now() - since >= cap) return -1;
    std::this_thread::sleep_for(interval);
  }
}

// Whether `holds` held within `cap` from now.
inline bool eventually(const std::function<bool()>& holds, Clock::duration cap = patience) {
  return seconds_until(Clock::now(), holds, cap) >= 0;
}

}  // namespace coin::e2e
