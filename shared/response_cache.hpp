#pragma once
// The per-process response cache: rendered answers by route and parameter values, valid until
// the next snapshot is written.
//
// Entries carry the generation they were computed in. The snapshot listener starts a new
// generation on every NOTIFY snapshot_written, and on every (re)connection, since notifications
// sent while it was away are lost. While it is not listening, nothing is cached or served from
// the cache: there would be no way to know that an entry is still fresh.
// Keys are built from checked parameter values only, so the number of entries is bounded by
// the routes and their allowed values.

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <string>
#include <unordered_map>

#include "shared/rendered_answer.hpp"

namespace coin {

class ResponseCache {
 public:
  using Generation = std::uint64_t;
  static constexpr Generation untrusted = 0;

  // A cache that serves nothing until trust() (enabled = false: never).
  explicit ResponseCache(bool enabled = true) : enabled_(enabled) {}

  // The generation to store an answer with; read it before querying the database, so that a
  // snapshot written meanwhile makes the entry stale at once.
  Generation generation() const { return generation_.load(); }

  // The entry for `key` if it was stored in the current generation, else null.
  std::shared_ptr<const RenderedAnswer> find(const std::string& key) const;

  // Keeps `answer` for `key`, unless `generation` is untrusted or the cache is off.
  void store(const std::string& key, std::shared_ptr<const RenderedAnswer> answer, Generation generation);

  // The listener's calls: a snapshot was written; it is listening (again); it is not.
  void invalidate();
  void trust();
  void distrust();

 private:
  struct Entry {
    Generation generation;
    std::shared_ptr<const RenderedAnswer> answer;
  };

  const bool enabled_;
  std::atomic<Generation> generation_{untrusted};
  std::atomic<Generation> last_generation_{untrusted};
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace coin
