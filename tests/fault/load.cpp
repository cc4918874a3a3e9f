#include "tests/fault/load.hpp"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>

namespace coin::fault {
namespace {

std::string quoted(const std::string& text) { return "'" + text + "'"; }

// wrk needs a descriptor per connection, more than the usual limit of 1024.
void allow_descriptors(rlim_t count) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= count) return;
  limit.rlim_cur = std::min(count, limit.rlim_max);
  setrlimit(RLIMIT_NOFILE, &limit);
}

}  // namespace

long LoadResult::unanswered() const {
  long count = 0;
  for (const auto& [kind, errors] : socket_errors) count += errors;
  return count;
}

long LoadResult::failed(const std::vector<int>& acceptable) const {
  long failures = unanswered();
  for (const auto& [status, count] : statuses) {
    if (std::find(acceptable.begin(), acceptable.end(), status) == acceptable.end()) failures += count;
  }
  return failures;
}

std::string LoadResult::figures(const std::vector<int>& acceptable) const {
  std::ostringstream text;
  text << requests + unanswered() << " requests sent, " << failed(acceptable) << " failed (";
  for (const auto& [status, count] : statuses) text << count << " x " << status << ", ";
  text << unanswered() << " without an answer";
  const char* separator = ": ";  // then what wrk said of them, e.g. "1 without an answer: read 1"
  for (const auto& [kind, count] : socket_errors) {
    if (count == 0) continue;
    text << separator << kind << " " << count;
    separator = ", ";
  }
  text << "), slowest " << slowest_ms << " ms";
  return text.str();
}

LoadResult run_load(const std::string& base_url, const std::vector<std::string>& paths, const Load& load) {
  allow_descriptors(static_cast<rlim_t>(load.connections) + 64);
  std::string command = (load.answers > 0 ? "ANSWERS_PER_THREAD=" + std::to_string((load.answers + 1) / 2) + " " : "") +
                        "wrk -t2 -c" + std::to_string(load.connections) + " -d" +
                        std::to_string(load.seconds) + "s --timeout " +
                        std::to_string(load.timeout_seconds) + "s -s " +
                        quoted(std::string(COIN_SOURCE_DIR) + "/tests/fault/count_answers.lua") + " " +
                        quoted(base_url) + " --";
  for (const std::string& path : paths) command += " " + quoted(path);
  const std::unique_ptr<FILE, int (*)(FILE*)> wrk(popen((command + " 2>&1").c_str(), "r"), pclose);
  if (!wrk) throw std::runtime_error("cannot run " + command);

  LoadResult result;
  bool parsed = false;
  std::array<char, 512> line{};
  while (std::fgets(line.data(), line.size(), wrk.get()) != nullptr) {
    std::istringstream words(line.data());
    std::string key;
    words >> key;
    if (key == "requests") {
      words >> result.requests;
      parsed = true;
    } else if (key == "status") {
      int status = 0;
      long count = 0;
      words >> status >> count;
      result.statuses[status] = count;
    } else if (key == "errors") {
      std::string kind;
      long count = 0;
      while (words >> kind >> count) result.socket_errors[kind] = count;
    } else if (key == "slowest_ms") {
      words >> result.slowest_ms;
    }
  }
  if (!parsed) throw std::runtime_error("wrk printed no figures: " + command);
  return result;
}

}  // namespace coin::fault
