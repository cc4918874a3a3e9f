#pragma once
// When to try a lost database connection again: at once after it was lost, then after waits
// that double from 50 ms up to 500 ms while attempts keep failing. The cap keeps a database
// that is back in service within half a second of being used again (fresh answers within the
// spec's 2 s), at a cost of two attempts a second per connection while it is down.

#include <algorithm>
#include <chrono>

namespace coin {

class Backoff {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds first{50};
  static constexpr std::chrono::milliseconds cap{500};

  // Whether an attempt may be made now (`now` is the clock's, or a test's moment).
  bool ready(Clock::time_point now = Clock::now()) const { return now >= next_attempt_; }

  void failed(Clock::time_point now = Clock::now()) {
    next_attempt_ = now + delay_;
    delay_ = std::min(delay_ * 2, cap);
  }
  void succeeded() {
    delay_ = first;
    next_attempt_ = {};
  }

 private:
  std::chrono::milliseconds delay_ = first;
  Clock::time_point next_attempt_{};
};

}  // namespace coin
