#pragma once
// A protocol chain whose configuration says "follow": "head" (or "finalized") has a follower,
// a thread of its own beside the grid's rounds. Every "poll_ms" it asks the chain's node for its
// newest block (or newest finalized block), and at once when the node's WebSocket ("ws")
// announces a new head (head_announcer.hpp; then every 30 s only, while the WebSocket is up);
// at each one it has not read (another number, or the
// same number with another hash: a reorganisation), it reads the chain there and writes it as
// the chain's live snapshot (snapshot_writer.hpp's write_live), replacing the one before. Blocks
// that came while a reading ran are not read one by one: the next poll names the newest, and
// that is what is read. A block that is not the one after the last read (a burst, or the head
// gone back) has the chain's newest snapshots and events checked for a reorganisation
// (reorg.hpp), as after a grid round.
//
// The grid's rounds of the chain are the follower's too: read at the chain's read_at as any
// round (its urns left to the live snapshots, which read them at the head), and written with the
// newest live snapshot in one transaction, which so stays the newest of the chain. Rounds the
// database does not take are kept and written late, as the grid's (kept_rounds.hpp).

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "indexer/config.hpp"
#include "indexer/head_announcer.hpp"

namespace coin::indexer {

class HeadFollower {
 public:
  // Starts following `chain` (a protocol chain of `config` whose follow is not off), writing to
  // the database `conninfo` names, with grid rounds every `interval` seconds.
  HeadFollower(const Config& config, const Chain& chain, std::string conninfo, int interval);
  // Stops it once the reading or writing under way is done.
  ~HeadFollower();
  HeadFollower(const HeadFollower&) = delete;
  HeadFollower& operator=(const HeadFollower&) = delete;

 private:
  void run();
  // Waits until its next poll, a new head announced, or a stop; true when stopped.
  bool wait();
  // Called by the announcer: a new head, or its connection made or lost.
  void announced();

  const Config& config_;
  const Chain& chain_;
  Config followed_;  // config_, chain_ read at the block it follows
  std::string conninfo_;
  int interval_;
  std::mutex mutex_;
  std::condition_variable woken_;
  bool stopping_ = false;
  bool announced_ = false;
  std::unique_ptr<HeadAnnouncer> announcer_;  // none: the chain names no "ws"
  std::thread thread_;  // last: started once the rest is
};

}  // namespace coin::indexer
