#include "shared/response_cache.hpp"

#include <gtest/gtest.h>

namespace coin {
namespace {

// An answer as a handler keeps it: read from the database, with its snapshot's Last-Modified.
std::shared_ptr<const RenderedAnswer> answer(const std::string& body) {
  return std::make_shared<const RenderedAnswer>(render(success(body), 1778634000));
}

TEST(ResponseCache, ServesNothingUntilTheListenerListens) {
  ResponseCache cache;
  EXPECT_EQ(cache.generation(), ResponseCache::untrusted);
  cache.store("k", answer("1"), cache.generation());
  EXPECT_EQ(cache.find("k"), nullptr);
}

TEST(ResponseCache, ServesWhatWasStoredInTheCurrentGeneration) {
  ResponseCache cache;
  cache.trust();
  const auto stored = answer("1");
  cache.store("k", stored, cache.generation());
  EXPECT_EQ(cache.find("k"), stored);
  EXPECT_EQ(cache.find("other"), nullptr);
}

TEST(ResponseCache, ALaterStoreOfTheSameKeyReplacesTheEntry) {
  ResponseCache cache;
  cache.trust();
  cache.store("k", answer("1"), cache.generation());
  const auto newer = answer("2");
  cache.store("k", newer, cache.generation());
  EXPECT_EQ(cache.find("k"), newer);
}

TEST(ResponseCache, AnEntryStoredInTheNewGenerationIsServedAgain) {
  ResponseCache cache;
  cache.trust();
  cache.store("k", answer("1"), cache.generation());
  cache.invalidate();
  const auto fresh = answer("2");
  cache.store("k", fresh, cache.generation());
  EXPECT_EQ(cache.find("k"), fresh);
}

TEST(ResponseCache, ASnapshotWrittenMakesEveryEntryStale) {
  ResponseCache cache;
  cache.trust();
  cache.store("k", answer("1"), cache.generation());
  cache.invalidate();
  EXPECT_EQ(cache.find("k"), nullptr);
}

TEST(ResponseCache, AnAnswerQueriedBeforeASnapshotIsNeverServed) {
  ResponseCache cache;
  cache.trust();
  const ResponseCache::Generation before_query = cache.generation();
  cache.invalidate();  // written while the query ran
  cache.store("k", answer("old"), before_query);
  EXPECT_EQ(cache.find("k"), nullptr);
}

TEST(ResponseCache, NothingIsTrustedWhileDisconnectedNorAfterReconnecting) {
  ResponseCache cache;
  cache.trust();
  cache.store("k", answer("1"), cache.generation());
  cache.distrust();
  EXPECT_EQ(cache.find("k"), nullptr);
  cache.invalidate();  // stays untrusted
  EXPECT_EQ(cache.generation(), ResponseCache::untrusted);
  cache.trust();  // notifications may have been missed meanwhile
  EXPECT_EQ(cache.find("k"), nullptr);
}

TEST(ResponseCache, KeepsAtMostMaxEntriesAndMakesRoomInANewGeneration) {
  ResponseCache cache;
  cache.trust();
  const auto stored = answer("1");
  for (std::size_t i = 0; i < ResponseCache::max_entries; ++i) cache.store(std::to_string(i), stored, cache.generation());
  cache.store("one too many", stored, cache.generation());
  EXPECT_EQ(cache.find("one too many"), nullptr);
  EXPECT_EQ(cache.find("0"), stored);
  cache.store("0", answer("2"), cache.generation());  // a key it holds is still replaced
  EXPECT_NE(cache.find("0"), stored);

  cache.invalidate();  // the old generation's entries make room for the new one's
  cache.store("one too many", stored, cache.generation());
  EXPECT_EQ(cache.find("one too many"), stored);
  for (std::size_t i = 0; i < ResponseCache::max_entries; ++i) cache.store("new " + std::to_string(i), stored, cache.generation());
  EXPECT_EQ(cache.find("new 0"), stored);
  EXPECT_EQ(cache.find("new " + std::to_string(ResponseCache::max_entries - 1)), nullptr);
}

TEST(ResponseCache, AnOffCacheNeverKeepsAnything) {
  ResponseCache cache(false);
  cache.trust();
  cache.store("k", answer("1"), cache.generation());
  EXPECT_EQ(cache.find("k"), nullptr);
}

}  // namespace
}  // namespace coin
