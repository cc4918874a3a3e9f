#pragma once
// The published answers: every answer of every endpoint (endpoints.hpp), rendered from one
// snapshot of the database, as files nginx serves like static ones (nginx/endpoint.conf).
//
//   DIRECTORY/current -> set.<blocks>.XXXXXX
//                                     the set nginx serves (a symbolic link, swapped by rename)
//   DIRECTORY/set.<blocks>.XXXXXX/    a complete set, named after the blocks its answers rest on,
//                                     modified at the newest snapshot it shows
//                                     ("set.tron=latest; eth=22480012; bsc=48123456.Ab3dEf",
//                                     snapshot_blocks.hpp: nginx's X-Snapshot-Blocks of every
//                                     answer in it): <path>.txt|.json, <path>/<query>.json, and
//                                     a .gz beside each answer that gzip makes smaller; each
//                                     file's mtime is the newest snapshot when its bytes last
//                                     changed (Last-Modified); signatures.tsv, the
//                                     signatures of its files (set_signatures.hpp);
//                                     snapshot-final, the X-Snapshot-Final of its answers
//                                     (finality_file, snapshot_blocks.hpp); and
//                                     aliases/<path>/<name>, an empty file, for each other name
//                                     an endpoint has now (endpoints.hpp: alias_name)
//   DIRECTORY/partial.XXXXXX/         a set being rendered; never served
//   DIRECTORY/heartbeat               touched every quarter of a second while the publisher
//                                     listens for snapshots (its mtime says it is alive)
//
// A set is rendered in one read-only REPEATABLE READ transaction, so all its answers agree;
// written and flushed to disk under partial.*, renamed to set.*, then made current in one
// rename(2): a client sees the whole of one snapshot or the whole of the next, never a mix. A
// render that fails leaves the current set as it was. A set is never changed once renamed to
// set.*: nginx may keep its files open and its misses known (nginx/published.conf).
//
// Only what changed is rendered again: an answer the snapshots written since the set before
// cannot have changed is that set's file, linked into the new one (answer_jobs.hpp); and an
// answer rendered again whose bytes are the same keeps its file too, so its Last-Modified and
// ETag stay (answer_files.hpp); a history whose window's points did not change is asked for its
// live point alone and spliced after the set before's bytes, and 6.21 for the parts around its
// Vault types' grid points, the set before's read between them (kept_answers.hpp). The first set a
// process publishes is rendered whole. The database renders the answers while another thread
// writes those already rendered (set_render.hpp).

#include <pqxx/connection>
#include <string>
#include <string_view>
#include <vector>

#include "publisher/kept_answers.hpp"
#include "publisher/publication.hpp"
#include "publisher/set_signatures.hpp"
#include "publisher/written_chains.hpp"

namespace coin {

// The file of a set that holds whether each block its name gives is final, its answers'
// X-Snapshot-Final ("tron=no; eth=yes"): nginx reads it with the set's index.
inline constexpr std::string_view finality_file = "snapshot-final";

class PublishedSets {
 public:
  // Removes what an earlier process left unfinished in `directory` (created if missing), and
  // every set but the current one. Each set's answers are signed with `key` (set_signatures.hpp).
  PublishedSets(std::string directory, const SigningKey& key);

  // Renders the answers `written` may have changed on `session` (whose statements are prepared:
  // publisher/main.cpp's prepare_statements), links the others from the set this process
  // published before, and makes the new set current. Throws on any failure, leaving the current
  // set served.
  Publication publish(pqxx::connection& session, const WrittenChains& written);

  // Removes the sets before the one the last publish replaced, which requests in progress may
  // still read.
  void remove_old();

  // Touches DIRECTORY/heartbeat (made if missing): the publisher lives and listens.
  void beat() const;

 private:
  std::string directory_;
  std::string current_;      // the set this process published last ("": none yet)
  std::string current_day_;  // the API's day as it rendered it (answer_jobs.hpp)
  std::string previous_;     // the set replaced by the last publish, kept until the next one
  std::string old_;          // the one before it, for remove_old
  KeptAnswers kept_;         // the kept parts of the answers of kept endpoints (kept_answers.hpp)
  ServedEtags etags_;        // those of the current set's answers
  SetSignatures signatures_;
};

}  // namespace coin
