#pragma once
// What the fault tests share: every endpoint's path, the figures they print, and waiting.

#include <chrono>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "endpoints.hpp"

namespace coin::fault {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// The path (and query) of every endpoint of the spec, as wrk loads them.
inline std::vector<std::string> every_endpoint() {
  std::vector<std::string> paths;
  for (const e2e::Endpoint& endpoint : e2e::endpoints) paths.push_back(endpoint.path);
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
