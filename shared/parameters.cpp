#include "shared/parameters.hpp"

#include <algorithm>

namespace coin {

bool is_data_word(std::string_view value) {
  return !value.empty() && std::all_of(value.begin(), value.end(), [](unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-';
  });
}

namespace {

// The value an option stands for, as the statement takes it; nullopt when it is refused.
std::optional<std::string> option_value(const Parameter& option, std::string_view value) {
  if (!option.allowed.empty()) {
    if (std::find(option.allowed.begin(), option.allowed.end(), value) == option.allowed.end()) return std::nullopt;
    return std::string(value);
  }
  if (!option.integer) {
    if (value.size() > 256 || !is_data_word(value)) return std::nullopt;
    return std::string(value);
  }
  if (value.empty() || value.size() > 9 ||
      !std::all_of(value.begin(), value.end(), [](unsigned char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  const long long number = std::stoll(std::string(value));
  if (number < option.minimum || number > option.maximum) return std::nullopt;
  return std::to_string(number);
}

}  // namespace

CheckedParameters check_parameters(const QueryString& query, const std::vector<const Parameter*>& parameters,
                                   const std::vector<const Parameter*>& options) {
  for (const Parameter* parameter : parameters) {
    if (!query.get(parameter->name)) {
      return {business_error(1, "Required request parameter '" + std::string(parameter->name) +
                                    "' is not present"),
              {}};
    }
  }
  CheckedParameters checked;
  for (const Parameter* parameter : parameters) {
    const std::string_view value = *query.get(parameter->name);
    const bool allowed =
        parameter->checked_by_data()
            ? is_data_word(value)
            : std::find(parameter->allowed.begin(), parameter->allowed.end(), value) != parameter->allowed.end();
    if (!allowed) {
      return {business_error(10002, parameter->invalid_message), {}};
    }
    checked.values.emplace_back(value);
  }
  for (const Parameter* option : options) {
    const std::optional<std::string_view> given = query.get(option->name);
    const std::optional<std::string> value = given ? option_value(*option, *given) : std::string(option->default_value);
    if (!value) return {business_error(10002, option->invalid_message), {}};
    checked.values.push_back(*value);
  }
  return checked;
}

}  // namespace coin
