// Which chains' answers the publisher renders again, from the notifications' payloads.

#include "publisher/written_chains.hpp"

#include <gtest/gtest.h>

namespace coin {
namespace {

TEST(WrittenChains, ATableThatNamesItsChainsChangesThoseAlone) {
  for (const char* table : {"chain_state", "vault", "vault_state", "urn", "urn_event", "urn_state", "vault_price",
                            "urn_log_range", "bark", "clip_event", "auction_status"}) {
    WrittenChains written = WrittenChains::none();
    written.add(std::string(table) + " eth,tron");
    EXPECT_TRUE(written.has("eth")) << table;
    EXPECT_TRUE(written.has("tron")) << table;
    EXPECT_FALSE(written.has("bsc")) << table;
    EXPECT_FALSE(written.every()) << table;
  }
}

// An answer that names the tables it reads changes with a write to one of them alone; one that
// names none, with a write to any.
TEST(WrittenChains, AnAnswerThatNamesItsTablesChangesWithThoseAlone) {
  WrittenChains written = WrittenChains::none();
  written.add("chain_state tron");
  written.add("bark eth");
  const std::vector<std::string_view> auctions = {"vault", "bark", "clip_event"};
  EXPECT_FALSE(written.has("tron", auctions));
  EXPECT_TRUE(written.has("eth", auctions));
  EXPECT_FALSE(written.has("bsc", auctions));
  EXPECT_TRUE(written.has("tron"));
  EXPECT_TRUE(written.has("eth", {"chain_state", "bark"}));
  EXPECT_FALSE(written.has("eth", {"chain_state"}));
  written.add("CREATE VIEW");
  EXPECT_TRUE(written.has("tron", auctions));
}

// A new finalized block (sql/deploy/finality.sql) names its chain; no endpoint's tables name it,
// so it renders again only the answers that name none.
TEST(WrittenChains, ANewFinalizedBlockChangesOnlyTheAnswersThatNameNoTables) {
  WrittenChains written = WrittenChains::none();
  written.add("finalized_block eth");
  EXPECT_FALSE(written.every());
  EXPECT_FALSE(written.has("eth", {"chain_state", "vault_state"}));
  EXPECT_TRUE(written.has("eth"));
  EXPECT_FALSE(written.has("tron"));
}

TEST(WrittenChains, AnythingElseMayChangeEveryChain) {
  for (const char* payload : {"allocator_position", "urn_event", "token_symbol eth", "CREATE VIEW", ""}) {
    WrittenChains written = WrittenChains::none();
    written.add(payload);
    EXPECT_TRUE(written.has("bsc")) << payload;
    EXPECT_TRUE(written.every()) << payload;
  }
  EXPECT_FALSE(WrittenChains::none().has("bsc"));
  EXPECT_FALSE(WrittenChains::none().every());
  EXPECT_TRUE(WrittenChains::every_chain().has("bsc"));
  EXPECT_TRUE(WrittenChains::every_chain().every());
}

}  // namespace
}  // namespace coin
