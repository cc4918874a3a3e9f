#include "shared/log.hpp"

#include <unistd.h>

#include <algorithm>
#include <ctime>
#include <string>

namespace coin {
namespace {

std::string program_name = "coin-api";

void log_line(std::string_view message) {
  char stamp[sizeof "2026-11-22T08:00:00Z"];
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%dT%H:%M:%SZ", &utc);

  std::string line = std::string(stamp) + ' ' + program_name + ": ";
  line.append(message);
  std::replace_if(line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  line += '\n';
  // One write(2) per line keeps lines of concurrent threads whole.
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, line.data(), line.size());
}

}  // namespace

void set_log_name(std::string_view name) { program_name = name; }

void log_error(std::string_view message) { log_line(message); }
void log_info(std::string_view message) { log_line(message); }

}  // namespace coin
