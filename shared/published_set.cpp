#include "shared/published_set.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <future>
#include <pqxx/pqxx>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "shared/database.hpp"
#include "shared/endpoints.hpp"
#include "shared/rendered_answer.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view current_link = "current";
constexpr std::string_view set_prefix = "set.";
constexpr std::string_view partial_prefix = "partial.";
// A file this large goes under large/, which nginx sends with sendfile(2); a smaller one fits
// nginx's output buffer and goes out in one write with its headers (endpoint.conf). nginx
// looks for a .gz, then the plain file, first among the small ones, then under large/: each
// client finds its variant, since a .gz is always smaller than its plain file.
constexpr std::size_t large_file = 32 * 1024;
constexpr std::string_view large_directory = "large";

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

// Writes `bytes` to `set`/`name`, or to `set`/large/`name` when it is large.
void publish_file(const fs::path& set, const std::string& name, std::string_view bytes, std::time_t mtime) {
  write_file((bytes.size() >= large_file ? set / large_directory : set) / name, bytes, mtime);
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

// Writes the answer of `endpoint` for `values` into `set`: its file, and its .gz when gzip
// makes it smaller.
void write_answer(const fs::path& set, const Endpoint& endpoint, const std::vector<std::string>& values,
                  const Fetched& fetched) {
  const Response response = answer_of(endpoint, fetched.value);
  const std::string file = published_file(endpoint, values);
  publish_file(set, file, response.body, fetched.last_modified);
  const std::string gzip = compressed_variant(response.body);
  if (!gzip.empty()) publish_file(set, file + ".gz", gzip, fetched.last_modified);
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

// What a set shows: the newest snapshot's time (every answer's Last-Modified) and the blocks of
// each chain's newest snapshot (every answer's X-Snapshot-Blocks, in the set's name).
struct Shown {
  std::time_t newest = -1;
  std::string blocks;
};

// Renders every answer of the list into `set`, from one snapshot of the database; returns what
// they show, as every statement gave it in that snapshot. While the database computes an
// answer, a second thread writes the one before it (envelope, gzip, files): the two take about
// as long.
Shown render(pqxx::connection& connection, const fs::path& set) {
  Shown shown;
  std::future<void> writing;  // the answer before, being written; waited for before it goes
  pqxx::transaction<pqxx::repeatable_read, pqxx::read_only> transaction(connection, "publish");
  for (const Endpoint& endpoint : endpoints()) {
    const std::string name(endpoint.path);
    for (std::vector<std::string>& values : published_values(transaction, endpoint)) {
      std::optional<Fetched> fetched =
          fetched_from(transaction.exec_prepared(name, pqxx::prepare::make_dynamic_params(values)), name);
      if (!fetched) throw DatabaseError("statement " + name + " gave no row for values its view has");
      shown = {fetched->last_modified, fetched->blocks};
      if (writing.valid()) writing.get();  // throws what writing it threw
      writing = std::async(std::launch::async, [&set, &endpoint, values = std::move(values),
                                                fetched = std::move(*fetched)] {
        write_answer(set, endpoint, values, fetched);
      });
    }
    write_alias(transaction, set, endpoint, shown.newest);
  }
  if (writing.valid()) writing.get();
  transaction.commit();
  return shown;
}

// The name of a set that shows `blocks`, `unique` telling it from the others:
// "set.tron=latest; eth=22480012; bsc=48123456.Ab3dEf". nginx reads the blocks back from the
// name of the set it serves, for X-Snapshot-Blocks (nginx/header-values.conf).
std::string set_name(const std::string& blocks, const std::string& unique) {
  return std::string(set_prefix) + blocks + "." + unique;
}

constexpr std::string_view heartbeat_file = "heartbeat";

std::optional<std::time_t> modified_at(const fs::path& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return std::nullopt;
  return status.st_mtime;
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

std::time_t PublishedSets::publish(pqxx::connection& connection) {
  const fs::path directory(directory_);
  std::string partial = (directory / partial_prefix).string() + "XXXXXX";
  if (::mkdtemp(partial.data()) == nullptr) fail("cannot create a directory in " + directory_);
  Shown shown;
  try {
    ::chmod(partial.c_str(), 0755);  // nginx's workers run as another user
    shown = render(connection, partial);
    flush(partial);
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(partial, ignored);
    throw;
  }
  const std::string name = set_name(shown.blocks, partial.substr(partial.size() - 6));
  fs::rename(partial, directory / name);

  const fs::path link = directory / current_link;
  const fs::path next_link = directory / (std::string(current_link) + ".new");
  const std::string replaced = fs::is_symlink(link) ? fs::read_symlink(link).string() : "";
  fs::remove(next_link);
  fs::create_symlink(name, next_link);
  fs::rename(next_link, link);  // the swap: atomic for every reader
  const File parent(::open(directory_.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (parent.fd() < 0 || ::fsync(parent.fd()) != 0) fail("cannot flush " + directory_);

  if (!previous_.empty()) fs::remove_all(directory / previous_);
  previous_ = replaced;
  return shown.newest;
}

void PublishedSets::beat() const {
  const fs::path path = fs::path(directory_) / heartbeat_file;
  if (::utimensat(AT_FDCWD, path.c_str(), nullptr, 0) == 0 || errno != ENOENT) return;
  const File made(::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
}

PublishedState published_state(const std::string& directory) {
  // Every file of a set has the set's newest snapshot as its mtime; the first answer of the
  // list is small, so never under large/.
  const Endpoint& first = endpoints().front();
  const fs::path answer = fs::path(directory) / current_link / published_file(first, value_combinations(first).front());
  return {modified_at(fs::path(directory) / heartbeat_file), modified_at(answer)};
}

}  // namespace coin
