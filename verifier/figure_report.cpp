#include "verifier/figure_report.hpp"

#include <stdexcept>

namespace coin::verifier {

namespace {

bool near(const Exact& shown, const Exact& chain, Precision precision) {
  const Exact difference = abs(shown - chain);
  switch (precision) {
    case Precision::apy: return difference <= descale("1", 28);
    case Precision::earnings: return difference <= descale("1", 18);
    case Precision::ratio: return difference <= abs(chain) * descale("1", 15);
    case Precision::exact: break;
  }
  return difference == 0;
}

}  // namespace

std::string FigureReport::text_of(const Json::Value& shown) const {
  if (shown.isNull()) return "null";
  if (shown.isString()) return shown.asString();
  const std::size_t start = static_cast<std::size_t>(shown.getOffsetStart());
  const std::size_t limit = static_cast<std::size_t>(shown.getOffsetLimit());
  if (limit <= start || limit > body_.size()) throw std::logic_error("a value not parsed from the answer's bytes");
  return std::string(body_.substr(start, limit - start));
}

void FigureReport::check(const std::string& field, const Json::Value& shown, const std::optional<Exact>& chain,
                         Precision precision) {
  const std::string text = text_of(shown);
  std::optional<Exact> value;
  bool readable = shown.isNull();
  if (!shown.isNull() && (shown.isNumeric() || shown.isString())) {
    try {
      value = decimal(text);
      readable = true;
    } catch (const std::invalid_argument&) {
    }
  }
  const bool same = readable && (chain ? value && near(*value, *chain, precision) : !value);
  if (same) {
    ++matches_;
    lines_.push_back(field + " " + text + ": matches");
    return;
  }
  ++mismatches_;
  lines_.push_back(field + " " + text + ": MISMATCH, the chain says " + (chain ? decimal_text(*chain) : "null"));
}

void FigureReport::not_derived(const std::string& field, const Json::Value& shown, const std::string& why) {
  lines_.push_back(field + " " + text_of(shown) + ": signed, not re-derivable (" + why + ")");
}

void FigureReport::check_text(const std::string& field, const Json::Value& shown, const std::string& expected) {
  const std::string text = text_of(shown);
  if (shown.isString() && text == expected) {
    ++matches_;
    lines_.push_back(field + " " + text + ": matches");
    return;
  }
  ++mismatches_;
  lines_.push_back(field + " " + text + ": MISMATCH, the deployment says " + expected);
}

void FigureReport::absent(const std::string& field, const std::string& expected) {
  ++mismatches_;
  lines_.push_back(field + ": MISMATCH, not in the answer; the chain says " + expected);
}

void FigureReport::extra(const std::string& field) {
  ++mismatches_;
  lines_.push_back(field + ": MISMATCH, the deployment has no such item");
}

}  // namespace coin::verifier
