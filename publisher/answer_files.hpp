#pragma once
// One answer's files in a set: its bytes, and a .gz and a .br beside them when gzip makes them
// smaller, or the set before's files when its bytes are the same (so its Last-Modified and ETag stay);
// the marker of an endpoint's other name; and the path and ETag nginx serves an answer with.

#include <ctime>
#include <filesystem>
#include <pqxx/transaction_base>
#include <string>
#include <vector>

#include "publisher/publication.hpp"
#include "shared/database.hpp"
#include "shared/endpoints.hpp"

namespace coin {

// Writes the answer of `endpoint` for `values` into `set`: its file, and its .gz and .br when
// gzip makes it smaller; or, when `base` has the same bytes, `base`'s files. True when its bytes
// changed.
bool write_answer(const std::filesystem::path& base, const std::filesystem::path& set, const Endpoint& endpoint,
                  const std::vector<std::string>& values, const Fetched& fetched);

// Marks the other name of `endpoint` that its view gives now (alias_name), if any: an empty
// file, alias_file, whose presence in the set served makes nginx answer that name as the
// endpoint. Read in the set's transaction, so the name and the answers agree.
void write_alias(pqxx::transaction_base& transaction, const std::filesystem::path& set, const Endpoint& endpoint,
                 std::time_t mtime);

// The answer of `endpoint` for `values` as `set` holds it: its path and query, and nginx's ETag
// of its file.
PublishedAnswer published_answer(const std::filesystem::path& set, const Endpoint& endpoint,
                                 const std::vector<std::string>& values);

}  // namespace coin
