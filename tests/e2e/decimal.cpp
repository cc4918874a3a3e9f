#include "tests/e2e/decimal.hpp"

#include <algorithm>
#include <regex>
#include <stdexcept>

namespace coin::e2e {

std::string decimal_sum(const std::vector<std::string>& terms) {
  size_t fraction_digits = 0;
  for (const std::string& term : terms) {
    if (!std::regex_match(term, std::regex("[0-9]+(\\.[0-9]+)?"))) {
      throw std::invalid_argument("not a plain non-negative decimal: '" + term + "'");
    }
    const size_t point = term.find('.');
    if (point != std::string::npos) fraction_digits = std::max(fraction_digits, term.size() - point - 1);
  }
  // Add the terms as whole numbers of 10^-fraction_digits, digit by digit, least significant first.
  std::string sum;  // reversed digits
  for (const std::string& term : terms) {
    const size_t point = term.find('.');
    std::string digits = term.substr(0, point);
    const std::string fraction = point == std::string::npos ? "" : term.substr(point + 1);
    digits += fraction + std::string(fraction_digits - fraction.size(), '0');
    std::reverse(digits.begin(), digits.end());
    int carry = 0;
    for (size_t i = 0; i < std::max(sum.size(), digits.size()) || carry != 0; ++i) {
      const int digit = (i < sum.size() ? sum[i] - '0' : 0) + (i < digits.size() ? digits[i] - '0' : 0) + carry;
      if (i == sum.size()) sum += '0';
      sum[i] = static_cast<char>('0' + digit % 10);
      carry = digit / 10;
    }
  }
  sum.resize(std::max(sum.size(), fraction_digits + 1), '0');
  std::reverse(sum.begin(), sum.end());
  std::string whole = sum.substr(0, sum.size() - fraction_digits);
  std::string fraction = sum.substr(sum.size() - fraction_digits);
  whole.erase(0, std::min(whole.find_first_not_of('0'), whole.size() - 1));
  fraction.erase(fraction.find_last_not_of('0') + 1);
  return fraction.empty() ? whole : whole + '.' + fraction;
}

}  // namespace coin::e2e
