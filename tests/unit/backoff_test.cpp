#include "shared/backoff.hpp"

#include <gtest/gtest.h>

#include <thread>

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

TEST(Backoff, WaitsDoubleFrom50MsAndStopAt500Ms) {
  Backoff backoff;
  backoff.failed();  // 50 ms
  std::this_thread::sleep_for(60ms);
  EXPECT_TRUE(backoff.ready());
  for (int i = 0; i < 6; ++i) backoff.failed();  // 100, 200, 400, then 500 at most
  std::this_thread::sleep_for(400ms);
  EXPECT_FALSE(backoff.ready()) << "the wait doubled";
  std::this_thread::sleep_for(150ms);
  EXPECT_TRUE(backoff.ready()) << "the wait is capped at 500 ms";
}

}  // namespace
}  // namespace coin
