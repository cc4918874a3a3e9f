#pragma once
// The writers' arrays: one column of rows sent as one PostgreSQL array parameter (unnest()).

#include <string>
#include <vector>

namespace coin::indexer {

// A PostgreSQL array literal of texts without quotes or backslashes (addresses, ilks, integers):
// {"a","","b"}.
inline std::string text_array(const std::vector<std::string>& texts) {
  std::string array = "{";
  for (const std::string& text : texts) array += (array.size() > 1 ? ",\"" : "\"") + text + "\"";
  return array + "}";
}

}  // namespace coin::indexer
