// A backfill's grid: times and steps as the command line names them, and the grid times
// between two times (epoch seconds worked out with Python's calendar.timegm).

#include <gtest/gtest.h>

#include "indexer/grid.hpp"

namespace coin::indexer {
namespace {

TEST(Grid, ParsesDatesAndUtcTimes) {
  EXPECT_EQ(parse_utc("2025-11-26"), 1764115200);
  EXPECT_EQ(parse_utc("2025-11-26T12:00:00Z"), 1764158400);
  EXPECT_EQ(parse_utc("2100-01-01"), 4102444800);
  EXPECT_EQ(parse_utc("1970-01-01T00:00:01Z"), 1);
  for (const char* refused : {"", "2025-11-26T12:00:00", "2025-11-26 12:00:00Z", "26/11/2025", "2025-11-26x",
                              "2025-11-26T12:00:00+01:00", "1764115200"}) {
    EXPECT_EQ(parse_utc(refused), std::nullopt) << refused;
  }
}

TEST(Grid, ParsesSteps) {
  EXPECT_EQ(parse_every("300"), 300);
  EXPECT_EQ(parse_every("5m"), 300);
  EXPECT_EQ(parse_every("1h"), 3600);
  EXPECT_EQ(parse_every("7d"), 604800);
  for (const char* refused : {"", "0", "0h", "h", "1w", "1.5h", "-1h", "1H", "1h ", "9999999999"}) {
    EXPECT_EQ(parse_every(refused), std::nullopt) << refused;
  }
}

TEST(Grid, BoundsAreTheMultiplesOfTheStepWithin) {
  const GridBounds year = grid_bounds(4102444800, 4133894400, 604800);  // 2100-01-01 to 12-31
  EXPECT_EQ(year.oldest, 4102963200);  // 2100-01-07, a Thursday, as 1970-01-01 was
  EXPECT_EQ(year.newest, 4133808000);  // 2100-12-30
  const GridBounds exact = grid_bounds(3600, 7200, 3600);
  EXPECT_EQ(exact.oldest, 3600);
  EXPECT_EQ(exact.newest, 7200);
  const GridBounds none = grid_bounds(3601, 7199, 3600);
  EXPECT_GT(none.oldest, none.newest);
}

}  // namespace
}  // namespace coin::indexer
