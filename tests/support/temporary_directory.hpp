#pragma once
// A directory of a test's own under /tmp (where the servers a test starts, of other users too,
// reach it), removed with everything in it when the object goes.

#include <sys/types.h>

#include <filesystem>
#include <string>
#include <string_view>

namespace coin::testing_support {

class TemporaryDirectory {
 public:
  // Makes "/tmp/<prefix>.XXXXXX"; throws std::runtime_error when it cannot.
  explicit TemporaryDirectory(const std::string& prefix);
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }
  // A file's path in it, as text.
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // Writes `text` to its file `name`, of `mode`; the file's path. Throws std::runtime_error when
  // it cannot.
  std::string write(const std::string& name, std::string_view text, mode_t mode) const;

 private:
  std::filesystem::path path_;
};

}  // namespace coin::testing_support
