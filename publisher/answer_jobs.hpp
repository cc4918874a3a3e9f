#pragma once
// The answers of a set, and which of them to render again. An answer of a chain that the
// snapshots written since the set before did not touch (written_chains.hpp: a `chain`
// parameter's value), or touched only in tables it does not read (Endpoint::tables), is kept:
// that set's file, linked into the new one without asking the database. Its histories end at
// its own clock (sql/deploy/history_points.sql's derived.chain_clock), and nothing else of it
// moves with another chain's snapshot but the day its daily changes are measured from (6.23's
// midnight, the API's clock's): when that moved, every answer is rendered. An answer of materialized views alone (Endpoint::refreshed) is kept
// unless a write may have changed every answer; every other answer without a chain is rendered.

#include <pqxx/transaction_base>
#include <string>
#include <vector>

#include "publisher/set_files.hpp"
#include "publisher/written_chains.hpp"
#include "shared/endpoints.hpp"
#include "shared/statement.hpp"

namespace coin {

// One answer of a set: an endpoint and its parameters' values, and whether it is kept (linked
// from the set before) rather than rendered.
struct AnswerJob {
  const Endpoint* endpoint;
  std::vector<std::string> values;
  bool kept = false;
};

// The API's day, answer_jobs's `day`: 6.23's midnight, as text (NULL without a snapshot).
Statement day_statement();

// Every answer of the list, for `set` on `transaction`: to render, those `written` may have
// changed, or every one when the API's day moved since `day`; the others kept, `base`'s files
// linked into `set` here. `day`: 6.23's midnight when `base` was rendered, in; this snapshot's,
// out.
std::vector<AnswerJob> answer_jobs(pqxx::transaction_base& transaction, const SetDirectory& set,
                                   const SetDirectory& base, const WrittenChains& written,
                                   std::string& day);

}  // namespace coin
