#include "publisher/set_files.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "tests/support/temporary_directory.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

class SetFilesTest : public testing::Test {
 protected:
  const testing_support::TemporaryDirectory directory_{"coin-set-files"};
  const fs::path& root_ = directory_.path();
};

std::time_t mtime_of(const fs::path& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 ? status.st_mtime : -1;
}

TEST_F(SetFilesTest, SessionsWritingIntoTheSameNewDirectoryAtOnceEachMakeTheirFile) {
  // A set's render: two or more sessions whose first files share a directory that none has made.
  constexpr int rounds = 300;
  constexpr int sessions = 4;
  std::atomic<int> failed{0};
  for (int round = 0; round < rounds; ++round) {
    const fs::path set = root_ / ("set" + std::to_string(round));
    std::vector<std::thread> threads;
    std::atomic<int> ready{0};
    for (int session = 0; session < sessions; ++session) {
      threads.emplace_back([&, session] {
        ++ready;
        while (ready < sessions) std::this_thread::yield();
        try {
          write_file(set, "api/v1/history/chain=" + std::to_string(session) + ".json", "{}", 1780000000);
        } catch (const std::exception&) {
          ++failed;
        }
      });
    }
    for (std::thread& thread : threads) thread.join();
  }
  EXPECT_EQ(failed, 0);
  EXPECT_EQ(read_file(root_ / "set7", "api/v1/history/chain=3.json"), "{}");
  EXPECT_EQ(mtime_of(root_ / "set7/api/v1/history/chain=3.json"), 1780000000);
}

TEST_F(SetFilesTest, ASplicedFileIsTheKeptBytesOfTheOldOneThenTheRest) {
  write_file(root_ / "before", "a.json", R"({"items":[1,2,3,{"live":1}]})", 1780000000);
  write_spliced(root_ / "after", "a.json", root_ / "before", 16, R"({"live":2}]})", 1780003600);
  EXPECT_EQ(read_file(root_ / "after", "a.json"), R"({"items":[1,2,3,{"live":2}]})");
  EXPECT_EQ(mtime_of(root_ / "after/a.json"), 1780003600);
  EXPECT_EQ(read_file(root_ / "before", "a.json"), R"({"items":[1,2,3,{"live":1}]})") << "the old file is left as it was";
  write_file(root_ / "before", "b.json", "{}", 1780000000);
  EXPECT_THROW(write_spliced(root_ / "after", "b.json", root_ / "before", 100, "", 1780003600), std::runtime_error)
      << "an old file shorter than its kept bytes";
}

TEST_F(SetFilesTest, AFileIsReadWholeOrFromAnOffsetOrUpToALength) {
  write_file(root_, "a.json", "0123456789", 1780000000);
  EXPECT_EQ(read_file(root_, "a.json"), "0123456789");
  EXPECT_EQ(read_file(root_, "a.json", 4), "0123");
  EXPECT_EQ(read_file(root_, "a.json", 40), "0123456789");
  EXPECT_EQ(read_file(root_, "a.json", std::string::npos, 6), "6789");
  EXPECT_EQ(read_file(root_, "a.json", std::string::npos, 10), "");
  EXPECT_THROW(read_file(root_, "a.json", std::string::npos, 11), std::runtime_error);
  EXPECT_THROW(read_file(root_, "none.json"), std::runtime_error);
}

TEST_F(SetFilesTest, AnAnswerIsLinkedWithItsCompressedFilesOrNotAtAll) {
  write_file(root_ / "base", "api/a.json", "{}", 1780000000);
  write_file(root_ / "base", "api/b.json", "[]", 1780000000);
  write_file(root_ / "base", "api/b.json.gz", "gz", 1780000000);
  write_file(root_ / "base", "api/b.json.br", "br", 1780000000);
  write_file(root_ / "base", "api/c.json", "{}", 1780000000);
  write_file(root_ / "base", "api/c.json.gz", "gz", 1780000000);  // a set from before the .br files
  EXPECT_TRUE(link_from(root_ / "base", root_ / "set", "api/a.json"));
  EXPECT_TRUE(link_from(root_ / "base", root_ / "set", "api/b.json"));
  EXPECT_FALSE(link_from(root_ / "base", root_ / "set", "api/c.json"));
  EXPECT_FALSE(link_from(root_ / "base", root_ / "set", "api/none.json"));
  EXPECT_FALSE(link_from(fs::path(), root_ / "set", "api/a.json")) << "no base";
  EXPECT_TRUE(fs::equivalent(root_ / "base/api/b.json.br", root_ / "set/api/b.json.br"));
  EXPECT_FALSE(fs::exists(root_ / "set/api/a.json.gz"));
  EXPECT_FALSE(fs::exists(root_ / "set/api/c.json"));
  EXPECT_FALSE(fs::exists(root_ / "set/api/c.json.gz"));
  EXPECT_EQ(status_in(root_ / "set", "api/b.json.gz")->st_size, 2);
  EXPECT_FALSE(status_in(root_ / "set", "api/c.json"));
}

TEST_F(SetFilesTest, AFileOfOver48KbLiesUnderLargeAndIsFoundThere) {
  const std::string large(48 * 1024 + 1, 'x');
  const std::string small(48 * 1024, 'y');
  write_file(root_ / "base", "api/a.json", large, 1780000000);
  write_file(root_ / "base", "api/a.json.gz", small, 1780000000);
  write_file(root_ / "base", "api/a.json.br", "br", 1780000000);
  EXPECT_TRUE(fs::exists(root_ / "base/large/api/a.json"));
  EXPECT_FALSE(fs::exists(root_ / "base/api/a.json"));
  EXPECT_TRUE(fs::exists(root_ / "base/api/a.json.gz")) << "48 KB is small";
  EXPECT_EQ(read_file(root_ / "base", "api/a.json"), large);
  EXPECT_EQ(status_in(root_ / "base", "api/a.json")->st_size, 48 * 1024 + 1);
  EXPECT_EQ(mtime_of(root_ / "base/large/api/a.json"), 1780000000);

  EXPECT_TRUE(link_from(root_ / "base", root_ / "set", "api/a.json"));
  EXPECT_TRUE(fs::equivalent(root_ / "base/large/api/a.json", root_ / "set/large/api/a.json"));
  EXPECT_TRUE(fs::equivalent(root_ / "base/api/a.json.gz", root_ / "set/api/a.json.gz"));
  EXPECT_FALSE(fs::exists(root_ / "set/large/api/a.json.gz")) << "each file where it lies, nowhere else";

  // A large file's kept bytes and a small rest: small now; and a small start made large.
  write_spliced(root_ / "next", "api/a.json", root_ / "base", 10, "}", 1780003600);
  EXPECT_EQ(read_file(root_ / "next", "api/a.json"), std::string(10, 'x') + "}");
  EXPECT_TRUE(fs::exists(root_ / "next/api/a.json"));
  write_spliced(root_ / "next", "api/a.json.gz", root_ / "base", small.size(), "z", 1780003600);
  EXPECT_TRUE(fs::exists(root_ / "next/large/api/a.json.gz"));
}

// A set's render: one SetDirectory for the set served and one for the new set, over many calls.
TEST_F(SetFilesTest, ASetsDirectoriesOpenedOnceServeTheCallsThatFollow) {
  write_file(root_ / "base", "api/v1/a/chain=tron.json", "{}", 1780000000);
  write_file(root_ / "base", "api/v1/a/chain=eth.json", std::string(large_file_bytes + 1, 'x'), 1780000000);
  write_file(root_ / "base", "totalSupply.txt", "1", 1780000000);
  const SetDirectory base(root_ / "base");
  const SetDirectory set(root_ / "set");
  EXPECT_EQ(base.descriptor("api/v1/a", false), base.descriptor("api/v1/a", false)) << "opened once";
  EXPECT_EQ(base.descriptor("api/v2", false), -1) << "a published set's missing directory";
  EXPECT_FALSE(fs::exists(root_ / "base/api/v2")) << "looked for, not made";
  EXPECT_FALSE(status_in(base, "api/v2/b.json"));

  EXPECT_TRUE(link_from(base, set, "api/v1/a/chain=tron.json"));
  EXPECT_TRUE(link_from(base, set, "api/v1/a/chain=eth.json"));
  EXPECT_TRUE(link_from(base, set, "totalSupply.txt"));
  EXPECT_FALSE(link_from(base, set, "api/v2/b.json"));
  EXPECT_FALSE(fs::exists(root_ / "set/api/v2")) << "no directory made for a file base lacks";
  EXPECT_EQ(set.descriptor("large/api/v2", false), -1);
  write_file(set, "api/v2/b.json", std::string(large_file_bytes + 1, 'y'), 1780003600);
  EXPECT_EQ(read_file(set, "api/v2/b.json").size(), large_file_bytes + 1) << "a directory known missing, made";
  const SetDirectory next(root_ / "next");
  write_spliced(next, "api/v1/a/chain=tron.json", set, 1, "]", 1780007200);
  EXPECT_EQ(read_file(root_ / "next", "api/v1/a/chain=tron.json"), "{]");
  EXPECT_TRUE(fs::equivalent(root_ / "base/large/api/v1/a/chain=eth.json", root_ / "set/large/api/v1/a/chain=eth.json"));
  EXPECT_EQ(read_file(root_ / "set", "totalSupply.txt"), "1");
}

// A set is removed whole, its large files and deeper directories too; a link in it is removed,
// not followed; a set that is not there is no failure.
TEST_F(SetFilesTest, ASetIsRemovedWholeWithoutFollowingItsLinks) {
  const fs::path set = root_ / "set.old";
  write_file(set, "api/v1/a/chain=tron.json", "{}", 1780000000);
  write_file(set, "api/v1/a/chain=eth.json", std::string(large_file_bytes + 1, 'x'), 1780000000);
  write_file(set, "totalSupply.txt", "1", 1780000000);
  write_file(root_ / "outside", "kept.txt", "kept", 1780000000);
  fs::create_directory_symlink(root_ / "outside", set / "api" / "linked");
  remove_set(set);
  EXPECT_FALSE(fs::exists(fs::symlink_status(set)));
  EXPECT_EQ(read_file(root_ / "outside", "kept.txt"), "kept");
  EXPECT_NO_THROW(remove_set(set));
}

}  // namespace
}  // namespace coin
