// A kept endpoint's answer in two parts (publisher/answer_files.hpp, kept_answers.hpp): the
// kept part held from the set before, the live part compared with the one held after it.

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "publisher/answer_files.hpp"
#include "publisher/kept_answers.hpp"
#include "publisher/set_files.hpp"
#include "shared/endpoints.hpp"
#include "shared/rendered_answer.hpp"
#include "shared/response.hpp"
#include "tests/support/temporary_directory.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

class KeptAnswerFilesTest : public testing::Test {
 protected:
  void SetUp() override {
    for (const Endpoint& candidate : endpoints()) {
      if (candidate.path == std::string_view("/api/v1/data-platform/collateral-history")) endpoint_ = &candidate;
    }
    ASSERT_NE(endpoint_, nullptr);
    ASSERT_TRUE(endpoint_->kept);
    file_ = published_file(*endpoint_, values_);
  }

  // Begins the render of set `n` (its one job, the answer), whose base is set n - 1, and writes
  // the answer as `fetched` gives it; whether its bytes changed. The ETag it gives a new file is
  // nginx's of the file.
  bool render(int n, const KeptFetched& fetched) {
    kept_.begin({{endpoint_, values_}});
    const std::optional<std::string> etag = write_kept_answer(n == 1 ? fs::path() : set(n - 1), set(n), *endpoint_,
                                                              values_, fetched, kept_, 1780000000 + n);
    kept_.published();
    const std::optional<struct stat> status = status_in(set(n), file_);
    if (etag && status) {
      EXPECT_EQ(*etag, static_file_etag(status->st_mtime, static_cast<std::size_t>(status->st_size)));
    }
    return etag.has_value();
  }
  fs::path set(int n) const { return root_ / ("set" + std::to_string(n)); }
  ino_t inode(int n) const {
    struct stat status {};
    return ::stat((set(n) / file_).c_str(), &status) == 0 ? status.st_ino : 0;
  }

  const testing_support::TemporaryDirectory directory_{"coin-kept-answer-files"};
  const fs::path& root_ = directory_.path();
  const Endpoint* endpoint_ = nullptr;
  const std::vector<std::string> values_{"tron", "WEEKLY"};
  std::string file_;
  KeptAnswers kept_;
};

TEST_F(KeptAnswerFilesTest, AHeldPartWithTheSameLivePartIsTheSetBeforesFileAndANewOneFollowsTheHeldBytes) {
  const std::string kept = R"({"items":[{"statisticTime":1},)";
  ASSERT_TRUE(render(1, {kept, R"({"statisticTime":2}]})", "key"}));
  EXPECT_EQ(read_file(set(1), file_), success_start(kept) + success_rest(R"({"statisticTime":2}]})"));

  // Held (no kept part fetched), the same live part: linked, not written.
  EXPECT_FALSE(render(2, {std::nullopt, R"({"statisticTime":2}]})", "key"}));
  EXPECT_EQ(inode(2), inode(1));

  // A new live part after the held bytes, then that one again.
  EXPECT_TRUE(render(3, {std::nullopt, R"({"statisticTime":3}]})", "key"}));
  EXPECT_NE(inode(3), inode(2));
  EXPECT_EQ(read_file(set(3), file_), success_start(kept) + success_rest(R"({"statisticTime":3}]})"));
  EXPECT_FALSE(render(4, {std::nullopt, R"({"statisticTime":3}]})", "key"}));
  EXPECT_EQ(inode(4), inode(3));
}

}  // namespace
}  // namespace coin
