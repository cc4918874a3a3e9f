#include "verifier/exact.hpp"

#include <mpfr.h>

#include <cctype>
#include <stdexcept>

namespace coin::verifier {

namespace {

constexpr long seconds_a_year = 31536000;
constexpr int apy_decimals = 30;

mpz_class power_of_ten(unsigned long exponent) {
  mpz_class power;
  mpz_ui_pow_ui(power.get_mpz_t(), 10, exponent);
  return power;
}

bool all_digits(std::string_view text) {
  if (text.empty()) return false;
  for (const char c : text) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// An MPFR number at the APYs' precision, freed with it.
class Real {
 public:
  Real() { mpfr_init2(value_, 256); }
  explicit Real(const Exact& exact) : Real() { mpfr_set_q(value_, exact.get_mpq_t(), MPFR_RNDN); }
  ~Real() { mpfr_clear(value_); }
  Real(const Real&) = delete;
  Real& operator=(const Real&) = delete;
  mpfr_ptr get() { return value_; }

  // Exactly the binary value it holds.
  Exact exact() {
    mpz_class mantissa;
    const mpfr_exp_t exponent = mpfr_get_z_2exp(mantissa.get_mpz_t(), value_);
    Exact value(mantissa);
    if (exponent >= 0) {
      mpq_mul_2exp(value.get_mpq_t(), value.get_mpq_t(), static_cast<mp_bitcnt_t>(exponent));
    } else {
      mpq_div_2exp(value.get_mpq_t(), value.get_mpq_t(), static_cast<mp_bitcnt_t>(-exponent));
    }
    return value;
  }

 private:
  mpfr_t value_;
};

// base ^ exponent - 1, to the APYs' 30 decimals.
Exact apy_of_power(const Exact& base, const Exact& exponent) {
  Real power(base);
  Real real_exponent(exponent);
  mpfr_pow(power.get(), power.get(), real_exponent.get(), MPFR_RNDN);
  return round_to(power.exact() - 1, apy_decimals);
}

}  // namespace

Exact decimal(std::string_view text) {
  const std::string_view whole = text;
  const bool negative = !text.empty() && text.front() == '-';
  if (negative) text.remove_prefix(1);
  long exponent = 0;
  if (const std::size_t e = text.find_first_of("eE"); e != std::string_view::npos) {
    std::string_view power = text.substr(e + 1);
    const bool down = !power.empty() && (power.front() == '-' || power.front() == '+');
    const bool minus = down && power.front() == '-';
    if (down) power.remove_prefix(1);
    if (!all_digits(power) || power.size() > 4) throw std::invalid_argument("not a decimal: " + std::string(whole));
    exponent = std::stol(std::string(power)) * (minus ? -1 : 1);
    text = text.substr(0, e);
  }
  const std::size_t point = text.find('.');
  const std::string_view integer_part = text.substr(0, point);
  const std::string_view fraction = point == std::string_view::npos ? std::string_view() : text.substr(point + 1);
  if (!all_digits(integer_part) || (point != std::string_view::npos && !all_digits(fraction))) {
    throw std::invalid_argument("not a decimal: " + std::string(whole));
  }
  // Base 10 named: GMP's default reads a leading 0 as octal.
  Exact value(mpz_class(std::string(integer_part).append(fraction), 10));
  exponent -= static_cast<long>(fraction.size());
  if (exponent >= 0) {
    value *= power_of_ten(static_cast<unsigned long>(exponent));
  } else {
    value /= power_of_ten(static_cast<unsigned long>(-exponent));
  }
  value.canonicalize();
  return negative ? Exact(-value) : value;
}

Exact descale(const Exact& amount, int decimals) {
  Exact value = amount / power_of_ten(static_cast<unsigned long>(decimals));
  value.canonicalize();
  return value;
}

Exact round_to(const Exact& value, int decimals) {
  const mpz_class scale = power_of_ten(static_cast<unsigned long>(decimals));
  const Exact scaled = abs(value) * scale;
  // floor(|x| x 10^n + 1/2), signed back: half away from zero.
  mpz_class rounded = (scaled.get_num() * 2 + scaled.get_den()) / (scaled.get_den() * 2);
  if (sgn(value) < 0) rounded = -rounded;
  Exact result(rounded, scale);
  result.canonicalize();
  return result;
}

std::string decimal_text(const Exact& value, int decimals) {
  const Exact rounded = round_to(value, decimals);
  const Exact scaled_value = abs(rounded * power_of_ten(static_cast<unsigned long>(decimals)));
  const mpz_class scaled = scaled_value.get_num();
  std::string digits = scaled.get_str();
  if (digits.size() <= static_cast<std::size_t>(decimals)) {
    digits.insert(0, static_cast<std::size_t>(decimals) + 1 - digits.size(), '0');
  }
  std::string text = digits.substr(0, digits.size() - static_cast<std::size_t>(decimals));
  std::string fraction = digits.substr(digits.size() - static_cast<std::size_t>(decimals));
  fraction.erase(fraction.find_last_not_of('0') + 1);
  if (!fraction.empty()) text += "." + fraction;
  return (sgn(rounded) < 0 ? "-" : "") + text;
}

Exact apy_of_rate(const Exact& per_second_ray) {
  return apy_of_power(per_second_ray / power_of_ten(27), Exact(seconds_a_year));
}

Exact apy_of_annual_rate(const Exact& annual_ray) {
  return apy_of_rate(Exact(power_of_ten(27)) + round_to(annual_ray / seconds_a_year, 0));
}

Exact apy_of_growth(const Exact& share_now, const Exact& share_then, const Exact& seconds) {
  return apy_of_power(share_now / share_then, Exact(seconds_a_year) / seconds);
}

}  // namespace coin::verifier
