#include "publisher/published_sets.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "publisher/set_files.hpp"
#include "publisher/set_render.hpp"
#include "shared/published_state.hpp"
#include "shared/whole_file.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view set_prefix = "set.";
constexpr std::string_view partial_prefix = "partial.";

// The name of a set that shows `blocks`, `unique` telling it from the others:
// "set.tron=latest; eth=22480012; bsc=48123456.Ab3dEf". nginx reads the blocks back from the
// name of the set it serves, for X-Snapshot-Blocks (nginx/header-values.conf).
std::string set_name(const std::string& blocks, const std::string& unique) {
  return std::string(set_prefix) + blocks + "." + unique;
}

bool starts_with(const std::string& text, std::string_view prefix) { return text.rfind(prefix, 0) == 0; }

}  // namespace

PublishedSets::PublishedSets(std::string directory, const SigningKey& key)
    : directory_(std::move(directory)), signatures_(key) {
  fs::create_directories(directory_);
  const fs::path link = fs::path(directory_) / current_link;
  const std::string current = fs::is_symlink(link) ? fs::read_symlink(link).string() : "";
  for (const fs::directory_entry& entry : fs::directory_iterator(directory_)) {
    const std::string name = entry.path().filename().string();
    const bool unfinished = starts_with(name, partial_prefix);
    const bool old = starts_with(name, set_prefix) && name != current;
    if (name == std::string(current_link) + ".new") fs::remove(entry.path());  // a link never swapped in
    if (unfinished || old) remove_set(entry.path());
  }
}

Publication PublishedSets::publish(pqxx::connection& session, const WrittenChains& written) {
  const fs::path directory(directory_);
  std::string partial = (directory / partial_prefix).string() + "XXXXXX";
  if (::mkdtemp(partial.data()) == nullptr) throw_errno("cannot create a directory in " + directory_);
  Publication publication;
  std::string day = current_day_;
  try {
    ::chmod(partial.c_str(), 0755);  // nginx's workers run as another user
    {
      const SetDirectory set(partial);
      const SetDirectory base(current_.empty() ? fs::path() : directory / current_);
      publication = render_set(session, set, base, current_.empty() ? WrittenChains::every_chain() : written, day,
                               kept_, etags_);
      signatures_.sign(set, publication);
      write_whole_file(set.path() / finality_file, publication.finality);
    }  // their directories' descriptors closed
    // The set's own mtime says what it shows (published_state): each file's says when it changed.
    const timespec times[2] = {{publication.newest, 0}, {publication.newest, 0}};
    if (::utimensat(AT_FDCWD, partial.c_str(), times, 0) != 0) throw_errno("cannot set the time of " + partial);
    flush_to_disk(partial);
  } catch (...) {
    try {
      remove_set(partial);
    } catch (const std::exception&) {  // the first failure is the one to tell; the next start removes it
    }
    kept_ = KeptAnswers();  // what went wrong may be a kept part: the next set renders them whole
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
  if (parent.fd() < 0 || ::fsync(parent.fd()) != 0) throw_errno("cannot flush " + directory_);

  if (!old_.empty()) remove_set(directory / old_);  // remove_old was not called
  old_ = previous_;
  previous_ = replaced;
  current_ = publication.set;
  current_day_ = day;
  kept_.published();
  etags_.clear();
  for (const PublishedAnswer& answer : publication.answers) etags_.emplace(answer.path, answer.etag);
  return publication;
}

void PublishedSets::remove_old() {
  if (!old_.empty()) remove_set(fs::path(directory_) / old_);
  old_.clear();
}

void PublishedSets::beat() const {
  const fs::path path = fs::path(directory_) / heartbeat_file;
  if (::utimensat(AT_FDCWD, path.c_str(), nullptr, 0) == 0 || errno != ENOENT) return;
  const File made(::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
}

}  // namespace coin
