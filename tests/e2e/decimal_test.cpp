// The tests' own decimal helper, checked before anything relies on it.

#include <gtest/gtest.h>

#include "tests/e2e/decimal.hpp"

namespace coin::e2e {
namespace {

TEST(DecimalSum, AddsWithCarriesAcrossThePoint) {
  EXPECT_EQ(decimal_sum({"123456789.123456789012345678", "876543210.876543210987654322", "250000.5"}),
            "1000250000.5");
  EXPECT_EQ(decimal_sum({"1000250000.5", "4999.999999999999999999"}), "1000255000.499999999999999999");
  EXPECT_EQ(decimal_sum({"0.000000000000000001", "0"}), "0.000000000000000001");
}

TEST(DecimalSum, TrimsLikeTrimScale) {
  EXPECT_EQ(decimal_sum({"0.25", "0.75"}), "1");
  EXPECT_EQ(decimal_sum({"0", "0.000"}), "0");
  EXPECT_EQ(decimal_sum({"007.10"}), "7.1");
  EXPECT_EQ(decimal_sum({"999", "1"}), "1000");
}

TEST(DecimalSum, RejectsWhatIsNotAPlainDecimal) {
  EXPECT_THROW(decimal_sum({"1e3"}), std::invalid_argument);
  EXPECT_THROW(decimal_sum({"-1"}), std::invalid_argument);
  EXPECT_THROW(decimal_sum({""}), std::invalid_argument);
}

}  // namespace
}  // namespace coin::e2e
