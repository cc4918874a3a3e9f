#pragma once
// What the fault tests share: every endpoint's path, the stack's processes, the figures they
// print, and waiting.

#include <chrono>
#include <iostream>
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

inline double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace coin::fault
