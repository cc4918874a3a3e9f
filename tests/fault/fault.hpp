#pragma once
// What the fault tests share: every endpoint's path, the stack's processes, the figures they
// print, and waiting.

#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::fault {

using namespace std::chrono_literals;
using e2e::Clock;
using e2e::eventually;
using e2e::patience;
using e2e::seconds_since;
using e2e::seconds_until;
using e2e::handler_names;
using e2e::handler_pid;
using e2e::handler_processes;
using e2e::memory_kb;
using e2e::nginx_workers;
using e2e::publisher_pid;

// The path (and query) of every published endpoint, a sample request each, as wrk loads them:
// the answers nginx serves while the database or a handler is away. (6.16 and 6.19 are their
// handlers' alone: a request with an unknown parameter stands for them, as for any answer not
// published.)
inline std::vector<std::string> every_endpoint() {
  std::vector<std::string> paths;
  for (const e2e::Request& request : e2e::sample_requests()) {
    if (request.endpoint->published()) paths.push_back(request.path);
  }
  return paths;
}

// The most a change (a snapshot written, a view deployed) may take to show in the answers while
// a test's load runs: the publisher renders the whole set again after the commit, and under
// that load, on 2 cores with one kept busy by another process, that took up to 2.4 s, and 4.7 s
// with another test suite running as well (docs/testing.md, Time bounds). 15 s keeps a 3x
// margin over the worst and still tells a change that followed its commit from one that waited
// for something else (the next snapshot, a restart).
inline constexpr double change_shown_within = 15;

// The requests nginx has answered since it started (its stub_status, which the stacks allow
// from 127.0.0.1): how far a load has gone, for a fault to be spread over the load on a
// machine of any speed.
inline long nginx_requests(const std::string& stub_status_url) {
  // "Active connections: 1 \nserver accepts handled requests\n 16 16 31 \nReading: ..."
  std::istringstream text(e2e::http("GET", stub_status_url).body);
  std::string skipped;
  long accepted = 0, handled = 0, requests = -1;
  std::getline(text, skipped);
  std::getline(text, skipped);
  text >> accepted >> handled >> requests;
  return requests;
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

}  // namespace coin::fault
