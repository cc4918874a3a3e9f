// Sparse traffic: a client that asks once after seconds of silence gets the newest snapshot,
// committed moments before, on every endpoint (an answer the snapshot changed says it in its
// Last-Modified; one it left as it was keeps its own). Nothing waits for a request to notice a new
// snapshot: the publisher renders every answer when the snapshot is written, and its set is
// swapped in and announced (the event stream) while nobody asks. How soon is a figure of make
// bench ("freshness, sparse"), not of a test. A stack of its own: the test writes snapshots.

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/event_stream.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/other_chains.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

using namespace std::chrono_literals;

// Every chain's latest row again, an hour later, with 1,000,000 more COIN (sCOIN, prices and
// APYs as they were); one statement, so one snapshot_written.
constexpr const char* new_snapshot = R"(
  INSERT INTO snapshot.chain_state
    (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
  SELECT DISTINCT ON (chain) chain, taken_at + interval '1 hour', coin_supply + 1000000,
         scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl
    FROM snapshot.chain_state ORDER BY chain, taken_at DESC;)";

// The figures after round r, by hand from tests/sql/fixture.sql's header: each chain's COIN is
// its latest + r x 1,000,000, so 6.1 (= COIN + sCOIN, 1000255000.499999999999999999 on the
// fixture) and 6.4's total (1000250000.5) grow by 3,000,000 a round. The newest snapshot is
// tron's (08:00 UTC+8 on the fixture, 00:00 UTC; eth's and bsc's are 07:55 and 07:50), now
// r hours later: 1778630400 + 3600 r seconds, 0x6a03bf00 + r x 0xe10.
struct Round {
  std::string snapshot_at;  // the event's snapshotAt
  std::string total;        // 6.1, 6.2
  std::string coin_total;   // 6.4 totalSupply, 6.6 totalSupply
  std::string tron, eth, bsc;
  std::string last_modified;
  std::string etag_prefix;  // "<hex Last-Modified>-
};
const std::vector<Round> rounds = {
    {"2026-05-13T01:00:00Z", "1003255000.499999999999999999", "1003250000.5", "124456789.123456789012345678",
     "877543210.876543210987654322", "1250000.5", "Wed, 13 May 2026 01:00:00 GMT", "\"6a03cd10-"},
    {"2026-05-13T02:00:00Z", "1006255000.499999999999999999", "1006250000.5", "125456789.123456789012345678",
     "878543210.876543210987654322", "2250000.5", "Wed, 13 May 2026 02:00:00 GMT", "\"6a03db20-"},
    {"2026-05-13T03:00:00Z", "1009255000.499999999999999999", "1009250000.5", "126456789.123456789012345678",
     "879543210.876543210987654322", "3250000.5", "Wed, 13 May 2026 03:00:00 GMT", "\"6a03e930-"},
};

// A chain without rows in the fixture: its field in 6.4 and 6.5.
const std::string other_chains_supply = for_other_chains(R"(,"{}":0)");

// 6.5 does not change: no sCOIN was added.
const std::string scoin_body = success_body(
    R"({"symbol":"sCOIN","totalSupply":4999.999999999999999999,)"
    R"("tron":4999.999999999999999998,"eth":0.000000000000000001,"bsc":0)" + other_chains_supply + "}");

// What `response`, the answer to `request` after `round`, must say of the new snapshot.
void expect_new_figures(const Request& request, const HttpResponse& response, const Round& round) {
  const std::string& spec = request.spec;
  if (spec == "6.1" || spec == "6.2") {
    EXPECT_EQ(response.body, round.total);
  }
  if (spec == "6.4") {
    EXPECT_EQ(response.body, success_body(R"({"symbol":"COIN","totalSupply":)" + round.coin_total + R"(,"tron":)" +
                                          round.tron + R"(,"eth":)" + round.eth + R"(,"bsc":)" + round.bsc +
                                          other_chains_supply + "}"));
  }
  if (spec == "6.5") {
    EXPECT_EQ(response.body, scoin_body);
  }
  if (spec == "6.6") {
    EXPECT_EQ(data_of(response.body)["totalSupply"].number(), round.coin_total);
  }
  if (spec == "6.12") {  // chain=eth
    ASSERT_EQ(request.values, std::vector<std::string>{"eth"});
    EXPECT_EQ(data_of(response.body)["coinTotalSupply"].number(), round.eth);
  }
  if (spec == "6.13") {  // chain=tron&interval=WEEKLY: the live point is last
    ASSERT_EQ(request.values, (std::vector<std::string>{"tron", "WEEKLY"}));
    const Json items = Json::parse(response.body)["data"]["items"];
    ASSERT_GT(items.size(), 0u);
    EXPECT_TRUE(items[items.size() - 1]["time"].is_null());
    EXPECT_EQ(items[items.size() - 1]["coinTotalSupply"].text(), round.tron);
  }
}

TEST(Freshness, AfterSilenceEveryEndpointShowsASnapshotCommittedJustBefore) {
  const Stack stack("fixture");
  EventStream events(stack.url("/api/v1/events"));
  ASSERT_EQ(events.answer().status, 200);
  std::map<std::string, HttpResponse> before;  // each request's answer before the round
  for (const Request& request : sample_requests()) {
    before[request.path] = http("GET", stack.url(request.path));
    ASSERT_EQ(before[request.path].status, 200) << request.name();
  }
  for (size_t r = 0; r < rounds.size(); ++r) {
    std::this_thread::sleep_for(4s);  // no request at all
    ASSERT_TRUE(stack.psql("coin_indexer", new_snapshot)) << "round " << r + 1;
    // Still no request: the published set is swapped on its own. Every worker of nginx serves it
    // to one who asks after its event (the link alone may move a moment before).
    EXPECT_EQ(Json::parse(events.next(patience).data)["snapshotAt"].text(), rounds[r].snapshot_at)
        << "round " << r + 1;
    for (const Request& request : sample_requests()) {
      const std::string context = "round " + std::to_string(r + 1) + ", " + request.name();
      SCOPED_TRACE(context);
      const HttpResponse response = http("GET", stack.url(request.path));
      EXPECT_EQ(response.status, 200);
      // An answer the round changed says so; one whose bytes it left (6.5: no sCOIN was added;
      // the histories of daily points) keeps its Last-Modified and ETag (publisher/answer_files.hpp).
      // One only a handler answers (6.16, 6.19) always names the newest snapshot: nothing kept
      // the bytes it answered before.
      const HttpResponse& was = before[request.path];
      if (response.body != was.body || !request.endpoint->published()) {
        EXPECT_EQ(response.header("last-modified"), rounds[r].last_modified);
        EXPECT_EQ(response.header("etag").rfind(rounds[r].etag_prefix, 0), 0u) << response.header("etag");
      } else {
        EXPECT_EQ(response.header("last-modified"), was.header("last-modified"));
        EXPECT_EQ(response.header("etag"), was.header("etag"));
      }
      expect_new_figures(request, response, rounds[r]);
      before[request.path] = response;
    }
  }
}

}  // namespace
}  // namespace coin::e2e
