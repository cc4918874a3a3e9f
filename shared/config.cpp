#include "shared/config.hpp"

#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace coin {

void fail(std::string_view program, const std::string& reason) {
  std::fprintf(stderr, "%.*s: %s\nTry '%.*s --help'.\n", static_cast<int>(program.size()),
               program.data(), reason.c_str(), static_cast<int>(program.size()), program.data());
  std::exit(2);
}

namespace {

int parse_count(std::string_view program, std::string_view flag, std::string_view text, int most) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < 1 || value > most) {
    fail(program, std::string(flag) + " takes a whole number from 1 to " + std::to_string(most) +
                      ", not '" + std::string(text) + "'");
  }
  return value;
}

}  // namespace

std::string usage(std::string_view program, std::string_view summary) {
  const Config defaults;
  std::string text = "Usage: " + std::string(program) + " [options]\n" + std::string(summary) +
                     "\n\n"
                     "Options:\n"
                     "  --socket PATH|HOST:PORT  FastCGI socket to listen on (a unix socket is made\n"
                     "                           connectable by every local user); without it, the\n"
                     "                           socket systemd passes (LISTEN_FDS=1: fd 3), else\n"
                     "                           the listening socket on fd 0, as spawn-fcgi passes it\n"
                     "  --threads N              worker threads, one database connection each (default " +
                     std::to_string(defaults.threads) +
                     ")\n"
                     "  --backlog N              listen backlog of --socket (default " +
                     std::to_string(defaults.backlog) +
                     ")\n"
                     "  --database CONNINFO      libpq connection string (default: empty, so libpq's\n"
                     "                           PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD... apply)\n"
                     "  --no-cache               query the database for every request (no response\n"
                     "                           cache, no LISTEN connection); for measurements\n"
                     "  --routes                 print this group's endpoints and exit, one per line,\n"
                     "                           tab-separated: spec, path, group, view, content type,\n"
                     "                           parameters (chain=tron,eth,bsc&interval=..., or -)\n"
                     "  --help                   print this text and exit\n"
                     "\n"
                     "SIGTERM or SIGINT stops accepting, lets requests in progress finish, and exits 0; an\n"
                     "inherited socket is left open, with the connections waiting in it, for the next process.\n"
                     "Errors go to stderr, one line each. A database that is down never stops the process:\n"
                     "requests get a 503 meanwhile, and connections are retried (50 ms, doubling up to\n"
                     "500 ms; PGCONNECT_TIMEOUT defaults to 2 s).\n";
  return text;
}

Config parse_config(const std::vector<std::string_view>& args, std::string_view program,
                    std::string_view summary) {
  Config config;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view flag = args[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(usage(program, summary).c_str(), stdout);
      std::exit(0);
    }
    if (flag == "--no-cache") {
      config.cache = false;
      continue;
    }
    if (flag == "--routes") {
      config.print_routes = true;
      continue;
    }
    if (flag != "--socket" && flag != "--threads" && flag != "--backlog" && flag != "--database") {
      fail(program, "unknown option '" + std::string(flag) + "'");
    }
    if (i + 1 == args.size()) fail(program, std::string(flag) + " needs a value");
    const std::string_view value = args[++i];
    if (flag == "--socket") config.socket = value;
    if (flag == "--threads") config.threads = parse_count(program, flag, value, 1024);
    if (flag == "--backlog") config.backlog = parse_count(program, flag, value, 65535);
    if (flag == "--database") config.database = value;
  }
  return config;
}

}  // namespace coin
