#include "tests/e2e/processes.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <stdexcept>

#include "tests/e2e/waiting.hpp"

namespace coin::e2e {

pid_t spawn(const std::vector<std::string>& argv, const std::vector<std::string>& environment,
            const std::string& log_path) {
  const pid_t pid = ::fork();
  if (pid < 0) throw std::runtime_error("fork failed");
  if (pid == 0) {
    const int log_fd = ::open(log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ::dup2(log_fd, STDOUT_FILENO);
    ::dup2(log_fd, STDERR_FILENO);
    for (const std::string& setting : environment) ::putenv(const_cast<char*>(setting.c_str()));
    std::vector<char*> args;
    for (const std::string& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
    args.push_back(nullptr);
    ::execvp(args[0], args.data());
    ::_exit(127);
  }
  return pid;
}

int wait_status(pid_t pid) {
  int status = 0;
  ::waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

void terminate(pid_t& pid) {
  if (pid <= 0) return;
  ::kill(pid, SIGTERM);
  wait_status(pid);
  pid = -1;
}

void wait_until_ready(pid_t& pid, std::chrono::seconds limit, const std::function<bool()>& ready,
                      std::string_view what, const std::function<std::string()>& log) {
  const auto served = [&] {
    int status = 0;
    if (::waitpid(pid, &status, WNOHANG) == pid) {
      pid = -1;
      throw std::runtime_error(std::string(what) + " ended before it served:\n" + log());
    }
    try {
      return ready();
    } catch (const std::exception&) {
      return false;  // not listening yet
    }
  };
  if (seconds_until(Clock::now(), served, limit, std::chrono::milliseconds(200)) >= 0) return;
  const std::string text = log();
  terminate(pid);
  throw std::runtime_error(std::string(what) + " did not answer within " + std::to_string(limit.count()) +
                           " s:\n" + text);
}

std::string make_var_directory(std::string_view prefix) {
  std::string path = "/tmp/" + std::string(prefix) + ".XXXXXX";
  if (::mkdtemp(path.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
  ::chmod(path.c_str(), 0755);
  return path;
}

std::string output_of(const std::string& command) {
  FILE* const pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  std::string output;
  std::array<char, 4096> chunk{};
  while (const size_t size = std::fread(chunk.data(), 1, chunk.size(), pipe)) output.append(chunk.data(), size);
  if (::pclose(pipe) != 0) throw std::runtime_error("failed: " + command);
  return output;
}

std::string psql_output(const std::string& conninfo, std::string_view sql) {
  return output_of("psql -qAtX -v ON_ERROR_STOP=1 '" + conninfo + "' <<'SQL'\n" + std::string(sql) + "\nSQL\n");
}

bool psql_succeeds(const std::string& conninfo, std::string_view sql) {
  try {
    psql_output(conninfo, sql);
    return true;
  } catch (const std::runtime_error&) {
    return false;
  }
}

// A process can end between the listing of /proc and the reading of its files, which then fails
// with ESRCH (libstdc++ throws on a failed read).
std::string read_file(const std::filesystem::path& path) {
  try {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
  } catch (const std::ios_base::failure&) {
    return {};
  }
}

std::string read_published_file(const std::filesystem::path& set, const std::string& name) {
  return read_file(std::filesystem::exists(set / name) ? set / name : set / "large" / name);
}

namespace {

// The pids of the processes in /proc for which `match(/proc/<pid>)` holds.
template <typename Match>
std::vector<pid_t> processes_where(Match match) {
  std::vector<pid_t> pids;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const auto pid = static_cast<pid_t>(std::stol(name));
    if (match(entry.path())) pids.push_back(pid);
  }
  return pids;
}

// The pid of the process with `flag` and `value` among its arguments, or -1 when there is none.
pid_t pid_with_arguments(const std::string& flag, const std::string& value) {
  // The arguments in /proc/<pid>/cmdline are separated by NULs.
  const std::string arguments = flag + '\0' + value + '\0';
  const std::vector<pid_t> pids = processes_where([&](const std::filesystem::path& process) {
    return read_file(process / "cmdline").find(arguments) != std::string::npos;
  });
  return pids.empty() ? -1 : pids.front();
}

}  // namespace

pid_t handler_pid(const std::string& var, const std::string& name) {
  return pid_with_arguments("--socket", var + "/run/" + name + ".sock");
}

pid_t publisher_pid(const std::string& var) { return pid_with_arguments("--directory", var + "/published"); }

std::vector<HandlerProcess> handler_processes(const std::string& var) {
  std::vector<HandlerProcess> processes;
  for (const std::string& name : handler_names) processes.push_back({name, handler_pid(var, name)});
  return processes;
}

std::vector<pid_t> nginx_workers(const std::string& var) {
  const std::string master = read_file(var + "/nginx/nginx.pid");
  if (master.empty()) return {};
  const pid_t master_pid = static_cast<pid_t>(std::stol(master));
  return processes_where([&](const std::filesystem::path& process) {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm has no ')' for nginx.
    std::istringstream stat(read_file(process / "stat"));
    std::string pid, comm, state;
    pid_t parent = 0;
    stat >> pid >> comm >> state >> parent;
    return parent == master_pid;
  });
}

long memory_kb(pid_t pid, const std::string& field) {
  std::istringstream status(read_file("/proc/" + std::to_string(pid) + "/status"));
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind(field + ":", 0) == 0) return std::stol(line.substr(field.size() + 1));
  }
  return 0;
}

}  // namespace coin::e2e
