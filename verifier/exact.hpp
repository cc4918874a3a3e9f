#pragma once
// Exact figures for coin-api-verify: GMP rationals, with the conversions the snapshot tables make
// in SQL (sql/deploy/chain_units.sql, growth_apy.sql) made again from the integers a chain
// returns. The APYs' powers are worked out in MPFR at 256 bits, some 77 digits, where the API
// shows 30 decimals.

#include <gmpxx.h>

#include <string>
#include <string_view>

namespace coin::verifier {

using Exact = mpq_class;

// A decimal integer or fraction as the chain's readings and the API's answers write them:
// "-12", "0.0450", "1e-7". Throws std::invalid_argument on anything else.
Exact decimal(std::string_view text);

// amount / 10^decimals: a token's base units, a wad (18), a ray (27), a rad (45).
Exact descale(const Exact& amount, int decimals);
inline Exact descale(std::string_view amount, int decimals) { return descale(decimal(amount), decimals); }

// Rounded to `decimals` places, half away from zero, as PostgreSQL's round(numeric, n).
Exact round_to(const Exact& value, int decimals);

// Its decimal text, rounded to `decimals` places at most, without trailing zeros.
std::string decimal_text(const Exact& value, int decimals = 40);

// snapshot.apy_of_rate: (rate / 1e27) ^ 31536000 - 1 of a per-second ray, to 30 decimals.
Exact apy_of_rate(const Exact& per_second_ray);

// snapshot.apy_of_annual_rate: the per-second rate of an annual ray (rounded to a ray), as above.
Exact apy_of_annual_rate(const Exact& annual_ray);

// snapshot.apy_of_growth: (share_now / share_then) ^ (31536000 / seconds) - 1, to 30 decimals.
Exact apy_of_growth(const Exact& share_now, const Exact& share_then, const Exact& seconds);

}  // namespace coin::verifier
