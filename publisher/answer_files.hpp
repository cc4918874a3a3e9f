#pragma once
// One answer's files in a set: its bytes, and a .gz and a .br beside them when gzip makes them
// smaller, or the set before's files when its bytes are the same (so its Last-Modified and ETag stay);
// a kept endpoint's answer in parts (kept_answers.hpp);
// the marker of an endpoint's other name; and the path nginx serves an answer at.

#include <ctime>
#include <optional>
#include <pqxx/transaction_base>
#include <string>
#include <vector>

#include "publisher/kept_answers.hpp"
#include "publisher/publication.hpp"
#include "publisher/set_files.hpp"
#include "shared/database.hpp"
#include "shared/endpoints.hpp"

namespace coin {

// Writes the answer of `endpoint` for `values` into `set`: its file, and its .gz and .br when
// gzip makes it smaller; or, when `base` has the same bytes, `base`'s files. When its bytes
// changed, the ETag nginx serves the new file with; none when `base`'s files were linked.
std::optional<std::string> write_answer(const SetDirectory& base, const SetDirectory& set,
                                        const Endpoint& endpoint, const std::vector<std::string>& values,
                                        const Fetched& fetched);

// A kept endpoint's answer as its statement gives it (chain_rows_statement_of): its kept part,
// or none where the publisher holds the one kept_key names; its live part; its kept_key.
struct KeptFetched {
  std::optional<std::string> kept;
  std::string live;
  std::string key;
};

// Writes the answer of kept endpoint `endpoint` for `values` into `set`, modified at `mtime`: its
// kept part, `fetched`'s or `kept`'s held one read from `base`'s files, then its live part, and
// its .gz and .br each the kept part's compressed bytes (from `base`'s or compressed now) and the
// live part's (split_compression.hpp); or, when `base` has the same bytes, `base`'s files. Leaves
// in `kept` what `set` holds. As write_answer, the ETag of the new file when its bytes changed.
std::optional<std::string> write_kept_answer(const SetDirectory& base, const SetDirectory& set,
                                             const Endpoint& endpoint, const std::vector<std::string>& values,
                                             const KeptFetched& fetched, KeptAnswers& kept, std::time_t mtime);

// A segmented endpoint's answer as its statement gives it (Kept::segments): its kept parts, or
// none where the publisher holds those kept_key names; its live parts, one more; its kept_key.
struct SegmentsFetched {
  std::optional<std::vector<std::string>> kept;
  std::vector<std::string> live;
  std::string key;
};

// Writes the answer of segmented endpoint `endpoint` for `values` into `set`, modified at
// `mtime`: its live parts with its kept parts between them, `fetched`'s or `kept`'s held ones
// read from `base`'s file, and its .gz and .br compressed whole; or, when `base` has the same
// bytes, `base`'s files. Leaves in `kept` what `set` holds. As write_answer, the ETag of the new
// file when its bytes changed.
std::optional<std::string> write_segmented_answer(const SetDirectory& base, const SetDirectory& set,
                                                  const Endpoint& endpoint, const std::vector<std::string>& values,
                                                  const SegmentsFetched& fetched, KeptAnswers& kept, std::time_t mtime);

// Marks the other name of `endpoint` that its view gives now (alias_name), if any: an empty
// file, alias_file, whose presence in the set served makes nginx answer that name as the
// endpoint. Read in the set's transaction, so the name and the answers agree.
void write_alias(pqxx::transaction_base& transaction, const SetDirectory& set, const Endpoint& endpoint,
                 std::time_t mtime);

// The path and query nginx serves the answer of `endpoint` for `values` at.
std::string published_path(const Endpoint& endpoint, const std::vector<std::string>& values);

}  // namespace coin
