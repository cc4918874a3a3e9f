#include "publisher/set_files.hpp"

#include <fcntl.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace coin {

namespace fs = std::filesystem;

void throw_errno(const std::string& what) { throw std::runtime_error(what + ": " + std::strerror(errno)); }

void write_file(const fs::path& path, std::string_view bytes, std::time_t mtime) {
  fs::create_directories(path.parent_path());
  const File file(::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644));
  if (file.fd() < 0) throw_errno("cannot create " + path.string());
  while (!bytes.empty()) {
    const ssize_t written = ::write(file.fd(), bytes.data(), bytes.size());
    if (written < 0 && errno == EINTR) continue;
    if (written < 0) throw_errno("cannot write " + path.string());
    bytes.remove_prefix(static_cast<size_t>(written));
  }
  const timespec times[2] = {{mtime, 0}, {mtime, 0}};
  if (::futimens(file.fd(), times) != 0) throw_errno("cannot set the time of " + path.string());
}

std::string read_file(const fs::path& path) {
  const File file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  struct stat status {};
  if (file.fd() < 0 || ::fstat(file.fd(), &status) != 0) throw_errno("cannot read " + path.string());
  std::string bytes(static_cast<std::size_t>(status.st_size), '\0');
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t got = ::read(file.fd(), bytes.data() + done, bytes.size() - done);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) throw_errno("cannot read " + path.string());
    done += static_cast<std::size_t>(got);
  }
  return bytes;
}

std::optional<fs::path> found_in(const fs::path& base, const std::string& name) {
  if (base.empty() || ::access((base / name).c_str(), F_OK) != 0) return std::nullopt;
  return base / name;
}

bool link_from(const fs::path& base, const fs::path& set, const std::string& name) {
  const bool compressed = found_in(base, name + ".gz").has_value();
  // A set published before the .br files has an answer's .gz alone: rendered again, not kept.
  if (!found_in(base, name) || compressed != found_in(base, name + ".br").has_value()) return false;
  for (const std::string& file : compressed ? std::vector<std::string>{name, name + ".gz", name + ".br"}
                                            : std::vector<std::string>{name}) {
    const fs::path to = set / file;
    fs::create_directories(to.parent_path());
    if (::link((base / file).c_str(), to.c_str()) != 0) throw_errno("cannot link " + to.string());
  }
  return true;
}

void flush_to_disk(const fs::path& set) {
  const File directory(::open(set.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (directory.fd() < 0 || ::syncfs(directory.fd()) != 0) throw_errno("cannot flush " + set.string());
}

}  // namespace coin
