#include "publisher/set_render.hpp"

#include <algorithm>
#include <condition_variable>
#include <deque>
#include <exception>
#include <future>
#include <map>
#include <mutex>
#include <optional>
#include <pqxx/pqxx>
#include <stdexcept>
#include <utility>

#include "publisher/answer_files.hpp"
#include "publisher/answer_jobs.hpp"
#include "shared/database.hpp"
#include "shared/endpoints.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

// A share of a set's render: the jobs (their indices) that one statement answers: an answer's
// own, or a chain's answers of an endpoint that renders_by_chain.
using Share = std::vector<std::size_t>;

// The shares of the jobs to render (the kept ones are linked already), those of the most
// answers first (a chain's histories), so that what is left to write after the last statement
// is little.
std::vector<Share> shares_of(const std::vector<AnswerJob>& jobs) {
  std::vector<Share> shares;
  std::map<std::pair<const Endpoint*, std::string>, std::size_t> of_chain;  // a chain's share
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    if (jobs[i].kept) continue;
    if (!renders_by_chain(*jobs[i].endpoint)) {
      shares.push_back({i});
      continue;
    }
    const auto [at, added] = of_chain.try_emplace({jobs[i].endpoint, jobs[i].values.front()}, shares.size());
    if (added) shares.emplace_back();
    shares[at->second].push_back(i);
  }
  std::stable_sort(shares.begin(), shares.end(), [](const Share& a, const Share& b) { return a.size() > b.size(); });
  return shares;
}

// The row of `rows` that answers `job`: the first of an answer's own statement; of a chain's, the
// one whose parameters' columns, the last ones, hold the job's other values.
std::optional<pqxx::row> row_of(const pqxx::result& rows, const AnswerJob& job) {
  if (!renders_by_chain(*job.endpoint)) return rows.empty() ? std::nullopt : std::optional(rows[0]);
  const std::size_t first = rows.columns() - (job.values.size() - 1);  // the chain is not among them
  for (const pqxx::row& row : rows) {
    bool same = true;
    for (std::size_t k = 1; k < job.values.size() && same; ++k) {
      same = job.values[k] == row[static_cast<int>(first + k - 1)].c_str();
    }
    if (same) return row;
  }
  return std::nullopt;
}

// The keys of the kept parts of a share's answers that the set served holds, as a SQL array: the
// second parameter of a kept endpoint's chain_rows_statement_of. md5 texts: no quoting.
std::string held_keys(const std::vector<AnswerJob>& jobs, const Share& share, KeptAnswers& kept) {
  std::string keys;
  for (const std::size_t i : share) {
    const KeptPart& part = kept.part(published_file(*jobs[i].endpoint, jobs[i].values));
    if (kept.held(part)) keys += (keys.empty() ? "" : ",") + part.key;
  }
  return "{" + keys + "}";
}

// The statement of a share and its rows.
pqxx::result rows_of(pqxx::transaction_base& transaction, const std::vector<AnswerJob>& jobs, const Share& share,
                     KeptAnswers& kept, std::string& name) {
  const AnswerJob& first = jobs[share.front()];
  if (!renders_by_chain(*first.endpoint)) {
    name = statement_name(*first.endpoint);
    return transaction.exec_prepared(name, pqxx::prepare::make_dynamic_params(first.values));
  }
  name = chain_rows_statement_of(*first.endpoint).name;
  if (first.endpoint->kept == Kept::none) return transaction.exec_prepared(name, first.values.front());
  return transaction.exec_prepared(name, first.values.front(), held_keys(jobs, share, kept));
}

// The rows of the shares, fetched one after another by the session and taken in that order by
// the thread that writes their answers.
class FetchedRows {
 public:
  struct Rows {
    std::size_t share;
    pqxx::result rows;
    std::string name;  // the statement's
  };

  // Adds a share's rows; false once the writer stopped, having failed: fetch no more.
  bool push(Rows rows) {
    const std::lock_guard lock(mutex_);
    if (stopped_) return false;
    fetched_.push_back(std::move(rows));
    ready_.notify_one();
    return true;
  }
  // The session fetched its last share, or failed: the writer ends after what it has.
  void close() {
    const std::lock_guard lock(mutex_);
    closed_ = true;
    ready_.notify_one();
  }
  // The writer failed: push takes no more.
  void stop() {
    const std::lock_guard lock(mutex_);
    stopped_ = true;
  }
  // The next share's rows, once fetched; none once closed and every one taken.
  std::optional<Rows> next() {
    std::unique_lock lock(mutex_);
    ready_.wait(lock, [&] { return !fetched_.empty() || closed_; });
    if (fetched_.empty()) return std::nullopt;
    Rows rows = std::move(fetched_.front());
    fetched_.pop_front();
    return rows;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Rows> fetched_;
  bool closed_ = false;
  bool stopped_ = false;
};

// The elements of a text[] that has no null and one dimension.
std::vector<std::string> text_array(const pqxx::field& field) {
  std::vector<std::string> elements;
  pqxx::array_parser parser = field.as_array();
  while (true) {
    auto [juncture, text] = parser.get_next();
    if (juncture == pqxx::array_parser::done) return elements;
    if (juncture == pqxx::array_parser::string_value) elements.push_back(std::move(text));
  }
}

// The ETag of each job's new bytes, or none where they did not change (write_answer's).
using ChangedEtags = std::vector<std::optional<std::string>>;

// Writes the answers of a share from its rows, leaving in `changed` the ETags of those whose
// bytes changed; every answer shows `snapshot`, the set's.
void write_share(const std::vector<AnswerJob>& jobs, const Share& share, const FetchedRows::Rows& fetched,
                 const SetDirectory& base, const SetDirectory& set, ChangedEtags& changed, const Fetched& snapshot,
                 KeptAnswers& kept) {
  for (const std::size_t i : share) {
    const AnswerJob& job = jobs[i];
    const std::optional<pqxx::row> row = row_of(fetched.rows, job);
    if (!row) throw DatabaseError("statement " + fetched.name + " gave no row for values its view has");
    switch (job.endpoint->kept) {
      case Kept::none:
        changed[i] = write_answer(
            base, set, *job.endpoint, job.values,
            {payload_from(*row, fetched.name), snapshot.last_modified, snapshot.blocks, snapshot.finality});
        break;
      case Kept::start: {
        const KeptFetched parts{(*row)[0].is_null() ? std::nullopt : std::optional<std::string>((*row)[0].c_str()),
                                (*row)[1].c_str(), (*row)[2].c_str()};
        changed[i] = write_kept_answer(base, set, *job.endpoint, job.values, parts, kept, snapshot.last_modified);
        break;
      }
      case Kept::segments: {
        const SegmentsFetched parts{(*row)[0].is_null() ? std::nullopt : std::optional(text_array((*row)[0])),
                                    text_array((*row)[1]), (*row)[2].c_str()};
        changed[i] = write_segmented_answer(base, set, *job.endpoint, job.values, parts, kept, snapshot.last_modified);
        break;
      }
    }
  }
}

// Renders `jobs` into `set`: the session asks for one share's rows after another while a thread
// of the publisher's own writes the answers of those it has, so that the database and the files
// each have a core (a second session sharing the snapshot, writing its own shares, cost more CPU
// and ended later). Returns the set's answers and those whose bytes changed, in the order of the
// jobs: each with the ETag of the file written, or of the file linked, as `served` gives it.
Publication render_shared(pqxx::transaction_base& transaction, const std::vector<AnswerJob>& jobs,
                          const SetDirectory& base, const SetDirectory& set, const Fetched& snapshot, KeptAnswers& kept,
                          const ServedEtags& served) {
  const std::vector<Share> shares = shares_of(jobs);
  ChangedEtags changed(jobs.size());  // the writer's, read after it ended
  FetchedRows fetched;
  std::future<void> writer = std::async(std::launch::async, [&] {
    try {
      while (const std::optional<FetchedRows::Rows> rows = fetched.next()) {
        write_share(jobs, shares[rows->share], *rows, base, set, changed, snapshot, kept);
      }
    } catch (...) {
      fetched.stop();
      throw;
    }
  });
  std::exception_ptr failed;
  try {
    for (std::size_t n = 0; n < shares.size(); ++n) {
      std::string name;
      pqxx::result rows = rows_of(transaction, jobs, shares[n], kept, name);
      if (!fetched.push({n, std::move(rows), std::move(name)})) break;
    }
  } catch (...) {
    failed = std::current_exception();
  }
  fetched.close();
  try {
    writer.get();
  } catch (...) {
    if (!failed) failed = std::current_exception();
  }
  if (failed) std::rethrow_exception(failed);
  Publication publication;
  for (std::size_t i = 0; i < jobs.size(); ++i) {
    const Endpoint& endpoint = *jobs[i].endpoint;
    std::string path = published_path(endpoint, jobs[i].values);
    std::string file = published_file(endpoint, jobs[i].values);
    if (changed[i]) {
      publication.answers.push_back({std::move(path), *changed[i], std::move(file), content_type_of(endpoint)});
      publication.changed.push_back(publication.answers.back());
      continue;
    }
    const auto linked = served.find(path);
    if (linked == served.end()) throw std::logic_error("no ETag of " + path + " in the set served");
    publication.answers.push_back({std::move(path), linked->second, std::move(file), content_type_of(endpoint)});
  }
  return publication;
}

}  // namespace

Publication render_set(pqxx::connection& session, const SetDirectory& set, const SetDirectory& base,
                       const WrittenChains& written, std::string& day, KeptAnswers& kept, const ServedEtags& served) {
  pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> transaction(session, "publish");
  const std::string name = snapshot_statement().name;
  const Fetched snapshot = snapshot_from(transaction.exec_prepared1(name), name);
  const std::vector<AnswerJob> jobs = answer_jobs(transaction, set, base, written, day);
  kept.begin(jobs);
  Publication publication = render_shared(transaction, jobs, base, set, snapshot, kept, served);
  publication.newest = snapshot.last_modified;
  publication.blocks = snapshot.blocks;
  publication.finality = snapshot.finality;
  for (const Endpoint& endpoint : endpoints()) write_alias(transaction, set, endpoint, snapshot.last_modified);
  transaction.commit();
  return publication;
}

}  // namespace coin
