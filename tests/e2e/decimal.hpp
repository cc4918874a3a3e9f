#pragma once
// Exact arithmetic on the decimal text the API sends, so that tests compare figures digit for
// digit instead of through a double.

#include <string>
#include <string_view>
#include <vector>

namespace coin::e2e {

// The sum of non-negative plain decimals ("12.5", "0.000000000000000001"), with trailing
// fractional zeros trimmed the way PostgreSQL's trim_scale does: "12.50" + "1" -> "13.5".
std::string decimal_sum(const std::vector<std::string>& terms);

}  // namespace coin::e2e
