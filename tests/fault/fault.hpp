#pragma once
// What the fault tests share: every endpoint's path, the stack's processes, the figures they
// print, and waiting.

#include <chrono>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/processes.hpp"
#include "tests/e2e/requests.hpp"

namespace coin::fault {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;
using e2e::handler_names;
using e2e::handler_pid;
using e2e::handler_processes;
using e2e::memory_kb;
using e2e::nginx_workers;
using e2e::publisher_pid;

// The path (and query) of every endpoint of the spec, a sample request each, as wrk loads them.
inline std::vector<std::string> every_endpoint() {
  std::vector<std::string> paths;
  for (const e2e::Request& request : e2e::sample_requests()) paths.push_back(request.path);
  return paths;
}

// One line of figures in the test's output: "[ figures  ] <case>: <text>".
inline void report(const std::string& fault, const std::string& text) {
  std::cout << "[ figures  ] " << fault << ": " << text << std::endl;
}

// What a failed case shows of its stack (var directory): the answers nginx logged with a 5xx
// status, and the stack's log but for the connections nginx was refused (routine while a
// handler restarts); at most 40 lines of each.
inline std::string failure_evidence(const std::string& var) {
  const auto lines = [](const std::string& text, auto wanted) {
    std::istringstream stream(text);
    std::string kept;
    int count = 0;
    for (std::string line; std::getline(stream, line) && count < 40;) {
      if (!wanted(line)) continue;
      kept += line + "\n";
      ++count;
    }
    return kept;
  };
  std::this_thread::sleep_for(1100ms);  // nginx writes its log out every second
  return "\n5xx answers (nginx/access.log):\n" +
         lines(e2e::read_file(var + "/nginx/access.log"),
               [](const std::string& line) { return line.find("\" 50") != std::string::npos; }) +
         "the stack's log:\n" + lines(e2e::read_file(var + "/stack.log"), [](const std::string& line) {
           return line.find("connect() to unix:") == std::string::npos &&
                  line.find("recv() failed (104") == std::string::npos;
         });
}

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

// Asks `shown` every 20 ms until it holds, for up to `limit` seconds after `since`: the seconds
// from `since` to the first time it held, -1 when it never did.
inline double seconds_until(Clock::time_point since, double limit, const std::function<bool()>& shown) {
  while (seconds_since(since) < limit) {
    if (shown()) return seconds_since(since);
    std::this_thread::sleep_for(20ms);
  }
  return -1;
}

}  // namespace coin::fault
