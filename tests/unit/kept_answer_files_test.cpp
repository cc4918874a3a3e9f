// A kept endpoint's answer in parts (publisher/answer_files.hpp, kept_answers.hpp): the kept
// part held from the set before, the live part compared with the one held after it; a segmented
// endpoint's kept parts held between its live parts.

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
#include "tests/support/gunzip.hpp"
#include "tests/support/temporary_directory.hpp"

namespace coin {
namespace {

namespace fs = std::filesystem;

class KeptAnswerFilesTest : public testing::Test {
 protected:
  // The answer of `path`'s endpoint for chain tron and interval WEEKLY, kept as `kept` says.
  void use(std::string_view path, Kept kept) {
    for (const Endpoint& candidate : endpoints()) {
      if (candidate.path == path) endpoint_ = &candidate;
    }
    ASSERT_NE(endpoint_, nullptr);
    ASSERT_EQ(endpoint_->kept, kept);
    file_ = published_file(*endpoint_, values_);
  }

  // Begins the render of set `n` (its one job, the answer), whose base is set n - 1, and writes
  // the answer as `fetched` gives it; whether its bytes changed.
  bool render(int n, const KeptFetched& fetched) {
    kept_.begin({{endpoint_, values_}});
    return rendered(n, write_kept_answer(base(n), set(n), *endpoint_, values_, fetched, kept_, 1780000000 + n));
  }
  bool render(int n, const SegmentsFetched& fetched) {
    kept_.begin({{endpoint_, values_}});
    return rendered(n, write_segmented_answer(base(n), set(n), *endpoint_, values_, fetched, kept_, 1780000000 + n));
  }
  // Ends the render of set `n`, whose answer `etag` says changed or not. The ETag it gives a new
  // file is nginx's of the file.
  bool rendered(int n, const std::optional<std::string>& etag) {
    kept_.published();
    const std::optional<struct stat> status = status_in(set(n), file_);
    if (etag && status) {
      EXPECT_EQ(*etag, static_file_etag(status->st_mtime, static_cast<std::size_t>(status->st_size)));
    }
    return etag.has_value();
  }
  fs::path base(int n) const { return n == 1 ? fs::path() : set(n - 1); }
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
  use("/api/v1/data-platform/collateral-history", Kept::start);
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

TEST_F(KeptAnswerFilesTest, HeldSegmentsAreReadFromTheSetBeforeBetweenNewLivePartsAndTheAnswerCompressedWhole) {
  use("/api/v1/risk/liquidation-totals", Kept::segments);
  // Two Vault types' grid points (large enough to compress), around their sums and live points;
  // the fetched parts with the spaces json_build_object would put in, which the answer leaves out.
  std::string a = R"({"statisticTime":1, "auctions":0},)";
  for (int point = 2; point <= 40; ++point) a += R"({"statisticTime":)" + std::to_string(point) + R"(,"auctions":0},)";
  const std::string b = R"({"statisticTime":1,"auctions":2},{"statisticTime":2,"auctions":0},)";
  const std::vector<std::string> live1{R"({"chain":"tron","vaults":[{"vaultType":"A","items":[)",
                                       R"({"statisticTime":3}]},{"vaultType":"B","items":[)",
                                       R"({"statisticTime":3}]}]})"};
  const auto answer = [&](const std::vector<std::string>& live) {
    return success(live[0] + a + live[1] + b + live[2]).body;
  };
  ASSERT_TRUE(render(1, SegmentsFetched{std::vector<std::string>{a, b}, live1, "key"}));
  EXPECT_EQ(read_file(set(1), file_), answer(live1));
  EXPECT_EQ(testing_support::gunzip(read_file(set(1), file_ + ".gz")), answer(live1));  // compressed whole, as the handlers

  // Held (no kept parts fetched), the same live parts: linked, not written.
  EXPECT_FALSE(render(2, SegmentsFetched{std::nullopt, live1, "key"}));
  EXPECT_EQ(inode(2), inode(1));

  // New live parts around the held bytes, read from the set before; then those again.
  std::vector<std::string> live3 = live1;
  live3[1] = R"({"statisticTime":4}]},{"vaultType":"B","items":[)";
  live3[2] = R"({"statisticTime":4, "auctions":1}]}]})";
  EXPECT_TRUE(render(3, SegmentsFetched{std::nullopt, live3, "key"}));
  EXPECT_NE(inode(3), inode(2));
  EXPECT_EQ(read_file(set(3), file_), answer(live3));
  EXPECT_EQ(testing_support::gunzip(read_file(set(3), file_ + ".gz")), answer(live3));
  EXPECT_FALSE(render(4, SegmentsFetched{std::nullopt, live3, "key"}));
  EXPECT_EQ(inode(4), inode(3));

  // Live parts that do not go around the kept ones are refused, the set before left as it was.
  EXPECT_THROW(render(5, SegmentsFetched{std::nullopt, {live3[0], live3[2]}, "key"}), DatabaseError);
}

}  // namespace
}  // namespace coin
