#include "publisher/set_render.hpp"

#include <atomic>
#include <exception>
#include <future>
#include <optional>
#include <pqxx/pqxx>
#include <utility>

#include "publisher/answer_files.hpp"
#include "publisher/answer_jobs.hpp"
#include "shared/database.hpp"
#include "shared/endpoints.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

// Renders the jobs not kept on `transaction`, taking each next one from `next` until none is
// left: changed[i] says whether job i's bytes changed (no other session writes it); every answer
// shows `snapshot`, the set's. On failure, leaves none for the other sessions and throws.
void render_jobs(pqxx::transaction_base& transaction, const std::vector<AnswerJob>& jobs,
                 std::atomic<std::size_t>& next, const fs::path& base, const fs::path& set,
                 std::vector<unsigned char>& changed, const Fetched& snapshot) {
  try {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      if (jobs[i].kept) continue;
      const std::string name(jobs[i].endpoint->path);
      std::optional<std::string> payload =
          payload_from(transaction.exec_prepared(name, pqxx::prepare::make_dynamic_params(jobs[i].values)), name);
      if (!payload) throw DatabaseError("statement " + name + " gave no row for values its view has");
      changed[i] = write_answer(base, set, *jobs[i].endpoint, jobs[i].values,
                                {std::move(*payload), snapshot.last_modified, snapshot.blocks});
    }
  } catch (...) {
    next = jobs.size();
    throw;
  }
}

// Renders `jobs` into `set`, shared out between `transaction` and the `others` sessions, which
// import its snapshot: each renders and writes one answer at a time. Returns the set's answers
// and those whose bytes changed, in the order of the jobs.
Publication render_shared(pqxx::transaction_base& transaction, const std::vector<pqxx::connection*>& others,
                          const std::vector<AnswerJob>& jobs, const fs::path& base, const fs::path& set,
                          const Fetched& snapshot) {
  std::atomic<std::size_t> next{0};
  std::vector<unsigned char> changed(jobs.size());  // not vector<bool>: sessions write it at once
  const std::string exported = others.empty() ? "" : transaction.exec1("SELECT pg_export_snapshot()")[0].c_str();
  std::vector<std::future<void>> helping;
  for (std::size_t s = 0; s < others.size(); ++s) {
    helping.push_back(std::async(std::launch::async, [&, s] {
      pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> imported(*others[s], "publish");
      imported.exec0("SET TRANSACTION SNAPSHOT " + imported.quote(exported));
      render_jobs(imported, jobs, next, base, set, changed, snapshot);
    }));
  }
  std::exception_ptr failed;
  try {
    render_jobs(transaction, jobs, next, base, set, changed, snapshot);
  } catch (...) {
    failed = std::current_exception();
  }
  for (std::future<void>& session : helping) {
    try {
      session.get();
    } catch (...) {
      if (!failed) failed = std::current_exception();
    }
  }
  if (failed) std::rethrow_exception(failed);
  Publication publication;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    publication.answers.push_back(published_answer(set, *jobs[i].endpoint, jobs[i].values));
    if (changed[i]) publication.changed.push_back(publication.answers.back());
  }
  return publication;
}

}  // namespace

Publication render_set(const std::vector<pqxx::connection*>& sessions, const fs::path& set, const fs::path& base,
                       const WrittenChains& written, std::string& clock) {
  pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> transaction(*sessions.front(), "publish");
  const std::string name = snapshot_statement().name;
  const Fetched snapshot = snapshot_from(transaction.exec_prepared1(name), name);
  const std::vector<AnswerJob> jobs = answer_jobs(transaction, set, base, written, clock);
  Publication publication = render_shared(transaction, {sessions.begin() + 1, sessions.end()}, jobs, base, set, snapshot);
  publication.newest = snapshot.last_modified;
  publication.blocks = snapshot.blocks;
  for (const Endpoint& endpoint : endpoints()) write_alias(transaction, set, endpoint, snapshot.last_modified);
  transaction.commit();
  return publication;
}

}  // namespace coin
