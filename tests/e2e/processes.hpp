#pragma once
// The processes of a stack (stack.hpp), found in /proc.

#include <sys/types.h>

#include <string>
#include <vector>

namespace coin::e2e {

// Every handler process of a stack: its name in scripts/run.sh ("supply-1") and its pid.
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
