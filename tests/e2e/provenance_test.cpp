// What every answer rests on (docs/provenance.md): X-Snapshot-Blocks on every answer with data,
// the same whether nginx serves the published file or a handler renders it (its 304s, HEAD,
// gzip, CSV and ranges too, and without the publisher); none on what rests on no snapshot;
// a new snapshot's blocks once it is published; and /healthz's blocks. Beside it, X-Snapshot-Final:
// the fixture knows no finalized block, so no block is final; one written turns its chain's "yes"
// on every answer, signed, and in /healthz, until a newer snapshot above it.
//
// By hand, from tests/sql/fixture.sql's header: tron's newest chain_state (2026-05-13 08:00
// UTC+8) was read at latest; eth's (07:55) at block 22480012, bsc's (07:50) at 48123456, and
// plasma, a chain of allocator positions only, at 1500000 (its position's state of 07:55). In
// the order tron, eth, bsc, then the others by name.

#include <gtest/gtest.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/other_chains.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

const std::string fixture_blocks = "tron=latest; eth=22480012; bsc=48123456; plasma=1500000";
const std::string header = "x-snapshot-blocks";
const std::string fixture_final = "tron=no; eth=no; bsc=no; plasma=no";
const std::string final_header = "x-snapshot-final";

const std::string latest = "/api/v1/data-platform/latest-collateral?chain=eth";
const std::string history = "/api/v1/data-platform/collateral-history?chain=eth&interval=WEEKLY";

// The handlers' answer to `request` (as tests/e2e/caching_test.cpp): the same query with an
// unknown parameter, which nginx does not publish; an endpoint without parameters answers any
// query from its published file, so the stack without the publisher answers it.
HttpResponse handlers_answer(const Request& request) {
  if (request.endpoint->parameters.empty()) return http("GET", unpublished_stack().url(request.path));
  return http("GET", fixture_stack().url(request.with_unknown_parameter()));
}

TEST(SnapshotBlocks, EveryAnswerPublishedOrRenderedNamesTheSameBlocks) {
  for (const Request& request : published_requests()) {
    const HttpResponse published = http("GET", fixture_stack().url(request.path));
    EXPECT_EQ(published.status, 200) << request.name();
    EXPECT_EQ(published.header(header), fixture_blocks) << request.name() << ", published";
    EXPECT_EQ(published.header(final_header), fixture_final) << request.name() << ", published";
    const HttpResponse rendered = handlers_answer(request);
    EXPECT_EQ(rendered.header(header), fixture_blocks) << request.name() << ", a handler's";
    EXPECT_EQ(rendered.header(final_header), fixture_final) << request.name() << ", a handler's";
    EXPECT_EQ(http("GET", fixture_stack().url(request.path), {"Accept-Encoding: gzip"}).header(header),
              fixture_blocks)
        << request.name() << ", gzip";
    EXPECT_EQ(http("HEAD", fixture_stack().url(request.path)).header(header), fixture_blocks)
        << request.name() << ", HEAD";
  }
}

TEST(SnapshotBlocks, A304SaysThemTooAsDoRangesAndCsv) {
  const Stack& stack = fixture_stack();
  for (const std::string& path : {latest, latest + "&x=1"}) {  // published, a handler's
    const HttpResponse answer = http("GET", stack.url(path));
    const HttpResponse not_modified = http("GET", stack.url(path), {"If-None-Match: " + answer.header("etag")});
    EXPECT_EQ(not_modified.status, 304) << path;
    EXPECT_EQ(not_modified.header(header), fixture_blocks) << path;
    EXPECT_EQ(not_modified.header(final_header), fixture_final) << path;
  }
  for (const std::string& path : {history + "&from=2026-05-12", history + "&format=csv", latest + "&format=csv"}) {
    const HttpResponse answer = http("GET", stack.url(path));
    EXPECT_EQ(answer.status, 200) << path;
    EXPECT_EQ(answer.header(header), fixture_blocks) << path;
  }
}

TEST(SnapshotBlocks, WhatRestsOnNoSnapshotSaysNone) {
  const Stack& stack = fixture_stack();
  const std::vector<std::pair<std::string, HttpResponse>> answers = {
      {"a business error", http("GET", stack.url("/api/v1/data-platform/latest-collateral?chain=nope"))},
      {"a Vault type the chain lacks", http("GET", stack.url("/api/v1/data-platform/vault-history?chain=eth"
                                                              "&vaultType=TRX-A&interval=WEEKLY"))},
      {"a preflight", http("OPTIONS", stack.url("/totalSupply"))},
      {"a 412", http("GET", stack.url(latest), {"If-Match: \"other\""})},
      {"a 404", http("GET", stack.url("/nope"))},
      {"a page", http("GET", stack.url("/"))},
      {"/healthz", http("GET", stack.url("/healthz"))},
  };
  for (const auto& [name, answer] : answers) {
    EXPECT_FALSE(answer.has_header(header)) << name << ": " << answer.header(header);
    EXPECT_FALSE(answer.has_header(final_header)) << name << ": " << answer.header(final_header);
    // A script of another origin may read them where they are sent.
    EXPECT_EQ(answer.header("access-control-expose-headers"),
              "X-Snapshot-Blocks, X-Snapshot-Final, Content-Digest, Signature-Input, Signature")
        << name;
  }
}

// "number hash time snapshotAt" of one chain of /healthz's blocks, "null" for a null.
std::string block_of(const Json& block) {
  std::string text;
  for (const char* field : {"number", "hash", "time", "snapshotAt"}) {
    text += (text.empty() ? "" : " ") + (block[field].is_null() ? std::string("null") : block[field].text());
  }
  return text;
}

std::map<std::string, std::string> healthz_blocks(const Stack& stack) {
  std::map<std::string, std::string> blocks;
  const Json health = Json::parse(http("GET", stack.url("/healthz")).body);
  for (const auto& [chain, block] : health["blocks"].members()) {
    blocks[chain] = block_of(block);
  }
  return blocks;
}

// A block hash of the fixture: "0x" and 32 times `pair` ("e7").
std::string hash_of(const std::string& pair) {
  std::string hash = "0x";
  for (int i = 0; i < 32; ++i) hash += pair;
  return hash;
}

// In UTC: 07:54:59 UTC+8 is 23:54:59Z of the day before.
TEST(Healthz, NamesTheBlockOfEachChainsNewestSnapshot) {
  std::map<std::string, std::string> blocks = {
      {"tron", "null null null 2026-05-13T00:00:00Z"},
      {"eth", "22480012 " + hash_of("e7") + " 2026-05-12T23:54:59Z 2026-05-12T23:55:00Z"},
      {"bsc", "48123456 " + hash_of("b5") + " 2026-05-12T23:49:57Z 2026-05-12T23:50:00Z"},
      {"plasma", "1500000 " + hash_of("9a") + " 2026-05-12T23:54:58Z 2026-05-12T23:55:00Z"}};
  for (const std::string& chain : other_chains()) blocks[chain] = "null null null null";  // no snapshot
  EXPECT_EQ(healthz_blocks(fixture_stack()), blocks);
}

// eth's finalized block read at 22480012, the block of its newest snapshot: every answer says
// eth=yes once the publisher has published the set it makes of that alone (a handler's at once),
// signed with it, and /healthz names the finalized block. Then a snapshot of eth an hour after
// the fixture's newest (2026-05-13 09:00 UTC+8, 01:00 UTC), read at block 22480312, above it:
// every answer names that block once published, each with that Last-Modified, and eth=no again.
// A stack of its own.
TEST(SnapshotBlocks, ANewSnapshotsBlockOnceWrittenAndItsFinalityAsTheChainFinalizesIt) {
  const Stack stack("fixture");
  ASSERT_TRUE(stack.psql("coin_indexer", "INSERT INTO snapshot.finalized_block VALUES ('eth', 22480012)"));
  const std::string eth_final = "tron=no; eth=yes; bsc=no; plasma=no";
  for (const std::string& path : {std::string("/totalSupply"), latest, latest + "&x=1", history + "&format=csv"}) {
    const HttpResponse answer =
        http_until(stack.url(path), [&](const HttpResponse& r) { return r.header(final_header) == eth_final; });
    EXPECT_EQ(answer.header(final_header), eth_final) << path;
    EXPECT_EQ(answer.header(header), fixture_blocks) << path;
    EXPECT_NE(answer.header("signature-input").find(R"("x-snapshot-blocks" "x-snapshot-final");)"), std::string::npos)
        << path << ": " << answer.header("signature-input");
  }
  const Json eth_health = Json::parse(http("GET", stack.url("/healthz")).body)["blocks"]["eth"];
  EXPECT_EQ(eth_health["finalized"].number(), "22480012");
  EXPECT_EQ(eth_health["final"].text(), "true");
  ASSERT_TRUE(stack.psql(
      "coin_indexer",
      "INSERT INTO snapshot.chain_state SELECT chain, '2026-05-13 09:00:00+08', coin_supply, scoin_supply,"
      " coin_price, scoin_price, earn_apy, earn_tvl, 22480312, '" + hash_of("e8") + "', '2026-05-13 08:59:59+08'"
      " FROM snapshot.chain_state WHERE chain = 'eth' ORDER BY taken_at DESC LIMIT 1"));
  const std::string blocks = "tron=latest; eth=22480312; bsc=48123456; plasma=1500000";
  // The new row repeats eth's figures: a published answer whose bytes it leaves as they were
  // keeps its Last-Modified (publisher/answer_files.hpp); a handler's says the newest snapshot.
  const std::string kept = "Wed, 13 May 2026 00:00:00 GMT", newest = "Wed, 13 May 2026 01:00:00 GMT";
  for (const auto& [path, last_modified] : std::vector<std::pair<std::string, std::string>>{
           {"/totalSupply", kept}, {latest, kept}, {latest + "&x=1", newest}, {history + "&format=csv", newest}}) {
    const HttpResponse answer =
        http_until(stack.url(path), [&](const HttpResponse& r) { return r.header(header) == blocks; });
    EXPECT_EQ(answer.header(header), blocks) << path;
    EXPECT_EQ(answer.header(final_header), fixture_final) << path;
    EXPECT_EQ(answer.header("last-modified"), last_modified) << path;
  }
  EXPECT_EQ(healthz_blocks(stack)["eth"], "22480312 " + hash_of("e8") + " 2026-05-13T00:59:59Z 2026-05-13T01:00:00Z");
}

}  // namespace
}  // namespace coin::e2e
