#pragma once
// eth_getLogs over a range of blocks, in windows the node takes. Nodes cap a request by its
// block range and by the logs it would answer, each with its own error text; such a refusal
// halves the window and asks again, and an answer with few logs doubles it back (up to a cap),
// once 16 answers have come since the last refusal. No block is ever skipped: the logs answered cover
// the range read from its first block, window after window, and a window of one block refused
// ends the reading there.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include <json/value.h>

#include "indexer/rpc.hpp"

namespace coin::indexer {

// Whether a node's error is its refusal of a range too wide or of too many logs (Alchemy's "Log
// response size exceeded", Infura's "query returned more than 10000 results", "block range is
// too wide", "exceed maximum block range: 5000", geth's "query timeout exceeded" ...).
bool is_log_limit(std::string_view error);

// The window's size in blocks, learnt from the node's answers; kept from one reading to the next.
class LogWindow {
 public:
  static constexpr std::uint64_t first = 2000;
  static constexpr std::uint64_t most = 10000;
  static constexpr std::size_t few_logs = 1000;  // an answer with fewer lets the window grow
  // After a refusal the window keeps its size for that many answers: a node that caps the range
  // would refuse every other request if it grew at once.
  static constexpr int answers_before_growing = 16;

  std::uint64_t size() const { return size_; }
  void refused();
  void answered(std::size_t logs);

 private:
  std::uint64_t size_ = first;
  int answers_since_refused_ = answers_before_growing;
};

// One eth_getLogs request for blocks [from, to]: the logs answered. Throws ReadError.
using GetLogs = std::function<Json::Value(std::uint64_t from, std::uint64_t to)>;

struct LogsRead {
  std::vector<Json::Value> logs;  // in the node's order, window after window; none removed
  std::uint64_t next = 0;         // the first block not read: `to` + 1 when the range was read whole
  std::string error;              // why it stopped before `to`; empty when it did not
  int requests = 0;               // eth_getLogs requests sent
  int refusals = 0;               // of them, refused for their range or their size
};

// Reads blocks [from, to] (none when from > to) in windows of `window`'s size.
LogsRead read_logs(const GetLogs& get, std::uint64_t from, std::uint64_t to, LogWindow& window);

}  // namespace coin::indexer
