#pragma once
// scripts/topology.sh for a test: the hosts of a deployment past one machine, each a network
// namespace (a primary and a standby PostgreSQL, two handler hosts, a host for 6.15's pool, the
// nginx front with the publisher, a CDN edge), started with the fixture and the Debug build's
// handlers, and its faults: a host's link, a database stopped or started, replication lag.

#include <sys/types.h>

#include <map>
#include <string>
#include <string_view>

namespace coin::scale {

class Topology {
 public:
  // Starts it and waits until the edge (started last) serves the fixture. Throws std::runtime_error, with
  // its log, when it does not come up within 120 s.
  Topology();
  ~Topology();  // SIGTERM: the script stops every process and removes the namespaces
  Topology(const Topology&) = delete;
  Topology& operator=(const Topology&) = delete;

  // http://<host>:8080<path_and_query>: the front (nginx, the origin) or the CDN edge ("edge").
  std::string url(std::string_view path_and_query, std::string_view host = "front") const;

  // A host's address on the topology's network: "edge", "front", "primary", "handler1"...
  // (the script's hosts.tsv). Throws std::invalid_argument for a host it does not have.
  std::string address(std::string_view host) const;

  // What psql prints (unaligned, tuples only) of `sql` run on the database of `host`
  // ("primary" or "standby") as postgres. Throws std::runtime_error when it fails.
  std::string query(std::string_view host, std::string_view sql) const;

  // Writes a snapshot as the indexer does: as coin_indexer, through the readers' list of hosts
  // (standby first) asking for a read-write session, so on the primary. tron's, `minute`
  // minutes after the fixture's newest with `minute` more COIN (what the answers show then:
  // snapshot_time and total_supply, scale.hpp). True when it was committed.
  bool write_snapshot(int minute) const;

  // scripts/topology.sh's commands; each true when it succeeded.
  bool link(std::string_view host, bool up) const;
  bool database(std::string_view host, bool start) const;
  bool lag(std::string_view delay) const;  // "500ms", "0"

  // The answers the handler processes of `host` sent (coin_handler_answers_total in their
  // metrics files, rewritten every second), for `path` or, empty, every path.
  long answered_by(std::string_view host, std::string_view path = {}) const;

  // The requests nginx sent to `host` that failed (refused, timed out): the lines of its error
  // log that name the host's address, one per attempt.
  long failed_attempts(std::string_view host) const;

  // The requests the front's nginx answered to `host` (its access log's lines from the host's
  // address; nginx writes them out every second).
  long requests_from(std::string_view host) const;

  // The log of every host and of the script, for a failure message.
  std::string log() const;

 private:
  bool command(const std::string& arguments) const;

  std::string var_;
  std::map<std::string, std::string, std::less<>> addresses_;  // by host, once the script wrote them
  pid_t pid_ = -1;
};

}  // namespace coin::scale
