#pragma once
// The render of a set: from one snapshot of the database, in one read-only REPEATABLE READ
// transaction so that all its answers agree, asked for an answer, or a chain's answers of an
// endpoint (chain_rows_statement_of), at a time, while another thread writes the answers of
// those already come.

#include <pqxx/connection>
#include <string>
#include <vector>

#include "publisher/kept_answers.hpp"
#include "publisher/publication.hpp"
#include "publisher/set_files.hpp"
#include "publisher/written_chains.hpp"

namespace coin {

// Renders into `set` the answers of the list that `written` may have changed, from one snapshot
// of the database, on `session`, and links the others from `base` ("": none, render all);
// returns what the set shows, the snapshot's time and blocks read once for all its answers
// (snapshot_statement). `day`: as answer_jobs's. `kept`: the kept parts of the answers of kept
// endpoints, those `base` holds, then those `set` holds. `served`: the ETags of `base`'s answers,
// those of the answers linked from it.
Publication render_set(pqxx::connection& session, const SetDirectory& set,
                       const SetDirectory& base, const WrittenChains& written, std::string& day,
                       KeptAnswers& kept, const ServedEtags& served);

}  // namespace coin
