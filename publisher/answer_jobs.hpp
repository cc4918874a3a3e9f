#pragma once
// The answers of a set, and which of them to render again. An answer of a chain that the
// snapshots written since the set before did not touch (written_chains.hpp: a `chain`
// parameter's value) is kept: that set's file, linked into the new one without asking the
// database. Unless the API's clock moved (api.clock): every chain's histories are measured from
// it, so a new latest snapshot of any chain changes them all. Every other answer is rendered.

#include <filesystem>
#include <pqxx/transaction_base>
#include <string>
#include <vector>

#include "publisher/written_chains.hpp"
#include "shared/endpoints.hpp"

namespace coin {

// One answer of a set: an endpoint and its parameters' values, and whether it is kept (linked
// from the set before) rather than rendered.
struct AnswerJob {
  const Endpoint* endpoint;
  std::vector<std::string> values;
  bool kept = false;
};

// Every answer of the list, for `set` on `transaction`: to render, those `written` may have
// changed, or every one while the API's clock moved since `clock`; the others kept, `base`'s
// files linked into `set` here. `clock`: api.clock when `base` was rendered, in; this
// snapshot's, out.
std::vector<AnswerJob> answer_jobs(pqxx::transaction_base& transaction, const std::filesystem::path& set,
                                   const std::filesystem::path& base, const WrittenChains& written,
                                   std::string& clock);

}  // namespace coin
