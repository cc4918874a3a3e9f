#pragma once
// The files of a set, through POSIX calls whose failures are thrown with errno's text: written,
// read, linked or spliced from the set before, and flushed to disk. Each is named by its path in
// the set, and lies there when it is small, under large/ when it is not: nginx sends a small file
// in one write with its headers, and a large one with sendfile(2), each from a location of its
// own (publisher/nginx_config.hpp's endpoints.conf), since nginx chooses sendfile by location,
// not by file.

#include <sys/stat.h>
#include <unistd.h>

#include <ctime>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

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

// A set's directory (or none: an empty path), whose directories beneath are opened (O_PATH) the
// first time a call below needs one and kept for those that follow, each of which then names its
// file by the last component of its path, relative to its directory: the kernel walks one
// component rather than the dozen of the set's full path (a link 2.9 us rather than 4.2; a set
// links and writes some 350 files). The directories a published set lacks are known missing;
// those of a set being written are made the first time a file is written or linked into them.
// A path given where one is taken names a set for that call alone. One thread at a time.
class SetDirectory {
 public:
  SetDirectory(std::filesystem::path path = {}) : path_(std::move(path)) {}  // implicit: a path names a set
  ~SetDirectory();
  SetDirectory(const SetDirectory&) = delete;
  SetDirectory& operator=(const SetDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }
  bool empty() const { return path_.empty(); }
  // The descriptor of `directory` ("api/v1/x"; "" for the set's own), or -1 when there is none;
  // made when `make` and missing, with those above it.
  int descriptor(const std::string& directory, bool make) const;

 private:
  std::filesystem::path path_;
  mutable std::unordered_map<std::string, int> opened_;  // -1: known missing
};

// A file of more bytes than this is large: sent with sendfile(2); a smaller one is read whole
// into nginx's output buffer of as many bytes (nginx/endpoint.conf), in one write. Measured on
// the benchmark data (docs/performance.md), the same files sent both ways by the same nginx: one
// write ran at 1.04-1.14 of sendfile for answers of 16-43 KB, 1.00 at 53 KB, 0.98 at 57 KB and
// 0.93 at 61 KB (two copies of the bytes, where sendfile hands the socket the file's pages).
constexpr std::size_t large_file_bytes = 48 * 1024;
// Where the large files lie in a set, each at its own path beneath.
constexpr std::string_view large_directory = "large";

// Where the file `name` of `size` bytes lies in its set: `name`, or under large_directory.
std::string placed(const std::string& name, std::size_t size);

// Writes `bytes` to a new file `name` of `set`, at `name`, or under large_directory when it is
// large, readable by nginx's workers, modified at `mtime`; makes its directory when there is none.
void write_file(const SetDirectory& set, const std::string& name, std::string_view bytes,
                std::time_t mtime);

// Writes a new file `name` of `set` like write_file: the first `length` bytes of `from`'s file
// `name`, copied by the kernel (copy_file_range) rather than read into the process, then `rest`.
void write_spliced(const SetDirectory& set, const std::string& name, const SetDirectory& from,
                   std::size_t length, std::string_view rest, std::time_t mtime);

// The bytes of `set`'s file `name` from byte `offset` on, `length` of them at most.
std::string read_file(const SetDirectory& set, const std::string& name,
                      std::size_t length = std::string::npos, std::size_t offset = 0);

// The status of `base`'s file `name` (its length, its mtime); nullopt when it has none (or there
// is no base). An answer whose length changed needs no more to know that its bytes did.
std::optional<struct stat> status_in(const SetDirectory& base, const std::string& name);

// Links `base`'s file `name`, and its .gz and .br if it has them, into `set`, each where it lies
// in base (the same length, so the same place): the same inode, so the same bytes, Last-Modified
// and ETag. False, and nothing linked, when `base` has no `name`, or a .gz without a .br (a set
// published before the .br files).
bool link_from(const SetDirectory& base, const SetDirectory& set, const std::string& name);

// Removes the directory `set` and all in it (nothing when there is none): one getdents64 per
// directory and one unlinkat per entry, by the entry's type, each relative to its directory; a
// third less CPU than std::filesystem::remove_all's walk, which a set before last of some 330
// files cost 1.6 ms a round.
void remove_set(const std::filesystem::path& set);

// Flushes `set` to disk, so that a machine that stops right after the swap comes back with
// the set's bytes, not empty files.
void flush_to_disk(const std::filesystem::path& set);

}  // namespace coin
