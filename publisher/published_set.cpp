#include "publisher/published_set.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <tuple>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <future>
#include <optional>
#include <pqxx/pqxx>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "shared/database.hpp"
#include "shared/endpoints.hpp"
#include "shared/published_state.hpp"
#include "shared/rendered_answer.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view set_prefix = "set.";
constexpr std::string_view partial_prefix = "partial.";
[[noreturn]] void fail(const std::string& what) {
  throw std::runtime_error(what + ": " + std::strerror(errno));
}

// A descriptor closed when it goes out of scope.
class File {
 public:
  explicit File(int fd) : fd_(fd) {}
  ~File() {
    if (fd_ >= 0) ::close(fd_);
  }
  File(const File&) = delete;
  File& operator=(const File&) = delete;
  int fd() const { return fd_; }

 private:
  int fd_;
};

// Writes `bytes` to a new file `path`, readable by nginx's workers, modified at `mtime`.
void write_file(const fs::path& path, std::string_view bytes, std::time_t mtime) {
  fs::create_directories(path.parent_path());
  const File file(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  if (file.fd() < 0) fail("cannot create " + path.string());
  while (!bytes.empty()) {
    const ssize_t written = ::write(file.fd(), bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) fail("cannot write " + path.string());
    bytes.remove_prefix(static_cast<size_t>(written));
  }
  const timespec times[2] = {{mtime, 0}, {mtime, 0}};
  if (::futimens(file.fd(), times) != 0) fail("cannot set the time of " + path.string());
}

// The parameter values of every answer of `endpoint` to publish: those its view has rows for
// (values_statement_of), or the one empty combination. A value the handlers would refuse
// (shared/parameters.hpp: not a word) is left out: it could not name a file, and nginx would
// never look for it.
std::vector<std::vector<std::string>> published_values(pqxx::transaction_base& transaction, const Endpoint& endpoint) {
  if (endpoint.parameters.empty()) return {{}};
  std::vector<std::vector<std::string>> combinations;
  for (const pqxx::row& row : transaction.exec_prepared(values_statement_of(endpoint).name)) {
    std::vector<std::string> values;
    for (const pqxx::field& field : row) values.emplace_back(field.c_str());
    if (std::all_of(values.begin(), values.end(), is_data_word)) combinations.push_back(std::move(values));
  }
  return combinations;
}

// The bytes of the file at `path`.
std::string read_file(const fs::path& path) {
  const File file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  struct stat status {};
  if (file.fd() < 0 || ::fstat(file.fd(), &status) != 0) fail("cannot read " + path.string());
  std::string bytes(static_cast<std::size_t>(status.st_size), '\0');
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t got = ::read(file.fd(), bytes.data() + done, bytes.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) fail("cannot read " + path.string());
    done += static_cast<std::size_t>(got);
  }
  return bytes;
}

// Where `base` has its file `name`; nullopt when it has none (or there is no base).
std::optional<fs::path> found_in(const fs::path& base, const std::string& name) {
  if (base.empty() || ::access((base / name).c_str(), F_OK) != 0) return std::nullopt;
  return base / name;
}

// Links `base`'s file `name`, and its .gz if it has one, into `set`: the same inode, so the same
// bytes, Last-Modified and ETag. False when `base` has no `name`.
bool keep(const fs::path& base, const fs::path& set, const std::string& name) {
  for (const std::string& file : {name, name + ".gz"}) {
    const std::optional<fs::path> from = found_in(base, file);
    if (!from) return file != name;
    const fs::path to = set / file;
    fs::create_directories(to.parent_path());
    if (::link(from->c_str(), to.c_str()) != 0) fail("cannot link " + to.string());
  }
  return true;
}

// Writes the answer of `endpoint` for `values` into `set`: its file, and its .gz when gzip
// makes it smaller; or, when `base` has the same bytes, `base`'s files. True when its bytes
// changed.
bool write_answer(const fs::path& base, const fs::path& set, const Endpoint& endpoint,
                  const std::vector<std::string>& values, const Fetched& fetched) {
  const Response response = answer_of(endpoint, fetched.value);
  const std::string file = published_file(endpoint, values);
  const std::optional<fs::path> before = found_in(base, file);
  if (before && read_file(*before) == response.body && keep(base, set, file)) return false;
  write_file(set / file, response.body, fetched.last_modified);
  const std::string gzip = compressed_variant(response.body);
  if (!gzip.empty()) write_file(set / (file + ".gz"), gzip, fetched.last_modified);
  return true;
}

// Marks the other name of `endpoint` that its view gives now (alias_name), if any: an empty
// file, alias_file, whose presence in the set served makes nginx answer that name as the
// endpoint. Read in the set's transaction, so the name and the answers agree.
void write_alias(pqxx::transaction_base& transaction, const fs::path& set, const Endpoint& endpoint,
                 std::time_t mtime) {
  if (endpoint.alias_column.empty()) return;
  const pqxx::row row = transaction.exec_prepared1(alias_statement_of(endpoint).name);
  const std::string name = alias_name(endpoint, row[0].is_null() ? "" : row[0].c_str());
  if (!name.empty()) write_file(set / alias_file(endpoint, name), "", mtime);
}

// The position of the chain among `endpoint`'s parameters, or npos when it has none: its
// answers are then those of every chain.
std::size_t chain_position(const Endpoint& endpoint) {
  const auto found = std::find(endpoint.parameters.begin(), endpoint.parameters.end(), &api_parameter("chain"));
  return found == endpoint.parameters.end() ? std::string::npos
                                            : static_cast<std::size_t>(found - endpoint.parameters.begin());
}

// One answer of a set: an endpoint and its parameters' values, and whether it is kept (linked
// from the set before) rather than rendered.
struct Job {
  const Endpoint* endpoint;
  std::vector<std::string> values;
  bool kept = false;
};

// The answer of `job` as `set` holds it: its path and query, and nginx's ETag of its file.
PublishedAnswer published_answer(const fs::path& set, const Job& job) {
  const fs::path file = set / published_file(*job.endpoint, job.values);
  struct stat status {};
  if (::stat(file.c_str(), &status) != 0) fail("cannot read " + file.string());
  const std::string query = canonical_query(*job.endpoint, job.values);
  return {std::string(job.endpoint->path) + (query.empty() ? "" : "?" + query),
          static_file_etag(status.st_mtime, static_cast<std::size_t>(status.st_size))};
}

// What a session's jobs showed of the snapshot (every statement gives the same).
struct Shown {
  std::time_t newest = -1;
  std::string blocks;
};

// Renders the jobs not kept on `transaction`, taking each next one from `next` until none is
// left: changed[i] says whether job i's bytes changed (no other session writes it), `shown` what
// the snapshot shows. On failure, leaves none for the other sessions and throws.
void render_jobs(pqxx::transaction_base& transaction, const std::vector<Job>& jobs, std::atomic<std::size_t>& next,
                 const fs::path& base, const fs::path& set, std::vector<unsigned char>& changed, Shown& shown) {
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

// Every answer of the list, for `set` on `transaction`: to render, those `written` may have
// changed, or every one while the API's clock moved since `clock` (every chain's histories are
// measured from it); the others kept, `base`'s files linked into `set` here. `clock`: api.clock
// when `base` was rendered, in; this snapshot's, out.
std::vector<Job> jobs_of(pqxx::transaction_base& transaction, const fs::path& set, const fs::path& base,
                         const WrittenChains& written, std::string& clock) {
  const pqxx::row now = transaction.exec1("SELECT taken_at::text FROM api.clock");
  const bool clock_moved = now[0].is_null() || now[0].c_str() != clock;
  clock = now[0].is_null() ? "" : now[0].c_str();
  std::vector<Job> jobs;
  for (const Endpoint& endpoint : endpoints()) {
    const std::size_t chain = chain_position(endpoint);
    for (std::vector<std::string>& values : published_values(transaction, endpoint)) {
      const bool unchanged = chain != std::string::npos && !clock_moved && !written.has(values[chain]);
      const bool kept = unchanged && keep(base, set, published_file(endpoint, values));
      jobs.push_back({&endpoint, std::move(values), kept});
    }
  }
  return jobs;
}

// Renders `jobs` into `set`, shared out between `transaction` and the `others` sessions, which
// import its snapshot: each renders and writes one answer at a time. Returns what the snapshot
// shows, and the set's answers and those whose bytes changed, in the order of the jobs.
Publication render_shared(pqxx::transaction_base& transaction, const std::vector<pqxx::connection*>& others,
                          const std::vector<Job>& jobs, const fs::path& base, const fs::path& set) {
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
    publication.answers.push_back(published_answer(set, jobs[i]));
    if (changed[i]) publication.changed.push_back(publication.answers.back());
  }
  return publication;
}

// Renders into `set` the answers of the list that `written` may have changed, from one snapshot
// of the database, on `sessions` (the first holds the snapshot), and links the others from
// `base` ("": none, render all); returns what the set shows, as every statement gave it in that
// snapshot. `clock`: as jobs_of's.
Publication render(const std::vector<pqxx::connection*>& sessions, const fs::path& set, const fs::path& base,
                   const WrittenChains& written, std::string& clock) {
  pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> transaction(*sessions.front(), "publish");
  const std::vector<Job> jobs = jobs_of(transaction, set, base, written, clock);
  Publication shown = render_shared(transaction, {sessions.begin() + 1, sessions.end()}, jobs, base, set);
  for (const Endpoint& endpoint : endpoints()) write_alias(transaction, set, endpoint, shown.newest);
  transaction.commit();
  return shown;
}

// The name of a set that shows `blocks`, `unique` telling it from the others:
// "set.tron=latest; eth=22480012; bsc=48123456.Ab3dEf". nginx reads the blocks back from the
// name of the set it serves, for X-Snapshot-Blocks (nginx/header-values.conf).
std::string set_name(const std::string& blocks, const std::string& unique) {
  return std::string(set_prefix) + blocks + "." + unique;
}

// Flushes `set` to disk, so that a machine that stops right after the swap comes back with
// the set's bytes, not empty files.
void flush(const fs::path& set) {
  const File directory(::open(set.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.fd() < 0 || ::syncfs(directory.fd()) != 0) fail("cannot flush " + set.string());
}

bool starts_with(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

PublishedSets::PublishedSets(std::string directory) : directory_(std::move(directory)) {
  fs::create_directories(directory_);
  const fs::path link = fs::path(directory_) / current_link;
  const std::string current = fs::is_symlink(link) ? fs::read_symlink(link).string() : "";
  for (const fs::directory_entry& entry : fs::directory_iterator(directory_)) {
    const std::string name = entry.path().filename().string();
    const bool unfinished = starts_with(name, partial_prefix) || name == std::string(current_link) + ".new";
    if (unfinished || (starts_with(name, set_prefix) && name != current)) fs::remove_all(entry.path());
  }
}

Publication PublishedSets::publish(const std::vector<pqxx::connection*>& sessions, const WrittenChains& written) {
  const fs::path directory(directory_);
  std::string partial = (directory / partial_prefix).string() + "XXXXXX";
  if (::mkdtemp(partial.data()) == nullptr) fail("cannot create a directory in " + directory_);
  Publication publication;
  std::string clock = current_clock_;
  try {
    ::chmod(partial.c_str(), 0755);  // nginx's workers run as another user
    const fs::path base = current_.empty() ? fs::path() : directory / current_;
    publication = render(sessions, partial, base, current_.empty() ? WrittenChains::every_chain() : written, clock);
    // The set's own mtime says what it shows (published_state): each file's says when it changed.
    const timespec times[2] = {{publication.newest, 0}, {publication.newest, 0}};
    if (::utimensat(AT_FDCWD, partial.c_str(), times, 0) != 0) fail("cannot set the time of " + partial);
    flush(partial);
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(partial, ignored);
    throw;
  }
  publication.set = set_name(publication.blocks, partial.substr(partial.size() - 6));
  fs::rename(partial, directory / publication.set);

  const fs::path link = directory / current_link;
  const fs::path next_link = directory / (std::string(current_link) + ".new");
  const std::string replaced = fs::is_symlink(link) ? fs::read_symlink(link).string() : "";
  fs::remove(next_link);
  fs::create_symlink(publication.set, next_link);
  fs::rename(next_link, link);  // the swap: atomic for every reader
  const File parent(::open(directory_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (parent.fd() < 0 || ::fsync(parent.fd()) != 0) fail("cannot flush " + directory_);

  if (!old_.empty()) fs::remove_all(directory / old_);  // remove_old was not called
  old_ = previous_;
  previous_ = replaced;
  current_ = publication.set;
  current_clock_ = clock;
  return publication;
}

void PublishedSets::remove_old() {
  if (!old_.empty()) fs::remove_all(fs::path(directory_) / old_);
  old_.clear();
}

void PublishedSets::beat() const {
  const fs::path path = fs::path(directory_) / heartbeat_file;
  if (::utimensat(AT_FDCWD, path.c_str(), nullptr, 0) == 0 || errno != ENOENT) return;
  const File made(::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
}

}  // namespace coin
