#pragma once
// A FastCGI binary's configuration: flags for the process, libpq's PG* variables for the
// database. Every such binary (the API's handlers, the ops handler) takes the common flags;
// each adds its own (ExtraOptions).

#include <string>
#include <string_view>
#include <vector>

#include "shared/command_line.hpp"

namespace coin {

struct Config {
  std::string socket;    // unix socket path or host:port; empty = inherited (systemd, spawn-fcgi)
  int threads = 4;       // worker threads, each with its own database connection
  int backlog = 1024;    // listen(2) backlog of a socket this process opens
  std::string database;  // libpq connection string; empty = PGHOST, PGDATABASE, PGUSER ...
  std::string metrics;   // --metrics FILE: where this process writes its metrics; empty = nowhere
  bool cache = true;     // the per-process response cache (--no-cache: every request queries)
  bool print_routes = false;  // --routes: print the group's endpoints and exit
  CommandLine given;     // every flag given, for a binary's own options
};

// The flags a binary takes beside the common ones, and their lines of --help.
struct ExtraOptions {
  std::vector<std::string_view> switches;
  std::vector<std::string_view> options;
  std::string usage;
};

// The API handlers' own flags: --signing-key, --no-cache and --routes.
const ExtraOptions& api_handler_options();

// Parses argv. --help prints `usage` and exits 0; a bad flag prints the reason and exits 2.
Config parse_config(const std::vector<std::string_view>& args, std::string_view program,
                    std::string_view summary, const ExtraOptions& extra = api_handler_options());

// The --help text.
std::string usage(std::string_view program, std::string_view summary,
                  const ExtraOptions& extra = api_handler_options());

}  // namespace coin
