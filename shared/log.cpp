#include "shared/log.hpp"

#include <unistd.h>

#include <algorithm>

namespace coin {
namespace {

std::string program_name = "coin-api";

void log_line(std::string_view message) {
  std::string line = utc_time(std::time(nullptr)) + ' ' + program_name + ": ";
  line.append(message);
  std::replace_if(line.begin(), line.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  line += '\n';
  // One write(2) per line keeps lines of concurrent threads whole.
  [[maybe_unused]] const ssize_t written = ::write(STDERR_FILENO, line.data(), line.size());
}

}  // namespace

std::string utc_time(std::time_t time) {
  char text[sizeof "2026-11-22T08:00:00Z"];
  std::tm utc{};
  gmtime_r(&time, &utc);
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

void set_log_name(std::string_view name) { program_name = name; }

void log_error(std::string_view message) { log_line(message); }
void log_info(std::string_view message) { log_line(message); }

}  // namespace coin
