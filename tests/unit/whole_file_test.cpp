// Files written whole (shared/whole_file.hpp): readable by other users whatever the umask, and
// replaced in one rename.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "shared/whole_file.hpp"
#include "tests/support/temporary_directory.hpp"

namespace {

std::string text_of(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

mode_t mode_of(const std::string& path) {
  struct stat status {};
  EXPECT_EQ(::stat(path.c_str(), &status), 0);
  return status.st_mode & 0777;
}

TEST(WholeFile, IsReplacedWholeAndReadableByAllWhateverTheUmask) {
  const coin::testing_support::TemporaryDirectory directory("whole-file");
  const std::string path = directory.file("keys.json");
  const mode_t umask_before = ::umask(077);
  coin::replace_file(path, "first\n");
  coin::replace_file(path, "second");
  ::umask(umask_before);
  EXPECT_EQ(text_of(path), "second");
  EXPECT_EQ(mode_of(path), 0644u);
  EXPECT_FALSE(std::filesystem::exists(path + ".new"));
  coin::write_whole_file(path, "");
  EXPECT_EQ(text_of(path), "");
}

TEST(WholeFile, SaysWhichFileItCouldNotWrite) {
  const coin::testing_support::TemporaryDirectory directory("whole-file");
  const std::string path = directory.file("missing/keys.json");
  try {
    coin::replace_file(path, "text");
    FAIL() << "written";
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "cannot write " + path + ".new: No such file or directory");
  }
}

}  // namespace
