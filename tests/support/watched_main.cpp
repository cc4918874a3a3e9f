// The main of the suites that start servers: GoogleTest's, with a watchdog. A test that runs
// past `limit` hangs (the longest take a few minutes on a slow machine): SIGALRM prints its name
// and every process with what it waits on (ps: a PostgreSQL backend's title says "waiting" or
// "idle in transaction"), then aborts, rather than leave ctest's timeout to end the whole suite
// without a word of where it stood.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <cstring>

extern char** environ;

namespace {

constexpr unsigned limit_seconds = 20 * 60;

char running[512];  // "<suite>.<test> hangs\n", read by the signal handler

void report_and_abort(int) {
  (void)::write(STDERR_FILENO, running, std::strlen(running));
  // Only async-signal-safe calls: fork, execve, waitpid.
  const pid_t ps = ::fork();
  if (ps == 0) {
    ::dup2(STDERR_FILENO, STDOUT_FILENO);
    char* argv[] = {const_cast<char*>("ps"), const_cast<char*>("-eo"),
                    const_cast<char*>("pid,ppid,stat,etime,wchan:24,args"), const_cast<char*>("--forest"), nullptr};
    ::execve("/bin/ps", argv, environ);
    ::_exit(127);
  }
  if (ps > 0) ::waitpid(ps, nullptr, 0);
  std::abort();
}

class Watchdog : public testing::EmptyTestEventListener {
  void OnTestStart(const testing::TestInfo& test) override {
    std::snprintf(running, sizeof running, "\n%s.%s has run for %u minutes: it hangs. The processes:\n",
                  test.test_suite_name(), test.name(), limit_seconds / 60);
    ::alarm(limit_seconds);
  }
  void OnTestEnd(const testing::TestInfo&) override { ::alarm(0); }
};

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  std::signal(SIGALRM, report_and_abort);
  testing::UnitTest::GetInstance()->listeners().Append(new Watchdog);
  return RUN_ALL_TESTS();
}
