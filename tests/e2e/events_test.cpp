// The event stream (GET /api/v1/events, nginx/events.conf): one event per published set, with
// the answers whose bytes changed and their new ETags, the ETags the answers are then served
// with; resumed after a reconnection by Last-Event-ID; a bounded number per client address; a
// 503 while the channel has no event; and a publication that renders only what a write may have
// changed gives the very bytes of a whole render. A stack of its own: the test writes snapshots.

#include <sys/stat.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/answers.hpp"
#include "tests/e2e/event_stream.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/raw_http.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;

std::vector<std::string> paths_of(const Json& changed) {
  std::vector<std::string> paths;
  for (const Json& answer : changed.elements()) paths.push_back(answer["path"].text());
  return paths;
}

bool has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// No path of `changed` is an answer of `chain`.
void expect_no_answer_of(const std::string& chain, const std::vector<std::string>& changed) {
  for (const std::string& path : changed) EXPECT_EQ(path.find("chain=" + chain), std::string::npos) << path;
}

class EventsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { stack_ = new Stack("fixture"); }
  static void TearDownTestSuite() {
    delete stack_;
    stack_ = nullptr;
  }
  static std::string events_url() { return stack_->url("/api/v1/events"); }
  // The directory of the set the link current points at now.
  static std::string current_set() {
    return stack_->published() + "/" + fs::read_symlink(stack_->published() + "/current").string();
  }
  static Stack* stack_;
};
Stack* EventsTest::stack_ = nullptr;

// The files a set's signature index lists and their Content-Digests, without the signatures,
// whose time differs from one render to the next.
std::string signed_digests(const std::string& index) {
  std::string digests;
  std::istringstream lines(index);
  for (std::string line; std::getline(lines, line);) {
    digests += line.substr(0, line.find('\t', line.find('\t') + 1)) + '\n';
  }
  return digests;
}

// Every file of the set in `set` has the bytes a whole render of the same database gives
// (publisher --once), its .gz and .br too, and its signature index the same digests of the same
// files; and a whole render has no file `set` lacks.
void expect_a_whole_render_gives(Stack& stack, const std::string& set) {
  const std::string whole = stack.var() + "/whole-render";
  fs::remove_all(whole);
  ASSERT_EQ(wait_status(spawn({std::string(COIN_HANDLER_DIR) + "/publisher", "--once", "--directory", whole,
                               "--database", stack.conninfo("coin_api"), "--signing-key", stack.signing_key()},
                              {}, whole + ".log")),
            0);
  const std::string rendered = whole + "/" + fs::read_symlink(whole + "/current").string();
  std::size_t files = 0;
  for (const fs::directory_entry& entry : fs::recursive_directory_iterator(rendered)) {
    if (!entry.is_regular_file()) continue;
    const std::string name = entry.path().lexically_relative(rendered).string();
    if (name == "signatures.tsv") {
      EXPECT_EQ(signed_digests(read_file(set + "/" + name)), signed_digests(read_file(entry.path().string())));
    } else {
      EXPECT_EQ(read_file(set + "/" + name), read_file(entry.path().string())) << name;
    }
    ++files;
  }
  EXPECT_GT(files, 50u);
}

// By hand, from tests/sql/fixture.sql's header: the newest snapshot is tron's, 08:00 UTC+8;
// eth's row at 09:00 UTC+8 (01:00 UTC, 1778634000 = 0x6a03cd10) is the newest now. COIN grows by
// 1,000,000 (6.1, 6.2, 6.4 change); sCOIN does not (6.5 keeps its bytes and its ETag). eth's
// blocks become 22480012 + 300; the other chains' stay (tron at latest: null).
TEST_F(EventsTest, EachPublishedSetIsAnEventNamingTheAnswersItChanged) {
  const std::string scoin_etag = http("GET", stack_->url("/api/v1/external/total-supply/scoin")).header("etag");
  EventStream stream(events_url());
  EXPECT_EQ(stream.answer().status, 200);
  EXPECT_EQ(stream.answer().header("content-type"), "text/event-stream; charset=utf-8");
  EXPECT_EQ(stream.answer().header("cache-control"), "no-store");
  EXPECT_EQ(stream.answer().header("access-control-allow-origin"), "*");
  EXPECT_FALSE(stream.answer().has_header("x-snapshot-blocks"));

  ASSERT_TRUE(stack_->psql("coin_indexer", chain_snapshot("eth", "2026-05-13 09:00:00+08", 22480312)));
  const StreamEvent event = stream.next(patience);
  EXPECT_EQ(event.event, "snapshot");
  EXPECT_FALSE(event.id.empty());
  const Json data = Json::parse(event.data);
  EXPECT_EQ(data["snapshotAt"].text(), "2026-05-13T01:00:00Z");
  EXPECT_EQ(data["blocks"]["eth"].number(), "22480312");
  EXPECT_EQ(data["blocks"]["bsc"].number(), "48123456");
  EXPECT_EQ(data["blocks"]["plasma"].number(), "1500000");
  EXPECT_TRUE(data["blocks"]["tron"].is_null());
  // No finalized block known in the fixture: no block is final (X-Snapshot-Final).
  for (const char* chain : {"tron", "eth", "bsc", "plasma"}) EXPECT_EQ(data["final"][chain].text(), "false") << chain;
  const std::vector<std::string> changed = paths_of(data["changed"]);
  for (const std::string path : {"/totalSupply", "/circulatingSupply", "/api/v1/external/total-supply/coin",
                                 "/api/v1/data-platform/collateral-history?chain=eth&interval=WEEKLY"}) {
    EXPECT_TRUE(has(changed, path)) << path << " in " << event.data;
  }
  EXPECT_FALSE(has(changed, "/api/v1/external/total-supply/scoin")) << event.data;
  EXPECT_EQ(http("GET", stack_->url("/api/v1/external/total-supply/scoin")).header("etag"), scoin_etag);
  // eth's is the newest snapshot of any chain now, and tron's and bsc's answers keep their bytes:
  // their histories end at their own newest snapshots (derived.chain_clock), as a whole render's.
  expect_no_answer_of("tron", changed);
  expect_no_answer_of("bsc", changed);
  expect_a_whole_render_gives(*stack_, current_set());
  // Each answer named is served with the ETag the event gave it (of the bytes as they are).
  for (const Json& answer : data["changed"].elements()) {
    const HttpResponse served = http("GET", stack_->url(answer["path"].text()));
    EXPECT_EQ(served.header("etag"), answer["etag"].text()) << answer["path"].text();
    EXPECT_EQ(answer["etag"].text().rfind("\"6a03cd10-", 0), 0u) << answer["etag"].text();
  }
}

// A client that reconnects with the id of the last event it got gets the ones it missed first.
TEST_F(EventsTest, LastEventIdResumesWithTheEventsMissed) {
  EventStream stream(events_url());
  ASSERT_TRUE(stack_->psql("coin_indexer", chain_snapshot("eth", "2026-05-13 10:00:00+08", 22480612)));
  const StreamEvent first = stream.next(patience);
  ASSERT_TRUE(stack_->psql("coin_indexer", chain_snapshot("eth", "2026-05-13 11:00:00+08", 22480912)));
  const StreamEvent second = stream.next(patience);
  EXPECT_EQ(Json::parse(second.data)["snapshotAt"].text(), "2026-05-13T03:00:00Z");

  EventStream resumed(events_url(), first.id);
  const StreamEvent missed = resumed.next(patience);
  EXPECT_EQ(missed.id, second.id);
  EXPECT_EQ(missed.data, second.data);
}

// EVENT_STREAMS (8, render_nginx's default) per address at once; the next is refused at once,
// 429 with Retry-After; HEAD gets the headers at once, and any other method than GET, HEAD and
// OPTIONS is 405.
TEST_F(EventsTest, StreamsPerAddressAreBoundedAndOnlyGetIsAnswered) {
  std::vector<std::unique_ptr<EventStream>> streams;
  for (int i = 0; i < 8; ++i) {
    streams.push_back(std::make_unique<EventStream>(events_url()));
    EXPECT_EQ(streams.back()->answer().status, 200);
  }
  const HttpResponse refused = raw_http(stack_->url("/"), "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                         "Accept: text/event-stream\r\nConnection: close\r\n\r\n");
  EXPECT_EQ(refused.status, 429);
  EXPECT_EQ(refused.header("retry-after"), "1");
  EXPECT_EQ(refused.header("content-type"), "application/json");
  streams.clear();
  // The limit counts the streams open: once nginx has seen them closed (in its own time, later on
  // a busy machine), an address may open one again.
  EXPECT_TRUE(eventually([] { return EventStream(events_url()).answer().status == 200; }));

  const HttpResponse head = http("HEAD", events_url());  // the stream's headers, and no stream
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.header("content-type"), "text/event-stream; charset=utf-8");
  EXPECT_EQ(head.header("cache-control"), "no-store");
  const HttpResponse post = http("POST", events_url());
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(post.header("allow"), "GET, HEAD, OPTIONS");
  const HttpResponse preflight =
      http("OPTIONS", events_url(), {"Origin: https://example.org", "Access-Control-Request-Method: GET"});
  EXPECT_EQ(preflight.status, 204);
  EXPECT_EQ(preflight.header("access-control-allow-origin"), "*");
}

// Without a publisher (PUBLISH=off) the channel never holds an event: nginx holds a subscriber
// 10 s (nchan would abort the worker on a channel without one: nginx.conf's
// events_subscription()), then answers the API's server error, with Retry-After.
TEST(Events, WithoutAnEventForTenSecondsASubscriberIsAnswered503) {
  const HttpResponse refused = raw_http(unpublished_stack().url("/"), "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                                                       "Accept: text/event-stream\r\nConnection: close\r\n\r\n",
                                        patience);
  EXPECT_EQ(refused.status, 503);
  EXPECT_EQ(refused.header("content-type"), "application/json");
  EXPECT_EQ(refused.header("retry-after"), "5");
  EXPECT_EQ(refused.header("cache-control"), "no-store");
  EXPECT_EQ(refused.header("access-control-allow-origin"), "*");
  EXPECT_EQ(refused.body, "{\"code\":500,\"message\":\"INTERNAL_SERVER_ERROR\",\"data\":null}\n");
}

// A correction of bsc's newest row, on the day it was: the publisher renders bsc's answers and
// those of every chain again and links the other chains' from the set before, the same files
// (inodes). The set it makes holds the very bytes a whole render of the same database gives
// (publisher --once).
TEST_F(EventsTest, ARenderOfWhatChangedGivesTheBytesOfAWholeRender) {
  const std::string before = fs::read_symlink(stack_->published() + "/current").string();
  EventStream stream(events_url());
  ASSERT_EQ(stream.answer().status, 200);
  ASSERT_TRUE(stack_->psql("coin_indexer",
                           "UPDATE snapshot.chain_state SET earn_tvl = earn_tvl + 1 WHERE chain = 'bsc' AND taken_at ="
                           " (SELECT max(taken_at) FROM snapshot.chain_state WHERE chain = 'bsc')"));
  const Json data = Json::parse(stream.next(patience).data);
  const std::vector<std::string> changed = paths_of(data["changed"]);
  EXPECT_TRUE(has(changed, "/api/v1/vault/collaterals") || has(changed, "/api/v1/market-site/overview"))
      << "bsc's Earn TVL is part of the overviews: " << data["changed"].size() << " changed";
  expect_no_answer_of("eth", changed);
  expect_no_answer_of("tron", changed);
  const std::string after = current_set();
  const std::string eth_file = "/api/v1/data-platform/latest-collateral/chain=eth.json";
  struct stat kept {}, was {};
  ASSERT_EQ(::stat((after + eth_file).c_str(), &kept), 0);
  ASSERT_EQ(::stat((stack_->published() + "/" + before + eth_file).c_str(), &was), 0);
  EXPECT_EQ(kept.st_ino, was.st_ino) << "eth's answer is the set before's file";

  expect_a_whole_render_gives(*stack_, after);
}

// The histories' kept points (sql/deploy/kept_points.sql) are asked for again, and compressed
// again, only when the rows they are made of were written again: a snapshot of bsc later in the
// same hour as its newest (07:50 UTC+8) moves bsc's live points alone, the publisher splicing
// each new live point after the set before's bytes; a row of the past rewritten (bsc's of 00:00
// UTC+8, what bsc's point of 00:00 shows) changes bsc's kept points themselves. Each set is,
// file for file, what a whole render gives, and the rewritten past shows.
TEST_F(EventsTest, KeptPointsAreRenderedAgainOnlyWhereTheirRowsWereWrittenAgain) {
  const std::string weekly = "/api/v1/data-platform/collateral-history/chain=bsc&interval=WEEKLY.json";
  EventStream stream(events_url());
  ASSERT_EQ(stream.answer().status, 200);
  ASSERT_TRUE(stack_->psql("coin_indexer", chain_snapshot("bsc", "2026-05-13 07:55:00+08", 48123556)));
  stream.next(patience);
  const std::string moved = read_file(current_set() + weekly);
  EXPECT_NE(moved.find(R"("statisticTime":1778630100000,"time":null)"), std::string::npos) << "the live point, 07:55";
  expect_a_whole_render_gives(*stack_, current_set());

  ASSERT_TRUE(stack_->psql("coin_indexer", "UPDATE snapshot.chain_state SET earn_tvl = earn_tvl + 1"
                                           " WHERE chain = 'bsc' AND taken_at = '2026-05-13 00:00:00+08'"));
  stream.next(patience);
  const std::string rewritten = read_file(current_set() + weekly);
  EXPECT_NE(rewritten, moved);
  EXPECT_EQ(rewritten.substr(rewritten.find(R"("statisticTime":1778630100000)")),
            moved.substr(moved.find(R"("statisticTime":1778630100000)")))
      << "the live point is as it was";
  expect_a_whole_render_gives(*stack_, current_set());
}

// 6.21 in parts (sql/deploy/liquidation_parts.sql): a snapshot of bsc later in the same hour
// moves its live points alone, the publisher putting them around the grid points it holds; a Bark
// written, bsc's WBTC-A at 03:30 UTC+8 (collateral 2), changes the grid points themselves:
// WEEKLY's point of 04:00 counts it, and WBTC-A's sums over the window are those of its auction of
// 05:00 (tests/sql/fixture.sql's header: 1 auction, 1) and this one's. Each set is, file for file,
// what a whole render gives.
TEST_F(EventsTest, LiquidationTotalsKeepTheirGridPointsUntilABarkOrATakeIsWritten) {
  const std::string weekly = "/api/v1/risk/liquidation-totals/chain=bsc&interval=WEEKLY.json";
  EventStream stream(events_url());
  ASSERT_EQ(stream.answer().status, 200);
  ASSERT_TRUE(stack_->psql("coin_indexer", chain_snapshot("bsc", "2026-05-13 07:58:00+08", 48123557)));
  stream.next(patience);
  EXPECT_NE(read_file(current_set() + weekly).find(R"("statisticTime":1778630280000,"time":null)"), std::string::npos)
      << "the live point, 07:58";
  expect_a_whole_render_gives(*stack_, current_set());

  ASSERT_TRUE(stack_->psql(
      "coin_indexer",
      "INSERT INTO snapshot.bark (chain, block_number, log_index, block_hash, block_time, tx_hash, vault_id, urn,"
      " collateral, art, due, clipper, sale_id) VALUES ('bsc', 48121000, 0, '0x' || repeat('ab', 32),"
      " '2026-05-13 03:30:00+08', '0x' || repeat('cd', 32), 4, '0x00000000000000000000000000000000000000b3', 2, 25,"
      " 30, '0x00000000000000000000000000000000000000c2', 3)"));
  stream.next(patience);
  const std::string barked = read_file(current_set() + weekly);
  EXPECT_NE(barked.find(R"json({"statisticTime":1778616000000,"time":"2026-05-13 04:00 (UTC+8)","auctions":1,)json"
                        R"json("collateral":2,"debtCovered":0,"badDebt":0})json"),
            std::string::npos)
      << barked;
  EXPECT_NE(barked.find(R"({"vaultType":"WBTC-A","auctions":2,"collateral":3,)"), std::string::npos) << barked;
  expect_a_whole_render_gives(*stack_, current_set());
}

// The daily histories (6.9, 6.10) read materialized views alone (Endpoint::refreshed), which a
// snapshot that changes no daily point leaves as they were: the publisher links them from the set
// before without asking. A row that changes a daily point refreshes those views, a DDL command
// that announces itself (sql/deploy/ddl_notify.sql), and they are rendered again. By hand, from
// tests/sql/fixture.sql's header: bsc's COIN at 2026-05-13 00:00 UTC+8, 250100, is the last
// daily point's third coin; one more makes it 250101.
TEST_F(EventsTest, TheDailyHistoriesAreRenderedAgainWhenADailyPointChanges) {
  const std::string supply = "/api/v1/data-platform/overview/supply-value-history";
  const std::string point = R"({"statisticTime":1778601600000,"coin":["123500000.123456789","876700000.5",)";
  const std::string before = http("GET", stack_->url(supply)).body;
  ASSERT_NE(before.find(point + R"("250100"])"), std::string::npos) << before;
  EventStream stream(events_url());
  ASSERT_EQ(stream.answer().status, 200);
  ASSERT_TRUE(stack_->psql("coin_indexer", "UPDATE snapshot.chain_state SET coin_supply = coin_supply + 1"
                                           " WHERE chain = 'bsc' AND taken_at = '2026-05-13 00:00:00+08'"));
  const StreamEvent event = stream.next(patience);
  EXPECT_TRUE(has(paths_of(Json::parse(event.data)["changed"]), supply)) << event.data;
  std::string expected = before;
  expected.replace(before.find(point) + point.size(), 8, R"("250101")");
  EXPECT_EQ(http("GET", stack_->url(supply)).body, expected);
  expect_a_whole_render_gives(*stack_, current_set());
}

// An answer that names the tables it reads (Endpoint::tables: 6.20's and 6.22's auctions) is
// kept through a write to any other table of its chain, without asking the database: a
// correction of the getStatus of tron's running auction A4 (tests/sql/fixture.sql's header: 08:00
// UTC+8, price 0.2) to 0.19 that no notification announces (triggers off) is not in 6.22's answer
// after a correction of tron's newest chain_state, which renders tron's other answers (6.12
// shows the Earn TVL); a write of auction_status that is announced renders 6.20 and 6.22 again,
// and the price shows. The set is then what a whole render gives.
TEST_F(EventsTest, AnAnswerThatNamesItsTablesIsRenderedAgainOnlyWhenOneOfThemIsWritten) {
  const std::string auctions = "/api/v1/risk/auctions/chain=tron.json";
  const std::string corrected = R"json("current":{"time":"2026-05-13 08:00 (UTC+8)","price":0.19,)json";
  EventStream stream(events_url());
  ASSERT_EQ(stream.answer().status, 200);
  ASSERT_TRUE(stack_->psql("postgres", "SET session_replication_role = replica; UPDATE snapshot.auction_status"
                                       " SET price = 0.19 WHERE chain = 'tron' AND sale_id = 4"));
  ASSERT_TRUE(stack_->psql("coin_indexer",
                           "UPDATE snapshot.chain_state SET earn_tvl = earn_tvl + 1 WHERE chain = 'tron' AND taken_at ="
                           " (SELECT max(taken_at) FROM snapshot.chain_state WHERE chain = 'tron')"));
  EXPECT_TRUE(has(paths_of(Json::parse(stream.next(patience).data)["changed"]),
                  "/api/v1/data-platform/latest-collateral?chain=tron"));
  EXPECT_EQ(read_file(current_set() + auctions).find(corrected), std::string::npos) << "kept, not asked for";

  ASSERT_TRUE(stack_->psql("coin_indexer", "UPDATE snapshot.auction_status SET needs_redo = false"
                                           " WHERE chain = 'tron' AND sale_id = 4"));
  EXPECT_EQ(paths_of(Json::parse(stream.next(patience).data)["changed"]),
            (std::vector<std::string>{"/api/v1/risk/liquidations?chain=tron", "/api/v1/risk/auctions?chain=tron"}));
  EXPECT_NE(read_file(current_set() + auctions).find(corrected), std::string::npos);
  expect_a_whole_render_gives(*stack_, current_set());
}

// Each nginx worker keeps the set the link current points at, read from the link again after the
// publisher posts a set's event (nginx.conf's published_set()): the events above are served at
// once. A link moved without an event (a publisher without --events) is served all the same once
// each worker reads the link again, within a second; and moved back likewise. Without the link
// the handlers answer, and a link that appears is served with its set's X-Snapshot-Blocks from
// the first answer on: a worker that has not read it yet has the handlers answer, it does not
// serve the set through the link, unnamed.
TEST_F(EventsTest, ALinkMovedWithoutAnEventIsServedAllTheSame) {
  const std::string link = stack_->published() + "/current";
  const std::string set = fs::read_symlink(link).string();
  const HttpResponse before = http("GET", stack_->url("/totalSupply"));
  const std::string blocks = before.header("x-snapshot-blocks");
  ASSERT_FALSE(blocks.empty());
  // Named like a set ("set.<blocks>.XXXXXX"), so that its answers have their X-Snapshot-Blocks.
  const std::string copy = set.substr(0, set.size() - 6) + "byHand";
  fs::copy(stack_->published() + "/" + set, stack_->published() + "/" + copy, fs::copy_options::recursive);
  std::ofstream(stack_->published() + "/" + copy + "/totalSupply.txt", std::ios::trunc) << "12345";
  const auto move_link = [&](const std::string& to) {
    fs::create_symlink(to, link + ".moving");
    fs::rename(link + ".moving", link);
  };
  int without_blocks = 0;
  const auto served = [&](const std::string& body) {
    return eventually([&] {
      const HttpResponse response = http("GET", stack_->url("/totalSupply"));
      if (response.header("x-snapshot-blocks") != blocks) ++without_blocks;
      return response.body == body;
    });
  };

  move_link(copy);
  EXPECT_TRUE(served("12345"));
  move_link(set);
  EXPECT_TRUE(served(before.body));

  // Another published answer tells when a worker has read that there is no link (a miss of
  // /totalSupply's own file would be kept by open_file_cache, published.conf).
  fs::remove(link);
  const std::string other = stack_->url("/api/v1/external/total-supply/coin");
  EXPECT_TRUE(eventually([&] { return from_a_handler(http("GET", other)); }));
  move_link(copy);
  EXPECT_TRUE(served("12345"));
  move_link(set);
  EXPECT_TRUE(served(before.body));
  EXPECT_EQ(without_blocks, 0);
  fs::remove_all(stack_->published() + "/" + copy);
}

}  // namespace
}  // namespace coin::e2e
