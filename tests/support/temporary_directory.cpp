#include "tests/support/temporary_directory.hpp"

#include <cstdlib>
#include <stdexcept>
#include <system_error>

namespace coin::testing_support {

TemporaryDirectory::TemporaryDirectory(const std::string& prefix) {
  std::string name = "/tmp/" + prefix + ".XXXXXX";
  if (::mkdtemp(name.data()) == nullptr) throw std::runtime_error("cannot make a directory like " + name);
  path_ = name;
}

TemporaryDirectory::~TemporaryDirectory() {
  std::error_code ignored;
  std::filesystem::remove_all(path_, ignored);
}

}  // namespace coin::testing_support
