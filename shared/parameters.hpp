#pragma once
// Checks of required query parameters, answered as spec section 7 says: a parameter that is
// absent gives code 1 "Required request parameter '<name>' is not present"; a value outside its
// set (wrong case, empty, an injection attempt...) gives code 10002 with the parameter's own
// message. Presence is checked for every parameter first, in order, then the values, in order.
// A parameter whose values are the data's (vaultType: the Vault types a chain has) must be a
// word of letters, digits and '-' here, and is then checked by the database: its view has no
// row for a value it does not know (shared/dispatch.cpp). (Its text goes to libpq, which would
// cut it at a NUL, and into a CSV file's name.) Parameters not asked for are ignored.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shared/query_string.hpp"
#include "shared/response.hpp"

namespace coin {

struct Parameter {
  std::string_view name;
  std::vector<std::string_view> allowed;  // empty: the values in its view's rows (or, an option, any word)
  std::string_view invalid_message;       // e.g. "Invalid chain."
  bool checked_by_data() const { return allowed.empty() && !integer; }

  // An option (not required; an endpoint answered by an api function passes it on): what its
  // absence stands for, and whether it is a whole number within [minimum, maximum].
  std::string_view default_value = {};
  bool integer = false;
  long long minimum = 0, maximum = 0;
};

// The form of a value checked by the data: one or more ASCII letters, digits and '-'.
bool is_data_word(std::string_view value);

struct CheckedParameters {
  std::optional<Response> error;     // set when a check failed
  std::vector<std::string> values;   // otherwise the values, in the order asked
};

// `options` are checked after `parameters`, each when given: its allowed values, a whole
// number within its bounds (digits only, written as it is read: "007" is 7), or a word of at most
// 256 characters; the values are those of `parameters`, then each option's or its default.
CheckedParameters check_parameters(const QueryString& query, const std::vector<const Parameter*>& parameters,
                                   const std::vector<const Parameter*>& options = {});

}  // namespace coin
