#include "shared/backoff.hpp"

#include <gtest/gtest.h>

namespace coin {
namespace {

using namespace std::chrono_literals;

TEST(Backoff, TheFirstAttemptAndTheOneAfterASuccessAreImmediate) {
  Backoff backoff;
  EXPECT_TRUE(backoff.ready());
  backoff.failed();
  EXPECT_FALSE(backoff.ready());
  backoff.succeeded();
  EXPECT_TRUE(backoff.ready());
}

// Moments given, not slept through: the waits are exact on any machine.
TEST(Backoff, WaitsDoubleFrom50MsAndStopAt500Ms) {
  Backoff backoff;
  const Backoff::Clock::time_point start = Backoff::Clock::now();
  for (const auto wait : {50ms, 100ms, 200ms, 400ms, 500ms, 500ms}) {
    backoff.failed(start);
    EXPECT_FALSE(backoff.ready(start + wait - 1ms)) << wait.count() << " ms";
    EXPECT_TRUE(backoff.ready(start + wait)) << wait.count() << " ms";
  }
}

}  // namespace
}  // namespace coin
