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

// Makes the directory `path` and those above it that are missing, from the deepest up: one call
// for a set's new directory whose parent is there. Another session's making one meanwhile is no
// failure.
void make_directories(const fs::path& path) {
  if (::mkdir(path.c_str(), 0777) == 0 || errno == EEXIST) return;
  const fs::path parent = path.parent_path();
  if (errno != ENOENT || parent.empty() || parent == path) throw_errno("cannot make " + path.string());
  make_directories(parent);
  if (::mkdir(path.c_str(), 0777) != 0 && errno != EEXIST) throw_errno("cannot make " + path.string());
}

// Runs `make` (a call that makes `path`, giving -1 and errno on failure) again after making
// path's directory when it failed for the lack of one; whether it succeeded. A new set's
// directories are made by the first file written or linked into each, not looked for before
// every file.
template <typename Make>
bool made_in_its_directory(const fs::path& path, Make make) {
  if (make() == 0) return true;
  if (errno != ENOENT) return false;
  make_directories(path.parent_path());
  return make() == 0;
}

// Runs `call` (a system call on a file of a set, given the file's path in the set: -1 and errno
// on failure) on the set's file `name` where it lies: at `name` (a small file, or none), else
// under large_directory. One call but for a large file.
template <typename Call>
int where_it_lies(const std::string& name, Call call) {
  const int result = call(name);
  if (result >= 0 || errno != ENOENT) return result;
  return call(std::string(large_directory) + '/' + name);
}

// Where the file `name` of `size` bytes lies in its set.
std::string placed(const std::string& name, std::size_t size) {
  return size > large_file_bytes ? std::string(large_directory) + '/' + name : name;
}

// `set`'s file `name`, open for reading.
File open_in(const fs::path& set, const std::string& name) {
  const int fd = where_it_lies(name, [&](const std::string& at) { return ::open((set / at).c_str(), O_RDONLY | O_CLOEXEC); });
  if (fd < 0) throw_errno("cannot read " + (set / name).string());
  return File(fd);
}

// A new file `path`, readable by nginx's workers; its directory made when there is none.
File new_file(const fs::path& path) {
  int fd = -1;
  made_in_its_directory(path, [&] {
    fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    return fd < 0 ? -1 : 0;
  });
  if (fd < 0) throw_errno("cannot create " + path.string());
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

void write_file(const fs::path& set, const std::string& name, std::string_view bytes, std::time_t mtime) {
  const fs::path path = set / placed(name, bytes.size());
  write_ending(new_file(path), path, bytes, mtime);
}

void write_spliced(const fs::path& set, const std::string& name, const fs::path& from, std::size_t length,
                   std::string_view rest, std::time_t mtime) {
  const File source = open_in(from, name);
  const fs::path path = set / placed(name, length + rest.size());
  const File file = new_file(path);
  while (length > 0) {
    const ssize_t copied = ::copy_file_range(source.fd(), nullptr, file.fd(), nullptr, length, 0);
    if (copied < 0 && errno == EINTR) continue;
    if (copied < 0) throw_errno("cannot copy " + (from / name).string() + " to " + path.string());
    if (copied == 0) throw std::runtime_error((from / name).string() + " ends before the bytes to copy");
    length -= static_cast<std::size_t>(copied);
  }
  write_ending(file, path, rest, mtime);
}

std::string read_file(const fs::path& set, const std::string& name, std::size_t length, std::size_t offset) {
  const File file = open_in(set, name);
  const fs::path path = set / name;
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

std::optional<struct stat> status_in(const fs::path& base, const std::string& name) {
  struct stat status {};
  if (base.empty() ||
      where_it_lies(name, [&](const std::string& at) { return ::stat((base / at).c_str(), &status); }) != 0) {
    return std::nullopt;
  }
  return status;
}

namespace {

// Links `base`'s file `at` (a name, or one under large_directory) into `set` at the same path,
// making its directory when there is none; false when `base` has no file there.
bool link_at(const fs::path& base, const fs::path& set, const std::string& at) {
  const fs::path from = base / at;
  const fs::path to = set / at;
  if (::link(from.c_str(), to.c_str()) == 0) return true;
  // ENOENT when base has no file here, before the lack of a directory to link into.
  if (errno == ENOENT && ::access(from.c_str(), F_OK) != 0) return false;
  if (errno == ENOENT && made_in_its_directory(to, [&] { return ::link(from.c_str(), to.c_str()); })) return true;
  throw_errno("cannot link " + to.string());
}

// Links `base`'s file `name` into `set`, where it lies in base: whether it lies under
// large_directory, or none when `base` has no such file.
std::optional<bool> link_file(const fs::path& base, const fs::path& set, const std::string& name) {
  if (link_at(base, set, name)) return false;
  if (link_at(base, set, std::string(large_directory) + '/' + name)) return true;
  return std::nullopt;
}

}  // namespace

bool link_from(const fs::path& base, const fs::path& set, const std::string& name) {
  const std::optional<bool> large = base.empty() ? std::nullopt : link_file(base, set, name);
  if (!large) return false;
  // A small answer's .gz and .br are small too, beside it in the directory just linked into: one
  // call each, whose ENOENT can only mean that base has none (a .br larger than its answer, where
  // brotli grew it past the limit, would be looked for in vain: the answer is rendered again).
  const auto link_compressed = [&](const std::string& file) {
    if (*large) return link_file(base, set, file).has_value();
    if (::link((base / file).c_str(), (set / file).c_str()) == 0) return true;
    if (errno != ENOENT) throw_errno("cannot link " + (set / file).string());
    return false;
  };
  const bool gzip = link_compressed(name + ".gz");
  if (link_compressed(name + ".br") == gzip) return true;
  // A set published before the .br files has an answer's .gz alone: rendered again, not kept.
  for (const std::string& file : {name, name + ".gz", name + ".br"}) {
    where_it_lies(file, [&](const std::string& at) { return ::unlink((set / at).c_str()); });
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
