#include "tests/support/temporary_directory.hpp"

#include <sys/stat.h>

#include <cstdlib>
#include <fstream>
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

std::string TemporaryDirectory::write(const std::string& name, std::string_view text, mode_t mode) const {
  const std::string path = file(name);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out || ::chmod(path.c_str(), mode) != 0) throw std::runtime_error("cannot write " + path);
  return path;
}

}  // namespace coin::testing_support
