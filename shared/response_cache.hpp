#pragma once
// The per-process response cache: rendered answers by route and parameter values, valid until
// the next snapshot is written.
//
// Entries carry the generation they were computed in. The snapshot listener starts a new
// generation on every NOTIFY snapshot_written, and on every (re)connection, since notifications
// sent while it was away are lost. While it is not listening, nothing is cached or served from
// the cache: there would be no way to know that an entry is still fresh; nor while the standby
// the handler reads from has not replayed a snapshot the primary announced (an answer read
// then would be stale, and kept for a whole generation).
// Keys are built from checked parameter values only, but a date range (from, to) and a Vault
// type have many values, and a history's answer is tens of KB: the cache holds at most
// max_bytes of keys and rendered answers. When a store would pass that, it first drops the
// entries of earlier generations (once per generation); if it still would, the answer is not
// kept (it was computed anyway, and the published answers do not pass through here).

#include <atomic>
#include <cstddef>
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
  static constexpr std::size_t max_bytes = 32 << 20;

  // A cache that serves nothing until trust() (enabled = false: never).
  explicit ResponseCache(bool enabled = true) : enabled_(enabled) {}

  // The generation to store an answer with; read it before querying the database, so that a
  // snapshot written meanwhile makes the entry stale at once.
  Generation generation() const { return generation_.load(); }

  // The entry for `key` if it was stored in the current generation, else null.
  std::shared_ptr<const RenderedAnswer> find(const std::string& key) const;

  // Keeps `answer` for `key`, unless `generation` is untrusted, the cache is off or full.
  // Replacing an entry is always allowed.
  void store(const std::string& key, std::shared_ptr<const RenderedAnswer> answer, Generation generation);

  // The listener's calls. trust: a new generation, every entry stale; the database shows
  // every snapshot written so far (it is listening again, or a snapshot was written and the
  // server read from shows it). distrust: it may not (the listener is away, or the standby
  // read from is behind): nothing cached is served, nothing is kept.
  void trust();
  void distrust();

 private:
  struct Entry {
    Generation generation = untrusted;
    std::shared_ptr<const RenderedAnswer> answer;
    std::size_t bytes = 0;  // of the key and the answer
  };

  // Drops the entries of generations before `generation`, once per generation (mutex_ held).
  void sweep(Generation generation);

  const bool enabled_;
  std::atomic<Generation> generation_{untrusted};
  std::atomic<Generation> last_generation_{untrusted};
  mutable std::shared_mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
  std::size_t bytes_ = 0;                    // of every entry
  Generation swept_generation_ = untrusted;  // the last generation a full cache was swept in
};

}  // namespace coin
