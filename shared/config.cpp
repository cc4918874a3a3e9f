#include "shared/config.hpp"

namespace coin {

const ExtraOptions& api_handler_options() {
  static const ExtraOptions options{
      {"--no-cache", "--routes"},
      {"--signing-key"},
      "  --signing-key FILE       the Ed25519 private key (PEM) that signs every answer\n"
      "                           with data (RFC 9421): a file only its owner may read;\n"
      "                           required, the process stops at start without it\n"
      "  --no-cache               query the database for every request (no response\n"
      "                           cache, no LISTEN connection); for measurements\n"
      "  --routes                 print this group's endpoints and exit, one per line,\n"
      "                           tab-separated: spec, path, group, view, content type,\n"
      "                           parameters and values (a=x,y&b=*: * any value the\n"
      "                           data have; or -),\n"
      "                           pool (nginx's upstream; the group's unless its own),\n"
      "                           alias column (6.4, 6.5: symbol; or -)\n"};
  return options;
}

std::string usage(std::string_view program, std::string_view summary, const ExtraOptions& extra) {
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
                     "                           PGHOST, PGPORT, PGDATABASE, PGUSER, PGPASSWORD... apply);\n"
                     "                           with every database host (host=db1,db2,db3\n"
                     "                           target_session_attrs=prefer-standby), reads on a standby\n"
                     "                           and LISTENs on the primary, whichever host each is now\n"
                     "                           (docs/deploying.md, Several hosts)\n"
                     "  --metrics FILE           write this process's metrics to FILE every second, in\n"
                     "                           Prometheus' text format; its name without .prom is\n"
                     "                           the label process (default: none written)\n" +
                     extra.usage +
                     "  --version                print the version and exit\n"
                     "  --help                   print this text and exit\n"
                     "\n"
                     "SIGTERM or SIGINT stops accepting, lets requests in progress finish, and exits 0; an\n"
                     "inherited socket is left open, with the connections waiting in it, for the next process;\n"
                     "a unix socket of its own is removed first, and the connections waiting in it answered.\n"
                     "Errors go to stderr, one line each. A database that is down never stops the process:\n"
                     "requests get a 503 meanwhile, and connections are retried (50 ms, doubling up to\n"
                     "500 ms; PGCONNECT_TIMEOUT defaults to 2 s).\n";
  return text;
}

Config parse_config(const std::vector<std::string_view>& args, std::string_view program,
                    std::string_view summary, const ExtraOptions& extra) {
  std::vector<std::string_view> options = {"--socket", "--threads", "--backlog", "--database", "--metrics"};
  options.insert(options.end(), extra.options.begin(), extra.options.end());
  Config config;
  config.given = parse_command_line(args, program, usage(program, summary, extra), extra.switches, options);
  const CommandLine& given = config.given;
  config.socket = given.value("--socket");
  if (given.has("--threads")) config.threads = parse_count(program, "--threads", given.value("--threads"), 1024);
  if (given.has("--backlog")) config.backlog = parse_count(program, "--backlog", given.value("--backlog"), 65535);
  config.database = given.value("--database");
  config.metrics = given.value("--metrics");
  config.cache = !given.has("--no-cache");
  config.print_routes = given.has("--routes");
  return config;
}

}  // namespace coin
