#pragma once
// What coin-api-verify says of each figure of an answer: that the chain says the same, what the
// chain says instead, or why it was not re-derived. The figures are read as the answer writes
// them (its bytes, not a double), so that no digit is lost before they are compared.

#include <json/value.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "verifier/exact.hpp"

namespace coin::verifier {

// How near the chain's figure an answer's must be. Most are exact: the SQL that made them does
// exact decimal arithmetic, which the verifier does again.
enum class Precision {
  exact,
  apy,       // an APY, a power worked out by PostgreSQL and by MPFR: within 1e-28 (of 30 decimals)
  earnings,  // USD earned at APYs, rounded to 18 decimals: within 1e-18
  ratio,     // a quotient PostgreSQL cuts at its own scale (16 digits at least): within 1e-15 of it
};

class FigureReport {
 public:
  // `body`: the answer's bytes, which the values given to the checks were parsed from.
  explicit FigureReport(std::string_view body) : body_(body) {}

  // `shown` (a number, a decimal string or null) against what the chain says (none: null).
  void check(const std::string& field, const Json::Value& shown, const std::optional<Exact>& chain,
             Precision precision = Precision::exact);
  // A figure that rests on what the verifier cannot read again: `why`.
  void not_derived(const std::string& field, const Json::Value& shown, const std::string& why);
  // A text (an address, a name) against the chain's or the deployment's.
  void check_text(const std::string& field, const Json::Value& shown, const std::string& expected);
  // A figure the chain has that the answer does not show; an item the answer shows that the
  // deployment does not have.
  void absent(const std::string& field, const std::string& expected);
  void extra(const std::string& field);

  int mismatches() const { return mismatches_; }
  int matches() const { return matches_; }
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::string text_of(const Json::Value& shown) const;

  std::string_view body_;
  std::vector<std::string> lines_;
  int mismatches_ = 0;
  int matches_ = 0;
};

}  // namespace coin::verifier
