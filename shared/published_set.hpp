#pragma once
// The published answers: every answer of every endpoint (endpoints.hpp), rendered from one
// snapshot of the database, as files nginx serves like static ones (nginx/endpoint.conf).
//
//   DIRECTORY/current -> set.<blocks>.XXXXXX
//                                     the set nginx serves (a symbolic link, swapped by rename)
//   DIRECTORY/set.<blocks>.XXXXXX/    a complete set, named after the blocks its answers rest on
//                                     ("set.tron=latest; eth=22480012; bsc=48123456.Ab3dEf",
//                                     snapshot_blocks.hpp: nginx's X-Snapshot-Blocks of every
//                                     answer in it): <path>.txt|.json, <path>/<query>.json, and
//                                     a .gz beside each answer that gzip makes smaller; a file
//                                     of 32 KB or more is under large/ instead; every file's
//                                     mtime is the newest snapshot (Last-Modified); and
//                                     aliases/<path>/<name>, an empty file, for each other name
//                                     an endpoint has now (endpoints.hpp: alias_name)
//   DIRECTORY/partial.XXXXXX/         a set being rendered; never served
//   DIRECTORY/heartbeat               touched every quarter of a second while the publisher
//                                     listens for snapshots (its mtime says it is alive)
//
// A set is rendered in one read-only REPEATABLE READ transaction, so all its answers agree;
// written and flushed to disk under partial.*, renamed to set.*, then made current in one
// rename(2): a client sees the whole of one snapshot or the whole of the next, never a mix. A
// render that fails leaves the current set as it was.

#include <ctime>
#include <optional>
#include <pqxx/connection>
#include <string>

namespace coin {

class PublishedSets {
 public:
  // Removes what an earlier process left unfinished in `directory` (created if missing), and
  // every set but the current one.
  explicit PublishedSets(std::string directory);

  // Renders every answer on `connection` (whose statements statements_of(endpoints()) are
  // prepared) and makes the new set current; keeps the set it replaces, which requests in
  // progress may still read, and removes the one before. Throws on any failure, leaving the
  // current set served. Returns the time of the newest snapshot the set shows.
  std::time_t publish(pqxx::connection& connection);

  // Touches DIRECTORY/heartbeat (made if missing): the publisher lives and listens.
  void beat() const;

 private:
  std::string directory_;
  std::string previous_;  // the set replaced by the last publish, kept until the next one
};

// What the ops handler (/healthz, /metrics) reads of a publisher's directory.
struct PublishedState {
  std::optional<std::time_t> heartbeat;  // the publisher's last beat(), if it ever beat
  std::optional<std::time_t> snapshot;   // the newest snapshot of the current set, if there is one
};
PublishedState published_state(const std::string& directory);

}  // namespace coin
