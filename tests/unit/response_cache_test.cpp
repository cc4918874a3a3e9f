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
  cache.trust();
  const auto fresh = answer("2");
  cache.store("k", fresh, cache.generation());
  EXPECT_EQ(cache.find("k"), fresh);
}

TEST(ResponseCache, ASnapshotWrittenMakesEveryEntryStale) {
  ResponseCache cache;
  cache.trust();
  cache.store("k", answer("1"), cache.generation());
  cache.trust();
  EXPECT_EQ(cache.find("k"), nullptr);
}

TEST(ResponseCache, AnAnswerQueriedBeforeASnapshotIsNeverServed) {
  ResponseCache cache;
  cache.trust();
  const ResponseCache::Generation before_query = cache.generation();
  cache.trust();  // written while the query ran
  cache.store("k", answer("old"), before_query);
  EXPECT_EQ(cache.find("k"), nullptr);
}

TEST(ResponseCache, NothingIsTrustedWhileDisconnectedNorAfterReconnecting) {
  ResponseCache cache;
  cache.trust();
  cache.store("k", answer("1"), cache.generation());
  cache.distrust();
  EXPECT_EQ(cache.find("k"), nullptr);
  cache.trust();  // notifications may have been missed meanwhile
  EXPECT_EQ(cache.find("k"), nullptr);
}

TEST(ResponseCache, KeepsAtMostMaxBytesAndMakesRoomInANewGeneration) {
  ResponseCache cache;
  cache.trust();
  // Answers of 1 MiB and some headers: 31 fit in 32 MiB, the 32nd does not.
  const auto megabyte = answer(std::string(1 << 20, 'x'));
  for (int i = 0; i < 40; ++i) cache.store(std::to_string(i), megabyte, cache.generation());
  EXPECT_EQ(cache.find("0"), megabyte);
  EXPECT_EQ(cache.find("30"), megabyte);
  EXPECT_EQ(cache.find("31"), nullptr);
  EXPECT_EQ(cache.find("39"), nullptr);
  const auto small = answer("1");
  cache.store("0", small, cache.generation());  // a key it holds is still replaced...
  EXPECT_EQ(cache.find("0"), small);
  cache.store("31", megabyte, cache.generation());  // ...and its room taken
  EXPECT_EQ(cache.find("31"), megabyte);

  cache.trust();  // the old generation's entries make room for the new one's
  cache.store("new", megabyte, cache.generation());
  EXPECT_EQ(cache.find("new"), megabyte);
  EXPECT_EQ(cache.find("1"), nullptr);
}

TEST(ResponseCache, AnOffCacheNeverKeepsAnything) {
  ResponseCache cache(false);
  cache.trust();
  cache.store("k", answer("1"), cache.generation());
  EXPECT_EQ(cache.find("k"), nullptr);
}

}  // namespace
}  // namespace coin
