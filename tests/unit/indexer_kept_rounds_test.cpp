// The rounds the database did not take, kept to be written late: the oldest first, across the
// chains, and past the bound a chain's own oldest dropped, never another chain's.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "indexer/kept_rounds.hpp"

namespace coin::indexer {
namespace {

Chain chain_named(const std::string& name) {
  Chain chain;
  chain.name = name;
  return chain;
}

const Chain tron = chain_named("tron");
const Chain eth = chain_named("eth");

ChainRound round_of(const Chain& chain, std::int64_t taken_at) {
  ChainRound round{&chain, taken_at, {}};
  round.reading.block = std::to_string(taken_at / 300);  // the reading travels with its round
  return round;
}

// "tron 600 (block 2)" for each kept round, oldest first; empties `kept`.
std::vector<std::string> written_in_turn(KeptRounds& kept) {
  std::vector<std::string> rounds;
  while (!kept.empty()) {
    const ChainRound& oldest = kept.oldest();
    rounds.push_back(oldest.chain->name + " " + std::to_string(oldest.taken_at) + " (block " + oldest.reading.block + ")");
    kept.drop_oldest();
  }
  return rounds;
}

TEST(KeptRounds, GivesTheOldestFirstAcrossTheChains) {
  KeptRounds kept;
  EXPECT_TRUE(kept.empty());
  for (const std::int64_t taken_at : {300, 600, 900}) {
    EXPECT_FALSE(kept.keep(round_of(tron, taken_at)).has_value());
    EXPECT_FALSE(kept.keep(round_of(eth, taken_at)).has_value());
  }
  EXPECT_EQ(kept.count("tron"), 3U);
  EXPECT_EQ(kept.count("eth"), 3U);
  EXPECT_EQ(kept.count("bsc"), 0U);
  EXPECT_EQ(written_in_turn(kept), (std::vector<std::string>{"tron 300 (block 1)", "eth 300 (block 1)", "tron 600 (block 2)",
                                                            "eth 600 (block 2)", "tron 900 (block 3)", "eth 900 (block 3)"}));
  EXPECT_EQ(kept.count("tron"), 0U);
}

TEST(KeptRounds, PastTheBoundDropsTheChainsOwnOldest) {
  KeptRounds kept(2);
  EXPECT_FALSE(kept.keep(round_of(eth, 300)).has_value());
  EXPECT_FALSE(kept.keep(round_of(tron, 300)).has_value());
  EXPECT_FALSE(kept.keep(round_of(tron, 600)).has_value());
  // tron's third: tron's 300 goes, not eth's 300 (older in the order kept).
  const std::optional<ChainRound> dropped = kept.keep(round_of(tron, 900));
  ASSERT_TRUE(dropped.has_value());
  EXPECT_EQ(dropped->chain, &tron);
  EXPECT_EQ(dropped->taken_at, 300);
  EXPECT_EQ(dropped->reading.block, "1");
  EXPECT_EQ(kept.count("tron"), 2U);
  EXPECT_EQ(kept.count("eth"), 1U);
  EXPECT_EQ(written_in_turn(kept),
            (std::vector<std::string>{"eth 300 (block 1)", "tron 600 (block 2)", "tron 900 (block 3)"}));
}

TEST(KeptRounds, KeepsADayOfRoundsAtTheDefaultInterval) {
  KeptRounds kept;
  EXPECT_EQ(kept.per_chain(), 86400U / 300U);
  for (std::int64_t taken_at = 0; taken_at < 86400; taken_at += 300) {
    EXPECT_FALSE(kept.keep(round_of(tron, taken_at)).has_value()) << taken_at;
  }
  const std::optional<ChainRound> dropped = kept.keep(round_of(tron, 86400));
  ASSERT_TRUE(dropped.has_value());
  EXPECT_EQ(dropped->taken_at, 0);
  EXPECT_EQ(kept.oldest().taken_at, 300);
  EXPECT_EQ(kept.count("tron"), 288U);
}

}  // namespace
}  // namespace coin::indexer
