#pragma once
// A handler's configuration: flags for the process, libpq's PG* variables for the database.

#include <string>
#include <string_view>
#include <vector>

namespace coin {

struct Config {
  std::string socket;    // unix socket path or host:port; empty = inherited (systemd, spawn-fcgi)
  int threads = 4;       // worker threads, each with its own database connection
  int backlog = 1024;    // listen(2) backlog of a socket this process opens
  std::string database;  // libpq connection string; empty = PGHOST, PGDATABASE, PGUSER ...
  bool cache = true;     // the per-process response cache (--no-cache: every request queries)
  bool print_routes = false;  // --routes: print the group's endpoints and exit
};

// Parses argv. --help prints `usage` and exits 0; a bad flag prints the reason and exits 2.
Config parse_config(const std::vector<std::string_view>& args, std::string_view program,
                    std::string_view summary);

// The --help text.
std::string usage(std::string_view program, std::string_view summary);

}  // namespace coin
