#pragma once
// A directory of a test's own under the system's temporary one, removed with it.

#include <filesystem>
#include <string>

namespace coin::testing_support {

class TemporaryDirectory {
 public:
  // Makes "<temporary directory>/<prefix>.XXXXXX"; throws std::runtime_error when it cannot.
  explicit TemporaryDirectory(const std::string& prefix);
  ~TemporaryDirectory();
  TemporaryDirectory(const TemporaryDirectory&) = delete;
  TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace coin::testing_support
