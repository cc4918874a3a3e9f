#pragma once
// A handler binary is a table of routes: a path, the one SQL statement behind it, the kind of
// body it answers with, and the query parameters it requires. The parameters are checked in
// order (spec section 7) and their values passed to the statement as $1, $2 ...

#include <string_view>
#include <vector>

#include "parameters.hpp"

namespace coin {

enum class Body {
  envelope,  // the statement's JSON as the data of the spec's envelope (section 2.1)
  text,      // the statement's value as a bare text/plain body (6.1, 6.2)
};

struct Route {
  std::string_view path;
  std::string_view sql;
  Body body = Body::envelope;
  std::vector<const Parameter*> parameters = {};
};

}  // namespace coin
