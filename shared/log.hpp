#pragma once
// One-line logs on stderr: "2026-11-22T08:00:00Z supply: what happened".

#include <ctime>
#include <string>
#include <string_view>

namespace coin {

// A time as the logs write it: "2026-11-22T08:00:00Z".
std::string utc_time(std::time_t time);

// Names the program in every line; call once at start-up.
void set_log_name(std::string_view name);

// Writes one line; line breaks inside `message` become spaces, so a line is one event.
void log_error(std::string_view message);

// The same, for an event an operator may want to see (the publisher's publications).
void log_info(std::string_view message);

}  // namespace coin
