#include "publisher/set_files.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace coin {

namespace fs = std::filesystem;

void throw_errno(const std::string& what) { throw std::runtime_error(what + ": " + std::strerror(errno)); }

namespace {

// A file's path in its set, split into its directory's ("" for the set's own) and its name.
struct InSet {
  std::string directory;
  std::string name;
};
InSet in_set(const std::string& at) {
  const std::size_t slash = at.rfind('/');
  if (slash == std::string::npos) return {"", at};
  return {at.substr(0, slash), at.substr(slash + 1)};
}

}  // namespace

SetDirectory::~SetDirectory() {
  for (const auto& [directory, fd] : opened_) {
    if (fd >= 0) ::close(fd);
  }
}

int SetDirectory::descriptor(const std::string& directory, bool make) const {
  const auto found = opened_.find(directory);
  if (found != opened_.end() && (found->second >= 0 || !make)) return found->second;
  if (path_.empty()) return -1;
  int parent = AT_FDCWD;  // the set's own directory is opened by its path, made with those above it
  std::string name = path_.string();
  if (directory.empty()) {
    if (make) fs::create_directories(path_);
  } else {
    const InSet below = in_set(directory);
    parent = descriptor(below.directory, make);
    name = below.name;
  }
  int fd = parent == -1 ? -1 : ::openat(parent, name.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0 && parent != -1 && errno == ENOENT && make && !directory.empty()) {
    // Another thread's or process's making it meanwhile is no failure.
    if (::mkdirat(parent, name.c_str(), 0777) != 0 && errno != EEXIST) {
      throw_errno("cannot make " + (path_ / directory).string());
    }
    fd = ::openat(parent, name.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
  }
  if (fd < 0 && parent != -1 && (errno != ENOENT || make)) throw_errno("cannot open " + (path_ / directory).string());
  opened_[directory] = fd;
  return fd;
}

namespace {

// Runs `call` (a system call on a file of a set, given the descriptor of the file's directory and
// its name there: -1 and errno on failure, ENOENT when the directory is missing) on the set's
// file `name` where it lies: at `name` (a small file, or none), else under large_directory. One
// call but for a large file.
template <typename Call>
int where_it_lies(const SetDirectory& set, const std::string& name, Call call) {
  const auto at = [&](const std::string& path) {
    const InSet file = in_set(path);
    const int directory = set.descriptor(file.directory, false);
    if (directory >= 0) return call(directory, file.name.c_str());
    errno = ENOENT;
    return -1;
  };
  const int result = at(name);
  if (result >= 0 || errno != ENOENT) return result;
  return at(std::string(large_directory) + '/' + name);
}

// `set`'s file `name`, open for reading.
File open_in(const SetDirectory& set, const std::string& name) {
  const int fd = where_it_lies(set, name, [](int directory, const char* file) {
    return ::openat(directory, file, O_RDONLY | O_CLOEXEC);
  });
  if (fd < 0) throw_errno("cannot read " + (set.path() / name).string());
  return File(fd);
}

// A new file `at` of `set`, readable by nginx's workers; its directory made when there is none.
File new_file(const SetDirectory& set, const std::string& at) {
  const InSet file = in_set(at);
  const int fd = ::openat(set.descriptor(file.directory, true), file.name.c_str(),
                          O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw_errno("cannot create " + (set.path() / at).string());
  return File(fd);
}

// Writes `bytes` at the end of `file`, `path`, then dates it `mtime`.
void write_ending(const File& file, const fs::path& path, std::string_view bytes, std::time_t mtime) {
  while (!bytes.empty()) {
    const ssize_t written = ::write(file.fd(), bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) throw_errno("cannot write " + path.string());
    bytes.remove_prefix(static_cast<size_t>(written));
  }
  const timespec times[2] = {{mtime, 0}, {mtime, 0}};
  if (::futimens(file.fd(), times) != 0) throw_errno("cannot set the time of " + path.string());
}

}  // namespace

std::string placed(const std::string& name, std::size_t size) {
  return size > large_file_bytes ? std::string(large_directory) + '/' + name : name;
}

void write_file(const SetDirectory& set, const std::string& name, std::string_view bytes, std::time_t mtime) {
  const std::string at = placed(name, bytes.size());
  write_ending(new_file(set, at), set.path() / at, bytes, mtime);
}

void write_spliced(const SetDirectory& set, const std::string& name, const SetDirectory& from, std::size_t length,
                   std::string_view rest, std::time_t mtime) {
  const File source = open_in(from, name);
  const std::string at = placed(name, length + rest.size());
  const fs::path path = set.path() / at;
  const File file = new_file(set, at);
  while (length > 0) {
    const ssize_t copied = ::copy_file_range(source.fd(), nullptr, file.fd(), nullptr, length, 0);
    if (copied < 0 && errno == EINTR) continue;
    if (copied < 0) throw_errno("cannot copy " + (from.path() / name).string() + " to " + path.string());
    if (copied == 0) throw std::runtime_error((from.path() / name).string() + " ends before the bytes to copy");
    length -= static_cast<std::size_t>(copied);
  }
  write_ending(file, path, rest, mtime);
}

std::string read_file(const SetDirectory& set, const std::string& name, std::size_t length, std::size_t offset) {
  const File file = open_in(set, name);
  const fs::path path = set.path() / name;
  struct stat status {};
  // A length given is read to, or to the end, without asking the file its own: one call fewer.
  if (length == std::string::npos && ::fstat(file.fd(), &status) != 0) throw_errno("cannot read " + path.string());
  const auto size = static_cast<std::size_t>(status.st_size);
  if (length == std::string::npos && size < offset) {
    throw std::runtime_error(path.string() + " ends before byte " + std::to_string(offset));
  }
  std::string bytes(length == std::string::npos ? size - offset : length, '\0');
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t got = ::pread(file.fd(), bytes.data() + done, bytes.size() - done,
                                static_cast<off_t>(offset + done));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) throw_errno("cannot read " + path.string());
    if (got == 0) break;
    done += static_cast<std::size_t>(got);
  }
  bytes.resize(done);
  return bytes;
}

std::optional<struct stat> status_in(const SetDirectory& base, const std::string& name) {
  struct stat status {};
  if (where_it_lies(base, name, [&](int directory, const char* file) { return ::fstatat(directory, file, &status, 0); }) != 0) {
    return std::nullopt;
  }
  return status;
}

namespace {

// Links `base`'s file `at` (a name, or one under large_directory) into `set` at the same path,
// making its directory when there is none; false when `base` has no file there. (A directory
// `base` has is made in `set` before the file is looked for: an empty one where all the file's
// neighbours moved under large_directory, which nothing reads.)
bool link_at(const SetDirectory& base, const SetDirectory& set, const std::string& at) {
  const InSet file = in_set(at);
  const int from = base.descriptor(file.directory, false);
  if (from < 0) return false;
  if (::linkat(from, file.name.c_str(), set.descriptor(file.directory, true), file.name.c_str(), 0) == 0) return true;
  if (errno == ENOENT) return false;
  throw_errno("cannot link " + (set.path() / at).string());
}

// Links `base`'s file `name` into `set`, where it lies in base: whether it lies under
// large_directory, or none when `base` has no such file.
std::optional<bool> link_file(const SetDirectory& base, const SetDirectory& set, const std::string& name) {
  if (link_at(base, set, name)) return false;
  if (link_at(base, set, std::string(large_directory) + '/' + name)) return true;
  return std::nullopt;
}

}  // namespace

bool link_from(const SetDirectory& base, const SetDirectory& set, const std::string& name) {
  const std::optional<bool> large = base.empty() ? std::nullopt : link_file(base, set, name);
  if (!large) return false;
  // A small answer's .gz and .br are small too, beside it in the directory just linked into: one
  // call each (a .br larger than its answer, where brotli grew it past the limit, would be looked
  // for in vain: the answer is rendered again).
  const auto link_compressed = [&](const std::string& file) {
    return *large ? link_file(base, set, file).has_value() : link_at(base, set, file);
  };
  const bool gzip = link_compressed(name + ".gz");
  if (link_compressed(name + ".br") == gzip) return true;
  // A set published before the .br files has an answer's .gz alone: rendered again, not kept.
  for (const std::string& file : {name, name + ".gz", name + ".br"}) {
    where_it_lies(set, file, [](int directory, const char* leaf) { return ::unlinkat(directory, leaf, 0); });
  }
  return false;
}

namespace {

// Removes what the directory `name` in `parent` (a descriptor, or AT_FDCWD) holds; nothing when
// there is no such directory.
void remove_entries(int parent, const char* name) {
  const File directory(::openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (directory.fd() < 0 && errno == ENOENT) return;
  if (directory.fd() < 0) throw_errno(std::string("cannot open ") + name + " to remove it");
  alignas(dirent64) char entries[32 * 1024];
  for (;;) {
    const ssize_t got = ::getdents64(directory.fd(), entries, sizeof entries);
    if (got < 0) throw_errno(std::string("cannot read ") + name + " to remove it");
    if (got == 0) return;
    for (ssize_t at = 0; at < got;) {
      const auto* entry = reinterpret_cast<const dirent64*>(entries + at);
      at += entry->d_reclen;
      const std::string_view entry_name = entry->d_name;
      if (entry_name == "." || entry_name == "..") continue;
      bool is_directory = entry->d_type == DT_DIR;
      struct stat status {};
      if (entry->d_type == DT_UNKNOWN && ::fstatat(directory.fd(), entry->d_name, &status, AT_SYMLINK_NOFOLLOW) == 0) {
        is_directory = S_ISDIR(status.st_mode);
      }
      if (is_directory) remove_entries(directory.fd(), entry->d_name);
      if (::unlinkat(directory.fd(), entry->d_name, is_directory ? AT_REMOVEDIR : 0) != 0 && errno != ENOENT) {
        throw_errno(std::string("cannot remove ") + entry->d_name + " of " + name);
      }
    }
  }
}

}  // namespace

void remove_set(const fs::path& set) {
  remove_entries(AT_FDCWD, set.c_str());
  if (::rmdir(set.c_str()) != 0 && errno != ENOENT) throw_errno("cannot remove " + set.string());
}

void flush_to_disk(const fs::path& set) {
  const File directory(::open(set.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.fd() < 0 || ::syncfs(directory.fd()) != 0) throw_errno("cannot flush " + set.string());
}

}  // namespace coin
