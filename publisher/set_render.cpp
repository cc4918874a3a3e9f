#include "publisher/set_render.hpp"

#include <atomic>
#include <exception>
#include <future>
#include <optional>
#include <pqxx/pqxx>
#include <tuple>

#include "publisher/answer_files.hpp"
#include "publisher/answer_jobs.hpp"
#include "shared/database.hpp"
#include "shared/endpoints.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

// What a session's jobs showed of the snapshot (every statement gives the same).
struct Shown {
  std::time_t newest = -1;
  std::string blocks;
};

// Renders the jobs not kept on `transaction`, taking each next one from `next` until none is
// left: changed[i] says whether job i's bytes changed (no other session writes it), `shown` what
// the snapshot shows. On failure, leaves none for the other sessions and throws.
void render_jobs(pqxx::transaction_base& transaction, const std::vector<AnswerJob>& jobs,
                 std::atomic<std::size_t>& next, const fs::path& base, const fs::path& set,
                 std::vector<unsigned char>& changed, Shown& shown) {
  try {
    for (std::size_t i = next++; i < jobs.size(); i = next++) {
      if (jobs[i].kept) continue;
      const std::string name(jobs[i].endpoint->path);
      std::optional<Fetched> fetched =
          fetched_from(transaction.exec_prepared(name, pqxx::prepare::make_dynamic_params(jobs[i].values)), name);
      if (!fetched) throw DatabaseError("statement " + name + " gave no row for values its view has");
      changed[i] = write_answer(base, set, *jobs[i].endpoint, jobs[i].values, *fetched);
      shown = {fetched->last_modified, fetched->blocks};
    }
  } catch (...) {
    next = jobs.size();
    throw;
  }
}

// Renders `jobs` into `set`, shared out between `transaction` and the `others` sessions, which
// import its snapshot: each renders and writes one answer at a time. Returns what the snapshot
// shows, and the set's answers and those whose bytes changed, in the order of the jobs.
Publication render_shared(pqxx::transaction_base& transaction, const std::vector<pqxx::connection*>& others,
                          const std::vector<AnswerJob>& jobs, const fs::path& base, const fs::path& set) {
  std::atomic<std::size_t> next{0};
  std::vector<unsigned char> changed(jobs.size());  // not vector<bool>: sessions write it at once
  std::vector<Shown> shown(others.size() + 1);
  const std::string snapshot = others.empty() ? "" : transaction.exec1("SELECT pg_export_snapshot()")[0].c_str();
  std::vector<std::future<void>> helping;
  for (std::size_t s = 0; s < others.size(); ++s) {
    helping.push_back(std::async(std::launch::async, [&, s] {
      pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> imported(*others[s], "publish");
      imported.exec0("SET TRANSACTION SNAPSHOT " + imported.quote(snapshot));
      render_jobs(imported, jobs, next, base, set, changed, shown[s + 1]);
    }));
  }
  std::exception_ptr failed;
  try {
    render_jobs(transaction, jobs, next, base, set, changed, shown.front());
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
  for (const Shown& session : shown) {
    if (session.newest != -1) std::tie(publication.newest, publication.blocks) = std::tie(session.newest, session.blocks);
  }
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
  const std::vector<AnswerJob> jobs = answer_jobs(transaction, set, base, written, clock);
  Publication shown = render_shared(transaction, {sessions.begin() + 1, sessions.end()}, jobs, base, set);
  for (const Endpoint& endpoint : endpoints()) write_alias(transaction, set, endpoint, shown.newest);
  transaction.commit();
  return shown;
}

}  // namespace coin
