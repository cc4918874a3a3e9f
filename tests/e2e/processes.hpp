#pragma once
// Processes for the tests: started with their output in a file, and those of a stack
// (stack.hpp), found in /proc.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace coin::e2e {

// Starts argv[0] (looked up on PATH) with `environment` ("NAME=value") added, its stdout and
// stderr in `log_path`. Throws std::runtime_error when it cannot fork.
pid_t spawn(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
            const std::string& log_path);

// Waits for `pid` to end: its exit status, or 128 + the signal that ended it.
int wait_status(pid_t pid);

// Sends SIGTERM to `pid` if it runs (> 0), waits for it to end and sets it to -1.
void terminate(pid_t& pid);

// Waits up to `limit` until `ready()` holds (an exception from it counts as not yet), asking
// every 200 ms while `pid`, a script started in the background, runs. When it ended first, or
// `limit` passed (then it is terminated), `pid` is -1 and this throws std::runtime_error:
// "<what> ended before it served" or "<what> did not answer within N s", then `log()`.
void wait_until_ready(pid_t& pid, std::chrono::seconds limit, const std::function<bool()>& ready,
                      std::string_view what, const std::function<std::string()>& log);

// A new directory /tmp/<prefix>.XXXXXX that postgres and nginx's workers can enter (mode 0755).
// Throws std::runtime_error when it cannot be made.
std::string make_var_directory(std::string_view prefix);

// What `command` (run by sh) printed on stdout. Throws std::runtime_error when it failed.
std::string output_of(const std::string& command);

// What psql prints (unaligned, tuples only) of `sql`, run through the connection string
// `conninfo`. Throws std::runtime_error when it fails.
std::string psql_output(const std::string& conninfo, std::string_view sql);
// Whether `sql`, run so, succeeded.
bool psql_succeeds(const std::string& conninfo, std::string_view sql);

// The file's bytes, or "" when it cannot be read.
std::string read_file(const std::filesystem::path& path);
// The bytes of the file `name` of the published set `set` (its path there:
// "api/v1/vault/collaterals.json"), where the publisher placed it: under large/ when it is over
// 48 KB (publisher/set_files.hpp); "" when it has none.
std::string read_published_file(const std::filesystem::path& set, const std::string& name);

// Every handler process of a stack: its name in scripts/dev/run.sh ("supply-1") and its pid.
struct HandlerProcess {
  std::string name;
  pid_t pid;
};
inline const std::vector<std::string> handler_names = {"supply-1", "supply-2", "protocol-1",
                                                        "protocol-2"};

// The pid of the handler process listening on <var>/run/<name>.sock, or -1 when there is none.
pid_t handler_pid(const std::string& var, const std::string& name);
std::vector<HandlerProcess> handler_processes(const std::string& var);

// The pid of the stack's publisher (run with --directory <var>/published), or -1 when there is
// none.
pid_t publisher_pid(const std::string& var);

// nginx's worker processes of the stack whose master's pid is in <var>/nginx/nginx.pid.
std::vector<pid_t> nginx_workers(const std::string& var);

// A line of /proc/<pid>/status in kB: "VmRSS" (now) or "VmHWM" (peak). 0 when unreadable.
long memory_kb(pid_t pid, const std::string& field);

}  // namespace coin::e2e
