#include "publisher/split_compression.hpp"

#include <gtest/gtest.h>

#include <string>

#include "shared/gzip.hpp"
#include "tests/support/gunzip.hpp"
#include "tests/support/unbrotli.hpp"

namespace coin {
namespace {

// A history's start: points that repeat, as a window's do.
std::string window_of(int points) {
  std::string start = R"({"items":[)";
  for (int i = 0; i < points; ++i) start += R"({"statisticTime":)" + std::to_string(1780000000000 + i * 3600000LL) + R"(,"debt":"12.5"},)";
  return start;
}

TEST(SplitCompression, EachFileDecodesToTheStartThenTheRest) {
  const std::string start = window_of(400);
  for (const std::string& rest : {std::string(R"({"statisticTime":1,"debt":"13"}]})"), std::string("]}"), std::string()}) {
    const CompressedStart compressed = compress_start(start);
    EXPECT_EQ(testing_support::gunzip(compressed.gzip + gzip_rest(rest, compressed.crc, start.size())), start + rest);
    EXPECT_EQ(testing_support::unbrotli(compressed.brotli + brotli_rest(rest)), start + rest);
  }
}

TEST(SplitCompression, TheStartIsKeptSmallAndTheRestFollowsItAsIs) {
  const std::string start = window_of(400);
  const CompressedStart compressed = compress_start(start);
  EXPECT_LT(compressed.gzip.size(), start.size() / 4);
  EXPECT_LT(compressed.brotli.size(), compressed.gzip.size());
  // Three bytes of meta-block header, the bytes, the last empty meta-block.
  EXPECT_EQ(brotli_rest("]}"), std::string("\x08\x00\x08]}\x03", 6));
}

TEST(SplitCompression, ARestLongerThanAMetaBlockIsCutInTwo) {
  const std::string start = window_of(40);
  const std::string rest = window_of(1500) + "]}";  // over 64 KB
  ASSERT_GT(rest.size(), 65536U);
  const CompressedStart compressed = compress_start(start);
  EXPECT_EQ(testing_support::unbrotli(compressed.brotli + brotli_rest(rest)), start + rest);
  EXPECT_EQ(testing_support::gunzip(compressed.gzip + gzip_rest(rest, compressed.crc, start.size())), start + rest);
}

TEST(SplitCompression, AStartCutShortIsNoStream) {
  const CompressedStart compressed = compress_start(window_of(400));
  const std::string rest = "]}";
  EXPECT_THROW(testing_support::gunzip(compressed.gzip + gzip_rest(rest, compressed.crc + 1, 0)), std::runtime_error);
  EXPECT_THROW(testing_support::unbrotli(compressed.brotli), std::runtime_error);
}

}  // namespace
}  // namespace coin
