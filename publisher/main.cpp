// publisher: renders every answer of the API (shared/endpoints.hpp) into files nginx serves
// like static ones (published_sets.hpp), at start, on every snapshot_written NOTIFY and
// after every reconnection, so that every client gets the newest snapshot at static-file
// speed, whatever the traffic; and tells the event stream's subscribers which answers changed
// (publisher/event_channel.hpp). The handlers answer whatever is not published.

#include <atomic>
#include <chrono>
#include <cmath>
#include <ctime>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <pqxx/pqxx>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "publisher/answer_jobs.hpp"
#include "publisher/event_channel.hpp"
#include "publisher/key_set.hpp"
#include "publisher/nginx_config.hpp"
#include "publisher/pool_processes.hpp"
#include "publisher/published_sets.hpp"
#include "publisher/written_chains.hpp"
#include "shared/command_line.hpp"
#include "shared/endpoints.hpp"
#include "shared/log.hpp"
#include "shared/metrics.hpp"
#include "shared/signing_key_file.hpp"
#include "shared/snapshot_listener.hpp"
#include "shared/whole_file.hpp"
#include "shared/stop_signals.hpp"

namespace {

constexpr std::string_view usage =
    "Usage: publisher --directory DIR [options]\n"
    "       publisher --nginx DIR [--sockets DIR] [--upstreams FILE]\n"
    "Renders every answer of the coin-api (plain and gzip, Last-Modified the newest snapshot) into\n"
    "DIR/current, which nginx serves, at start, on every NOTIFY snapshot_written and after every\n"
    "reconnection, with the other names 6.4 and 6.5 have then (the deployment's own symbols).\n"
    "A set is replaced in one rename(2), and only by a complete one; only the answers the\n"
    "snapshots written may have changed are rendered again. While it listens, it touches\n"
    "DIR/heartbeat every quarter of a second (/healthz reads it). Every answer of a set is signed\n"
    "(RFC 9421) as it is rendered, and DIR/jwks.json holds the keys that verify them.\n"
    "Read replicas: when the connection string leads to a hot standby (\"host=db1,db2,db3\n"
    "target_session_attrs=prefer-standby\"), it renders there, LISTENs on the primary of the\n"
    "hosts named, and publishes a snapshot only once the standby has replayed it.\n"
    "\n"
    "Options:\n"
    "  --directory DIR          where the published sets live (DIR/current is served)\n"
    "  --signing-key FILE       the Ed25519 private key (PEM) that signs every answer of every\n"
    "                           set, once, as it is rendered (RFC 9421): a file only its owner\n"
    "                           may read; required with --directory, it stops at start without it\n"
    "  --listed-keys DIR        public keys listed beside the signing key's in DIR/jwks.json\n"
    "                           (/.well-known/jwks.json), each a file <YYYY-MM-DD>.pem listed to\n"
    "                           the end of that day, UTC: the key before a rotation, or the next\n"
    "                           one (docs/operating.md, The signing key)\n"
    "  --database CONNINFO      libpq connection string (default: empty, so libpq's PGHOST,\n"
    "                           PGPORT, PGDATABASE, PGUSER, PGPASSWORD... apply)\n"
    "  --once                   publish once and exit: 0 when published, 1 when not\n"
    "  --events SOCKET          post each set's event (the answers it changed) to nginx's\n"
    "                           event stream, at this Unix socket (nginx/events-publisher.conf),\n"
    "                           and the current set's again whenever nginx lost it (a restart)\n"
    "  --metrics FILE           write its metrics to FILE every second, in Prometheus' text\n"
    "                           format; the file's name without .prom is the label process\n"
    "  --routes                 print every endpoint and exit, one per line, tab-separated:\n"
    "                           spec, path, group, view, content type, parameters, pool,\n"
    "                           alias column, published or handler\n"
    "  --pool-processes         print the handler processes of a host and exit, one per line:\n"
    "                           <handler>-<n>, each group's and the mcp handler's; each\n"
    "                           listens on <sockets>/<handler>-<n>.sock (systemd: the socket\n"
    "                           coin-api-handler-<handler>@<n>.socket)\n"
    "  --nginx DIR              write nginx's files of the endpoints into DIR and exit:\n"
    "                           upstreams.conf, queries.conf, endpoints.conf,\n"
    "                           success-cache-control.conf, published-cache-control.conf,\n"
    "                           small-answer-buffer.conf and server-error-retry-after.conf\n"
    "                           (scripts/lib.sh: render_nginx)\n"
    "  --sockets DIR            with --nginx: the directory of the handlers' sockets\n"
    "                           (default: /run/coin-api)\n"
    "  --upstreams FILE         with --nginx: the pools' servers, on other hosts, lines of\n"
    "                           \"<pool><TAB><server parameters>\" (default: the processes\n"
    "                           of each pool's group at --sockets, --pool-processes)\n"
    "  --help                   print this text and exit\n"
    "  --version                print the version and exit\n"
    "\n"
    "SIGTERM or SIGINT ends it; a set being rendered is left unpublished. Errors go to stderr,\n"
    "one line each, and a publication is one line too. A database that is down never ends it:\n"
    "the current set stays served, and it publishes again once it is back.\n";

struct Flags {
  std::string directory;
  std::string signing_key;
  std::string listed_keys;
  std::string database;
  std::string metrics;
  std::string events;
  bool once = false;
};

// --nginx: writes nginx's files of the endpoint list (publisher/nginx_config.hpp); the exit status.
int write_nginx_files(const coin::CommandLine& command_line) {
  coin::NginxPlaces places{command_line.value("--nginx"), command_line.value("--sockets", "/run/coin-api"), {}};
  try {
    if (command_line.has("--upstreams")) {
      const std::string file = command_line.value("--upstreams");
      std::ifstream in(file);
      if (!in) throw std::runtime_error("cannot read " + file + " (UPSTREAMS)");
      std::stringstream text;
      text << in.rdbuf();
      places.upstreams = coin::parse_upstreams(file, text.str());
    }
    for (const coin::NginxFile& file : coin::nginx_files(coin::endpoints(), places)) {
      coin::write_whole_file(places.conf + '/' + file.name, file.text);
    }
    return 0;
  } catch (const std::exception& e) {
    coin::log_error(std::string("cannot render nginx's files: ") + e.what());
    return 1;
  }
}

Flags parse_flags(const std::vector<std::string_view>& args) {
  const coin::CommandLine command_line =
      coin::parse_command_line(args, "publisher", std::string(usage), {"--once", "--routes", "--pool-processes"},
                               {"--directory", "--signing-key", "--listed-keys", "--database", "--metrics", "--events",
                                "--nginx", "--sockets", "--upstreams"});
  if (command_line.has("--routes")) {
    std::fputs(coin::routes_table(coin::endpoints()).c_str(), stdout);
    std::exit(0);
  }
  if (command_line.has("--pool-processes")) {
    for (const std::string& process : coin::host_pool_processes(coin::endpoints())) std::puts(process.c_str());
    std::exit(0);
  }
  if (command_line.has("--nginx")) std::exit(write_nginx_files(command_line));
  if (command_line.has("--sockets") || command_line.has("--upstreams")) {
    coin::fail("publisher", "--sockets and --upstreams go with --nginx");
  }
  if (!command_line.has("--directory")) coin::fail("publisher", "--directory is required");
  if (!command_line.has("--signing-key")) coin::fail("publisher", "--signing-key FILE is required");
  return {command_line.value("--directory"), command_line.value("--signing-key"), command_line.value("--listed-keys"),
          command_line.value("--database"), command_line.value("--metrics"), command_line.value("--events"),
          command_line.has("--once")};
}

// The statement that renders every endpoint's answers, without the snapshot's columns, which a
// set reads once (snapshot_statement), as it does the API's day (day_statement): a chain's
// answers at once where it renders_by_chain, else one answer; the values statement of a view's
// endpoint with parameters (a function's values are its list's: answer_jobs) and the alias
// statement of those with an alias column. Each is planned once, on its first run: PostgreSQL
// would otherwise plan the statements that take a text[] of kept keys again on every run, their
// custom plans costing less than the generic one by its estimates (about 1 ms a statement, 10 ms
// of a set's CPU at the benchmark's scale); the values only ever pick a chain's or an answer's
// rows.
void prepare_statements(pqxx::connection& connection) {
  connection.set_variable("plan_cache_mode", "force_generic_plan");
  for (const coin::Statement& statement : {coin::snapshot_statement(), coin::day_statement()}) {
    connection.prepare(statement.name, statement.sql);
  }
  for (const coin::Endpoint& endpoint : coin::endpoints()) {
    if (coin::renders_by_chain(endpoint)) {
      const coin::Statement rows = coin::chain_rows_statement_of(endpoint);
      connection.prepare(rows.name, rows.sql);
    } else {
      connection.prepare(coin::statement_name(endpoint),
                         coin::statement_of(endpoint, coin::Rendering::plain, coin::Beside::nothing));
    }
    if (!endpoint.parameters.empty() && !endpoint.function) {
      const coin::Statement values = coin::values_statement_of(endpoint);
      connection.prepare(values.name, values.sql);
    }
    if (!endpoint.alias_column.empty()) {
      const coin::Statement alias = coin::alias_statement_of(endpoint);
      connection.prepare(alias.name, alias.sql);
    }
  }
}

// Publishes what `written` may have changed and posts the set's event; the keys' file follows
// the day.
void publish(coin::PublishedSets& sets, coin::EventChannel& events, coin::KeySetFile& keys, pqxx::connection& session,
             const coin::WrittenChains& written) {
  static auto& sets_published = coin::counter_family("coin_publisher_sets_total", "Sets the publisher rendered, by outcome");
  static auto& durations =
      coin::histogram_family("coin_publisher_publish_seconds", "Time to render a set (what the writes may have changed), swap it in and post its event");
  static auto& snapshot = coin::gauge_family("coin_publisher_snapshot_timestamp_seconds",
                                             "The newest snapshot of the set published last, in seconds since the epoch");
  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();  // the process's, every thread's
  coin::Publication publication;
  try {
    publication = sets.publish(session, written);
  } catch (...) {
    sets_published.Add({{"outcome", "failed"}}).Increment();
    throw;
  }
  events.publish(publication);
  keys.update();
  const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
  // After the event, as removing hundreds of files is no client's wait; within the set's CPU, as
  // every set pays for one removed.
  sets.remove_old();
  sets_published.Add({{"outcome", "published"}}).Increment();
  durations.Add({}, coin::duration_buckets()).Observe(took.count());
  snapshot.Add({}).Set(static_cast<double>(publication.newest));
  const double cpu_ms = 1000.0 * static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  coin::log_info("published in " + std::to_string(std::lround(took.count() * 1000)) + " ms, " +
                 std::to_string(publication.changed.size()) + " answers changed, " +
                 std::to_string(publication.signed_files) + " files signed in " +
                 std::to_string(std::lround(publication.signing_ms)) + " ms, CPU " +
                 std::to_string(std::lround(cpu_ms)) + " ms");
}

}  // namespace

int main(int argc, char** argv) {
  coin::set_log_name("publisher");
  const Flags flags = parse_flags(std::vector<std::string_view>(argv + 1, argv + argc));
  // A database host that does not answer must not hold the publisher for long.
  ::setenv("PGCONNECT_TIMEOUT", "2", 0);
  try {
    // Never unsigned: without its key it publishes nothing.
    const coin::SigningKey key = coin::read_signing_key(flags.signing_key);
    coin::PublishedSets sets(flags.directory, key);
    coin::KeySetFile keys(flags.directory + "/jwks.json", key, coin::read_listed_keys(flags.listed_keys));
    keys.update();
    coin::EventChannel events(flags.events, key);
    if (flags.once) {
      pqxx::connection connection(flags.database);
      prepare_statements(connection);
      publish(sets, events, keys, connection, coin::WrittenChains::every_chain());
      return 0;
    }

    const coin::StopSignals stop_signals;  // before the listener, which inherits its mask

    const coin::MetricsFile metrics_file(flags.metrics);
    std::atomic<bool> stopping{false};
    // What was written since the last set that published: kept when a publication fails, so the
    // next one renders it.
    coin::WrittenChains written = coin::WrittenChains::every_chain();
    // The sets are rendered on the listener's reader, its statements prepared on each connection.
    const coin::SnapshotEvents snapshots{
        [&](pqxx::connection& reader) {
          prepare_statements(reader);
          written = coin::WrittenChains::every_chain();  // anything may have changed meanwhile
          publish(sets, events, keys, reader, written);
          written = coin::WrittenChains::none();
        },
        [&](pqxx::connection& reader, const std::vector<std::string>& payloads) {
          for (const std::string& payload : payloads) written.add(payload);
          publish(sets, events, keys, reader, written);
          written = coin::WrittenChains::none();
        },
        [] {},
        [&sets] { sets.beat(); }};
    std::thread listener(coin::listen_for_snapshots, std::cref(flags.database), snapshots, std::cref(stopping));
    stop_signals.wait();
    stopping = true;
    listener.join();
    return 0;
  } catch (const std::exception& e) {
    coin::log_error(std::string("cannot publish: ") + e.what());
    return 1;
  }
}
