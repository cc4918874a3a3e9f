#pragma once
// scripts/test/topology.sh for a test: the hosts of a deployment past one machine, each a network
// namespace (three PostgreSQL hosts under Patroni, each with an etcd member: a primary and two
// standbys; two handler hosts, a host for 6.15's pool, the nginx front with the publisher, a CDN
// edge; with an indexer, its host and chain), started with the Debug build's handlers, and its
// faults: a host's link, a database stopped or started, a switchover, replication lag.

#include <sys/types.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace coin::scale {

class Topology {
 public:
  // Starts it and waits until the edge (started last) serves the fixture. Throws std::runtime_error, with
  // its log, when it does not come up within 180 s. With `indexer_interval` (seconds), the tables
  // start empty and the indexer host writes a round of its chain that often (the topology's
  // INDEXER): the edge then serves its first.
  explicit Topology(int indexer_interval = 0);
  ~Topology();  // SIGTERM: the script stops every process and removes the namespaces
  Topology(const Topology&) = delete;
  Topology& operator=(const Topology&) = delete;

  // http://<host>:8080<path_and_query>: the front (nginx, the origin) or the CDN edge ("edge").
  std::string url(std::string_view path_and_query, std::string_view host = "front") const;

  // A host's address on the topology's network: "edge", "front", "db1", "handler1"...
  // (the script's hosts.tsv). Throws std::invalid_argument for a host it does not have.
  std::string address(std::string_view host) const;

  static const std::vector<std::string>& database_hosts();  // db1, db2, db3

  // What psql prints (unaligned, tuples only) of `sql` run on the database of `host` (db1...) as
  // postgres. Throws std::runtime_error when it fails.
  std::string query(std::string_view host, std::string_view sql) const;

  // The role Patroni's REST API gives the database of `host`: "primary", "sync_standby",
  // "standby", or "none" (not answering).
  std::string role(std::string_view host) const;
  // The database host that is the primary now; "" when none is.
  std::string primary() const;

  // Writes a snapshot as the indexer does: as coin_indexer, through the three database hosts,
  // asking for a read-write session, so on the primary. tron's, `minute`
  // minutes after the fixture's newest with `minute` more COIN (what the answers show then:
  // snapshot_time and total_supply, scale.hpp). True when it was committed.
  bool write_snapshot(int minute) const;

  // scripts/test/topology.sh's commands; each true when it succeeded.
  bool link(std::string_view host, bool up) const;
  bool database(std::string_view host, bool start) const;
  bool lag(std::string_view delay) const;  // "500ms", "0"
  // The primary handed over to the synchronous standby (patronictl switchover): the new
  // primary's host, "" when it failed.
  std::string switchover() const;
  // One round of the indexer from `host`'s side of the network (topology.sh indexer-once): true
  // when it wrote it. Its round is at today's midnight, a time the indexer host never writes.
  bool indexer_once(std::string_view host) const;

  // The answers the handler processes of `host` sent (coin_handler_answers_total in their
  // metrics files, rewritten every second), for `path` or, empty, every path.
  long answered_by(std::string_view host, std::string_view path = {}) const;

  // The requests nginx sent to `host` that failed (refused, timed out): the lines of its error
  // log that name the host's address, one per attempt.
  long failed_attempts(std::string_view host) const;

  // The requests the front's nginx answered to `host` (its access log's lines from the host's
  // address; nginx writes them out every second).
  long requests_from(std::string_view host) const;

  // The rounds the indexer host wrote late, with their own taken_at, having failed to write them
  // when their time came (its log's lines "written late").
  long late_rounds() const;

  // The log of every host and of the script, for a failure message.
  std::string log() const;

 private:
  // scripts/test/topology.sh ARGUMENTS, its stdout to `output` or, empty, to commands.log (stderr).
  bool command(const std::string& arguments, const std::string& output = "") const;
  std::string command_output(const std::string& arguments) const;  // its stdout; "" when it failed

  std::string var_;
  std::map<std::string, std::string, std::less<>> addresses_;  // by host, once the script wrote them
  pid_t pid_ = -1;
};

}  // namespace coin::scale
