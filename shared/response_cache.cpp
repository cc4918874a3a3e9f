#include "shared/response_cache.hpp"

#include <iterator>

namespace coin {

std::shared_ptr<const RenderedAnswer> ResponseCache::find(const std::string& key) const {
  const Generation current = generation();
  if (current == untrusted) return nullptr;
  std::shared_lock lock(mutex_);
  const auto found = entries_.find(key);
  if (found == entries_.end() || found->second.generation != current) return nullptr;
  return found->second.answer;
}

void ResponseCache::store(const std::string& key, std::shared_ptr<const RenderedAnswer> answer,
                          Generation generation) {
  if (!enabled_ || generation == untrusted) return;
  std::unique_lock lock(mutex_);
  if (entries_.size() >= max_entries && entries_.find(key) == entries_.end()) {
    if (swept_generation_ == generation) return;  // swept already: all of this generation
    swept_generation_ = generation;
    for (auto entry = entries_.begin(); entry != entries_.end();) {
      entry = entry->second.generation == generation ? std::next(entry) : entries_.erase(entry);
    }
    if (entries_.size() >= max_entries) return;
  }
  entries_[key] = Entry{generation, std::move(answer)};
}

// Only the listener thread calls these three, so a plain increment of last_generation_ is safe.
void ResponseCache::invalidate() {
  if (generation() != untrusted) generation_.store(++last_generation_);
}

void ResponseCache::trust() {
  if (enabled_) generation_.store(++last_generation_);
}

void ResponseCache::distrust() { generation_.store(untrusted); }

}  // namespace coin
