#pragma once
// The whole stack, as `make run` starts it (scripts/dev/run.sh): PostgreSQL, the schema, data, the
// publisher and handlers of the Debug build and nginx, on a free port with a var directory of
// its own.

#include <sys/types.h>

#include <string>
#include <string_view>
#include <vector>

namespace coin::e2e {

// A TCP socket bound to 127.0.0.1 on a port the kernel picked (port 0), that port in *port.
// Throws std::runtime_error when there is none.
int bind_loopback(int* port);

// A TCP connection to 127.0.0.1:`port`; -1 when nothing accepts it.
int connect_loopback(int port);

// A loopback port nothing listens on right now: the kernel's pick for port 0.
int free_port();

class Stack {
 public:
  // Starts the stack with `data` ("fixture", "demo" or "empty") and more `settings` of
  // scripts/dev/run.sh ("PUBLISH=off"...), and waits until run.sh says it serves (with data, the
  // publisher's first set published and its event posted). Throws std::runtime_error, with the
  // stack's log, when it does not come up.
  explicit Stack(std::string_view data, const std::vector<std::string>& settings = {});
  ~Stack();  // SIGTERM, then waits for every process of the stack to end
  Stack(const Stack&) = delete;
  Stack& operator=(const Stack&) = delete;

  // http://127.0.0.1:<port><path_and_query>
  std::string url(std::string_view path_and_query) const;

  // The stack's state directory (VAR of scripts/dev/run.sh).
  const std::string& var() const { return var_; }
  // The publisher's directory: current -> set.<blocks>.XXXXXX, and partial.XXXXXX while it renders.
  std::string published() const { return var_ + "/published"; }
  // The key that signs the stack's answers (run.sh's SIGNING_KEY).
  std::string signing_key() const { return var_ + "/signing-key.pem"; }

  // A libpq connection string to the stack's database as `role`.
  std::string conninfo(std::string_view role) const;

  // Runs `sql` with psql on the stack's database as `role`; true when it succeeded.
  bool psql(std::string_view role, std::string_view sql) const;
  // The same, returning what psql printed (unaligned, tuples only). Throws std::runtime_error
  // when it failed.
  std::string query(std::string_view role, std::string_view sql) const;

  // Stops or starts the stack's PostgreSQL (pg_stop, pg_start of scripts/dev/lib.sh); true when
  // it succeeded. The stack's other processes are left alone.
  bool stop_database() const;
  bool start_database() const;

 private:
  std::string log() const;
  bool run_step(std::string_view step) const;

  std::string var_;
  int port_ = 0;
  pid_t pid_ = -1;
};

// One stack per kind of data for the whole test run, started on first use and stopped when
// the tests end. No test writes to them.
const Stack& fixture_stack();
const Stack& demo_stack();
// The fixture without the publisher (PUBLISH=off): the handlers answer every request.
const Stack& unpublished_stack();

}  // namespace coin::e2e
