#include "shared/parameters.hpp"

#include <algorithm>

namespace coin {

bool is_data_word(std::string_view value) {
  return !value.empty() && std::all_of(value.begin(), value.end(), [](unsigned char c) {
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '-';
  });
}

CheckedParameters check_parameters(const QueryString& query,
                                   const std::vector<const Parameter*>& parameters) {
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
  return checked;
}

}  // namespace coin
