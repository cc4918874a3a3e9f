#include "shared/whole_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

namespace coin {

namespace {

[[noreturn]] void fail(const std::string& what, const std::string& path) {
  throw std::runtime_error("cannot " + what + " " + path + ": " + std::strerror(errno));
}

}  // namespace

void write_whole_file(const std::string& path, std::string_view text) {
  const int file = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (file < 0) fail("write", path);
  bool written = ::fchmod(file, 0644) == 0;
  for (std::size_t done = 0; written && done < text.size();) {
    const ssize_t wrote = ::write(file, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    written = wrote > 0;
    if (written) done += static_cast<std::size_t>(wrote);
  }
  const int error = errno;
  if (::close(file) != 0 && written) written = false;
  else errno = error;
  if (!written) fail("write", path);
}

void replace_file(const std::string& path, std::string_view text) {
  const std::string aside = path + ".new";
  write_whole_file(aside, text);
  if (std::rename(aside.c_str(), path.c_str()) != 0) fail("rename " + aside + " to", path);
}

}  // namespace coin
