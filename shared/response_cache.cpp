#include "shared/response_cache.hpp"

namespace coin {
namespace {

std::size_t size_of(const RenderedAnswer& answer) {
  return answer.identity.full.size() + answer.identity.not_modified.size() + answer.identity.etag.size() +
         answer.gzip.full.size() + answer.gzip.not_modified.size() + answer.gzip.etag.size();
}

}  // namespace

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
  const std::size_t bytes = key.size() + size_of(*answer);
  std::unique_lock lock(mutex_);
  auto found = entries_.find(key);
  if (found == entries_.end()) {
    if (bytes_ + bytes > max_bytes) sweep(generation);
    if (bytes_ + bytes > max_bytes) return;
    found = entries_.emplace(key, Entry{}).first;
  }
  bytes_ = bytes_ - found->second.bytes + bytes;
  found->second = Entry{generation, std::move(answer), bytes};
}

void ResponseCache::sweep(Generation generation) {
  if (swept_generation_ == generation) return;  // swept already: all that is left is of this generation
  swept_generation_ = generation;
  for (auto entry = entries_.begin(); entry != entries_.end();) {
    if (entry->second.generation == generation) {
      ++entry;
      continue;
    }
    bytes_ -= entry->second.bytes;
    entry = entries_.erase(entry);
  }
}

// Only the listener thread calls these two, so a plain increment of last_generation_ is safe.
void ResponseCache::trust() {
  if (enabled_) generation_.store(++last_generation_);
}

void ResponseCache::distrust() { generation_.store(untrusted); }

}  // namespace coin
