#pragma once
// An SQL statement the database prepares once per connection and runs by its name.

#include <string>

namespace coin {

struct Statement {
  std::string name;
  std::string sql;
};

}  // namespace coin
