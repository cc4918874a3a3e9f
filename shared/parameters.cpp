#include "shared/parameters.hpp"

#include <algorithm>

namespace coin {

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
    if (!parameter->checked_by_data() &&
        std::find(parameter->allowed.begin(), parameter->allowed.end(), value) ==
        parameter->allowed.end()) {
      return {business_error(10002, parameter->invalid_message), {}};
    }
    checked.values.emplace_back(value);
  }
  return checked;
}

}  // namespace coin
