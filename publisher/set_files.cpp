#include "publisher/set_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>

namespace coin {

namespace fs = std::filesystem;

void throw_errno(const std::string& what) { throw std::runtime_error(what + ": " + std::strerror(errno)); }

namespace {

// Runs `make` (a call that makes `path`, giving -1 and errno on failure) again after making
// path's directory when it failed for the lack of one, or for another session's making it
// meanwhile; whether it succeeded. A new set's directories are made by the first file written
// or linked into each, not looked for before every file.
template <typename Make>
bool made_in_its_directory(const fs::path& path, Make make) {
  if (make() == 0) return true;
  if (errno != ENOENT) return false;
  fs::create_directories(path.parent_path());
  return make() == 0;
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

void write_file(const fs::path& path, std::string_view bytes, std::time_t mtime) {
  write_ending(new_file(path), path, bytes, mtime);
}

void write_spliced(const fs::path& path, const fs::path& from, std::size_t length, std::string_view rest,
                   std::time_t mtime) {
  const File source(::open(from.c_str(), O_RDONLY | O_CLOEXEC));
  if (source.fd() < 0) throw_errno("cannot read " + from.string());
  const File file = new_file(path);
  while (length > 0) {
    const ssize_t copied = ::copy_file_range(source.fd(), nullptr, file.fd(), nullptr, length, 0);
    if (copied < 0 && errno == EINTR) continue;
    if (copied < 0) throw_errno("cannot copy " + from.string() + " to " + path.string());
    if (copied == 0) throw std::runtime_error(from.string() + " ends before the bytes to copy");
    length -= static_cast<std::size_t>(copied);
  }
  write_ending(file, path, rest, mtime);
}

std::string read_file(const fs::path& path, std::size_t length, std::size_t offset) {
  const File file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  struct stat status {};
  // A length given is read to, or to the end, without asking the file its own: one call fewer.
  if (file.fd() < 0 || (length == std::string::npos && ::fstat(file.fd(), &status) != 0)) {
    throw_errno("cannot read " + path.string());
  }
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

std::optional<std::size_t> length_in(const fs::path& base, const std::string& name) {
  struct stat status {};
  if (base.empty() || ::stat((base / name).c_str(), &status) != 0) return std::nullopt;
  return static_cast<std::size_t>(status.st_size);
}

namespace {

// Links `base`'s file `name` into `set`; false when `base` has none.
bool link_file(const fs::path& base, const fs::path& set, const std::string& name) {
  const fs::path from = base / name;
  const fs::path to = set / name;
  if (made_in_its_directory(to, [&] { return ::link(from.c_str(), to.c_str()); })) return true;
  if (errno == ENOENT && ::access(from.c_str(), F_OK) != 0) return false;
  throw_errno("cannot link " + to.string());
}

}  // namespace

bool link_from(const fs::path& base, const fs::path& set, const std::string& name) {
  if (base.empty() || !link_file(base, set, name)) return false;
  const bool gzip = link_file(base, set, name + ".gz");
  if (link_file(base, set, name + ".br") == gzip) return true;
  // A set published before the .br files has an answer's .gz alone: rendered again, not kept.
  for (const std::string& file : {name, name + ".gz", name + ".br"}) ::unlink((set / file).c_str());
  return false;
}

void flush_to_disk(const fs::path& set) {
  const File directory(::open(set.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.fd() < 0 || ::syncfs(directory.fd()) != 0) throw_errno("cannot flush " + set.string());
}

}  // namespace coin
