#pragma once
// The files of a set, through POSIX calls whose failures are thrown with errno's text: written,
// read, linked or spliced from the set before, and flushed to disk.

#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace coin {

// Throws `what`, followed by errno's text.
[[noreturn]] void throw_errno(const std::string& what);

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

// Writes `bytes` to a new file `path`, readable by nginx's workers, modified at `mtime`; makes its
// directory when there is none.
void write_file(const std::filesystem::path& path, std::string_view bytes, std::time_t mtime);

// Writes a new file `path` like write_file: the first `length` bytes of the file `from`, copied
// by the kernel (copy_file_range) rather than read into the process, then `rest`.
void write_spliced(const std::filesystem::path& path, const std::filesystem::path& from, std::size_t length,
                   std::string_view rest, std::time_t mtime);

// The bytes of the file at `path` from byte `offset` on, `length` of them at most.
std::string read_file(const std::filesystem::path& path, std::size_t length = std::string::npos,
                      std::size_t offset = 0);

// The length of `base`'s file `name`; nullopt when it has none (or there is no base). One stat:
// an answer whose length changed needs no more to know that its bytes did.
std::optional<std::size_t> length_in(const std::filesystem::path& base, const std::string& name);

// Links `base`'s file `name`, and its .gz and .br if it has them, into `set`: the same inode, so
// the same bytes, Last-Modified and ETag. False, and nothing linked, when `base` has no `name`,
// or a .gz without a .br (a set published before the .br files).
bool link_from(const std::filesystem::path& base, const std::filesystem::path& set, const std::string& name);

// Flushes `set` to disk, so that a machine that stops right after the swap comes back with
// the set's bytes, not empty files.
void flush_to_disk(const std::filesystem::path& set);

}  // namespace coin
