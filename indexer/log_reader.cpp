#include "indexer/log_reader.hpp"

#include <algorithm>
#include <cctype>


namespace coin::indexer {

namespace {

// What nodes answer when a request's range is too wide or its logs too many, in lower case.
constexpr std::string_view limit_texts[] = {
    "log response size exceeded",      // Alchemy
    "query returned more than",        // Infura: "query returned more than 10000 results"
    "exceeds limit of",                // Infura: "range 1000000 exceeds limit of 10000"
    "block range is too wide",         // many public nodes
    "block range too large",           // Erigon and its forks
    "block range too high",
    "block range is larger than",      // "... max block range = 5000"
    "block range is bigger than",
    "exceed maximum block range",      // "exceed maximum block range: 5000"
    "is bigger than range limit",
    "eth_getlogs is limited to",       // QuickNode: "eth_getLogs is limited to a 10,000 range"
    "requests with up to a",           // Alchemy's free tier: "... up to a 500 block range"
    "query timeout exceeded",          // geth
    "too many logs",
    "response is too big",
    "response size should not greater than",
    "an answer over",                  // ours (rpc.cpp): more logs than an answer may hold
};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

}  // namespace

bool is_log_limit(std::string_view error) {
  const std::string text = lower(error);
  return std::any_of(std::begin(limit_texts), std::end(limit_texts),
                     [&](std::string_view limit) { return text.find(limit) != std::string::npos; });
}

void LogWindow::refused() {
  size_ = std::max<std::uint64_t>(size_ / 2, 1);
  answers_since_refused_ = 0;
}

void LogWindow::answered(std::size_t logs) {
  if (answers_since_refused_ < answers_before_growing) {
    ++answers_since_refused_;
    return;
  }
  if (logs < few_logs) size_ = std::min(size_ * 2, most);
}

LogsRead read_logs(const GetLogs& get, std::uint64_t from, std::uint64_t to, LogWindow& window) {
  LogsRead read;
  read.next = from;
  while (read.next <= to) {
    const std::uint64_t last = read.next + std::min(window.size() - 1, to - read.next);
    ++read.requests;
    Json::Value logs;
    try {
      logs = get(read.next, last);
    } catch (const ReadError& e) {
      if (!is_log_limit(e.what()) || last == read.next) {
        read.error = "eth_getLogs of blocks " + std::to_string(read.next) + " to " + std::to_string(last) + ": " +
                     e.what();
        return read;
      }
      ++read.refusals;
      window.refused();
      continue;
    }
    window.answered(logs.size());
    for (const Json::Value& log : logs) {
      if (!(log.isObject() && log["removed"].isBool() && log["removed"].asBool())) read.logs.push_back(log);
    }
    read.next = last + 1;
  }
  return read;
}

}  // namespace coin::indexer
