#pragma once
// Load for the fault tests: wrk, with count_answers.lua counting the answers by status.

#include <map>
#include <string>
#include <vector>

namespace coin::fault {

struct Load {
  int connections = 32;
  int seconds = 10;  // how long the load lasts; with `answers`, the most it may last
  int timeout_seconds = 5;  // a request slower than this counts as failed (a wrk timeout)
  // When > 0, the load stops once about this many requests were answered: each of wrk's 2
  // threads, sharing the connections, is to answer half, and the first that has stops both
  // (so at least half were, however the threads were balanced).
  long answers = 0;
};

struct LoadResult {
  long requests = 0;              // answered
  std::map<int, long> statuses;   // answers by HTTP status
  // Requests without an answer, by wrk's kind of error: connect, read, write, timeout.
  std::map<std::string, long> socket_errors;
  double slowest_ms = 0;

  // Requests that got no answer.
  long unanswered() const;

  // Requests that got no answer or one whose status is not in `acceptable`.
  long failed(const std::vector<int>& acceptable = {200}) const;
  // "N requests sent, N failed (...), slowest N ms" for the test's output.
  std::string figures(const std::vector<int>& acceptable = {200}) const;
};

// Runs wrk (2 threads) against `base_url`, sending GET to each of `paths` in turn (one that is
// "<path> <body>": POST of that JSON body), and waits for it. Throws std::runtime_error when wrk cannot run or prints nothing to parse.
LoadResult run_load(const std::string& base_url, const std::vector<std::string>& paths, const Load& load);

}  // namespace coin::fault
