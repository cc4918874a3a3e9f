// eth_getLogs in windows against a node made of a lambda: it holds one log per block listed,
// refuses a range wider than its block cap or holding more logs than its result cap with a real
// node's words, and records each range it was asked.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "indexer/log_reader.hpp"

namespace coin::indexer {
namespace {

struct FakeLogs {
  std::vector<std::uint64_t> blocks;  // a log in each, in order (one block may repeat)
  std::uint64_t most_blocks = 1000000;
  std::size_t most_logs = 1000000;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> asked;

  GetLogs get() {
    return [this](std::uint64_t from, std::uint64_t to) {
      asked.emplace_back(from, to);
      if (to - from + 1 > most_blocks) throw ReadError("eth_getLogs error answer: exceed maximum block range: 50");
      Json::Value logs(Json::arrayValue);
      for (const std::uint64_t block : blocks) {
        if (block < from || block > to) continue;
        Json::Value log(Json::objectValue);
        log["blockNumber"] = Json::UInt64(block);
        logs.append(log);
      }
      if (logs.size() > most_logs) {
        throw ReadError("eth_getLogs error answer: query returned more than 10000 results. Try with this block range "
                        "[0x1, 0x2].");
      }
      return logs;
    };
  }
};

std::vector<std::uint64_t> blocks_of(const LogsRead& read) {
  std::vector<std::uint64_t> blocks;
  for (const Json::Value& log : read.logs) blocks.push_back(log["blockNumber"].asUInt64());
  return blocks;
}

// The ranges answered follow each other from `from` to `to`, none skipped or read twice.
void expect_contiguous(const FakeLogs& node, const LogsRead& read, std::uint64_t from) {
  std::uint64_t next = from;
  for (std::size_t i = 0; i < node.asked.size(); ++i) {
    const auto [first, last] = node.asked[i];
    EXPECT_EQ(first, next) << "request " << i;
    const bool refused = i + 1 < node.asked.size() && node.asked[i + 1].first == first;
    if (!refused) next = last + 1;
  }
  EXPECT_EQ(next, read.next);
}

TEST(IndexerLogReader, RecognisesTheNodesRefusals) {
  for (const char* refusal : {
           "eth_getLogs error answer: Log response size exceeded. You can make eth_getLogs requests with up to a "
           "2K block range and no limit on the response size",
           "eth_getLogs error answer: query returned more than 10000 results",
           "eth_getLogs error answer: range 1000000 exceeds limit of 10000",
           "eth_getLogs error answer: block range is too wide",
           "eth_getLogs error answer: exceed maximum block range: 5000",
           "eth_getLogs error answer: Block range too large, max range: 1000",
           "eth_getLogs error answer: block range is larger than max block range, block range = 5120, max block "
           "range = 5000",
           "eth_getLogs HTTP status 413: eth_getLogs is limited to a 10,000 range",
           "eth_getLogs error answer: query timeout exceeded",
           "eth_getLogs http://127.0.0.1:8545: an answer over 16 MiB",
       }) {
    EXPECT_TRUE(is_log_limit(refusal)) << refusal;
  }
  for (const char* other : {"eth_getLogs Timeout was reached", "eth_getLogs error answer: rate limit exceeded",
                            "eth_getLogs HTTP status 502", "eth_getLogs error answer: invalid block range"}) {
    EXPECT_FALSE(is_log_limit(other)) << other;
  }
}

TEST(IndexerLogReader, AWindowOfTheWholeRangeWhenTheNodeTakesIt) {
  FakeLogs node;
  node.blocks = {3, 3, 7, 120};
  LogWindow window;
  const LogsRead read = read_logs(node.get(), 0, 150, window);
  EXPECT_EQ(blocks_of(read), (std::vector<std::uint64_t>{3, 3, 7, 120}));
  EXPECT_EQ(read.next, 151u);
  EXPECT_EQ(read.error, "");
  EXPECT_EQ(read.requests, 1);
  EXPECT_EQ(read.refusals, 0);
  EXPECT_EQ(node.asked, (std::vector<std::pair<std::uint64_t, std::uint64_t>>{{0, 150}}));
}

TEST(IndexerLogReader, NothingToReadWhenTheRangeIsEmpty) {
  FakeLogs node;
  node.blocks = {3};
  LogWindow window;
  const LogsRead read = read_logs(node.get(), 11, 10, window);
  EXPECT_EQ(read.requests, 0);
  EXPECT_EQ(read.next, 11u);
}

// A node capping the range at 50 blocks: 2000, 1000, 500, 250, 125 and 62 refused, then windows
// of 31 blocks. After 16 answers the 17th grows the window to 62, refused again: 2001 blocks are
// 65 windows of 31 (the last of 17 blocks), and the window is tried at 62 after the 17th, 34th
// and 51st answers: 6 + 3 refusals.
TEST(IndexerLogReader, HalvesTheWindowOnARangeRefusedAndSkipsNoBlock) {
  FakeLogs node;
  for (std::uint64_t block = 1000; block <= 3000; block += 7) node.blocks.push_back(block);
  node.most_blocks = 50;
  LogWindow window;
  const LogsRead read = read_logs(node.get(), 1000, 3000, window);
  EXPECT_EQ(read.error, "");
  EXPECT_EQ(blocks_of(read), node.blocks);
  EXPECT_EQ(read.next, 3001u);
  EXPECT_EQ(read.refusals, 9);
  EXPECT_EQ(read.requests, 65 + 9);
  EXPECT_EQ(window.size(), 31u);
  expect_contiguous(node, read, 1000);
}

// Too many logs in one stretch: the window shrinks there, then grows back once 16 answers with
// few logs have come.
TEST(IndexerLogReader, ShrinksOnTooManyLogsAndGrowsBack) {
  FakeLogs node;
  for (std::uint64_t block = 0; block < 100; ++block) node.blocks.push_back(block);  // a log a block
  node.most_logs = 10;
  LogWindow window;
  const LogsRead read = read_logs(node.get(), 0, 200000, window);
  EXPECT_EQ(read.error, "");
  EXPECT_EQ(blocks_of(read), node.blocks);
  EXPECT_EQ(read.next, 200001u);
  expect_contiguous(node, read, 0);
  EXPECT_GT(read.refusals, 0);
  EXPECT_EQ(window.size(), LogWindow::most);  // grown back to the cap past the dense stretch
}

TEST(IndexerLogReader, AOneBlockWindowRefusedEndsTheReadingThere) {
  FakeLogs node;
  node.blocks = {5, 9, 9, 9, 12};
  node.most_logs = 2;
  LogWindow window;
  const LogsRead read = read_logs(node.get(), 0, 20, window);
  // [0, 20] refused down to [0, 6] (1 log), then [7, 13] and [7, 9] refused, [7, 7] and [8, 8]
  // answered: block 9 alone holds 3 logs, more than the node answers.
  EXPECT_EQ(read.next, 9u);
  EXPECT_EQ(blocks_of(read), (std::vector<std::uint64_t>{5}));
  EXPECT_EQ(read.error,
            "eth_getLogs of blocks 9 to 9: eth_getLogs error answer: query returned more than 10000 results. Try "
            "with this block range [0x1, 0x2].");
}

TEST(IndexerLogReader, AnotherErrorEndsTheReadingAtOnce) {
  LogWindow window;
  int asked = 0;
  const LogsRead read = read_logs(
      [&](std::uint64_t, std::uint64_t) -> Json::Value {
        ++asked;
        throw ReadError("eth_getLogs error answer: invalid params");
      },
      100, 200, window);
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(read.next, 100u);
  EXPECT_EQ(read.error, "eth_getLogs of blocks 100 to 200: eth_getLogs error answer: invalid params");
  EXPECT_EQ(window.size(), LogWindow::first);
}

TEST(IndexerLogReader, LeavesOutLogsRemovedByAReorganisation) {
  LogWindow window;
  const LogsRead read = read_logs(
      [](std::uint64_t, std::uint64_t) {
        Json::Value logs(Json::arrayValue);
        for (const bool removed : {false, true, false}) {
          Json::Value log(Json::objectValue);
          log["removed"] = removed;
          logs.append(log);
        }
        logs.append(Json::Value(Json::objectValue));  // no "removed": kept
        return logs;
      },
      1, 1, window);
  ASSERT_EQ(read.logs.size(), 3u);
  for (const Json::Value& log : read.logs) EXPECT_FALSE(log["removed"].asBool());
}

}  // namespace
}  // namespace coin::indexer
