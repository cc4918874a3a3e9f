// Liquidations against anvil: chain/liquidate.mjs's scenario on eth's ETH-A (chain/README.md,
// "Liquidations"): three urns opened just safe (open), a price fall and a Bark of each (fall:
// auctions 1, 2 and 3 of ETH-A's Clipper), auction 1 taken in part then whole and auction 2
// whole (take), auction 3 redone after its tail (redo).
//
// The figures, worked by hand in chain/README.md (rate 1.098765432109876543210987654, mat
// 1.45, par 1, chop 1.13, buf 1.2, tau 1000 s, chip 0.001, tip 250), each row de-scaled from
// wad (ink, art, lot), ray (prices) or rad (due, tab, owe, coin) with no digit lost:
//   fall: price 3,422, top = 3,422 x 1.2 = 4,106.4; per urn 0x0bad...0021 to 23, ink 10 and
//   art 21,650, 21,610, 21,560 (open's 99.8%, 99.6%, 99.4% of 10 x spot / rate in whole tens):
//     due = art x rate: 21,650 x 1.098765432109876543210987654 = 23,788.2716051788271605178827091,
//       23,744.32098789443209878944320294, 23,689.38271628893827162889382024;
//     tab = due x 1.13: 26,880.746913852074691385207461283, 26,831.0827163207082716320708193222,
//       26,769.0024694065002469406500168712;
//     coin = 250 + tab x 0.001: 276.880746913852074691385207461283, 276.8310827163207082716320708193222,
//       276.7690024694065002469406500168712.
//   take (price = 4,106.4 x (1000 - dur) / 1000, max = price):
//     auction 1 at 100 s: 3,695.76, 4 ETH, owe 4 x 3,695.76 = 14,783.04, tab left 26,880.746913852074691385207461283
//       - 14,783.04 = 12,097.706913852074691385207461283, lot 6;
//     auction 1 at 200 s: 3,285.12, 6 x 3,285.12 = 19,710.72 is over the tab: owe = the tab,
//       12,097.706913852074691385207461283, for 12,097.706... / 3,285.12 = 3.682576865944645763 ETH;
//       tab 0, lot 6 - 3.682576865944645763 = 2.317423134055354237 (back to the urn): ended;
//     auction 2 at 500 s: 2,053.2, all 10 ETH, owe 20,532, tab left 26,831.0827163207082716320708193222
//       - 20,532 = 6,299.0827163207082716320708193222, lot 0: ended.
//   redo of auction 3 at tail + 1 s, the price poked to 3,439: top 3,439 x 1.2 = 4,126.8, tab
//   and lot as they were, coin 276.7690024694065002469406500168712 (as its Kick's).
//   Blocks on a fresh deployment: barks 324, 325, 326; takes 328, 329, 330; redo 333.
// Running auctions: after fall 1, 2 and 3 (a Bark and a Kick each, no end): 3 auction_status
// rows, lot 10 and their Kick's tab, no redo needed (a few seconds in, price 0.99 x top or so,
// far from tail 600 s and cusp 0.3). After take only 3 (auction 1's tab 0, auction 2's lot 0),
// after redo still 3, lot and tab unchanged. Its price falls with time: at most its top.
// An auction that spans a reorganisation (its takes undone) runs again; one whose Bark is older
// than the first round's range has its Takes written first and its Bark and Kick by the
// backfill, joined by (clipper, sale_id). Those two tests compare the events' rows with what
// the script printed of them, multiplied back by their scales (wad 10^18, ray 10^27, rad 10^45)
// into the chain's integers: equal, so de-scaled with no digit lost.

#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::chain_test {
namespace {

const std::string keeper = "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266";
const std::string urn_1 = "0x0bad000000000000000000000000000000000021";
const std::string urn_2 = "0x0bad000000000000000000000000000000000022";
const std::string urn_3 = "0x0bad000000000000000000000000000000000023";
const std::string tab_1 = "26880.746913852074691385207461283";
const std::string tab_2 = "26831.0827163207082716320708193222";
const std::string tab_3 = "26769.0024694065002469406500168712";

class Auctions : public ::testing::Test {
 protected:
  // One round; each on a grid of its own second (the first of a test on a day's).
  int round(const std::string& config, int interval, std::string* log) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    return run_indexer(stack_, {"--config", config, "--once", "--interval", std::to_string(interval)}, log);
  }
  std::string query(const std::string& sql) { return stack_.query("postgres", sql); }

  // One step of the scenario on eth: what it printed (its last line).
  e2e::Json step(const std::string& name) {
    std::string output;
    EXPECT_EQ(e2e::run_node_script("chain/liquidate.mjs", "--rpc " + chain_.url() + " --config " +
                                                              chain_.config_path() + " --chain eth --step " + name,
                                   &output),
              0)
        << output;
    while (!output.empty() && output.back() == '\n') output.pop_back();
    const std::size_t line = output.rfind('\n');
    return e2e::Json::parse(output.substr(line == std::string::npos ? 0 : line + 1));
  }

  // The rows of the chain's Barks, as integers again.
  std::string barks() {
    return query("SELECT sale_id, urn, trim_scale(collateral * 1e18), trim_scale(art * 1e18), trim_scale(due * 1e45), "
                 "block_number FROM snapshot.bark WHERE chain = 'eth' ORDER BY sale_id");
  }
  std::string clip_events(const std::string& kind) {
    return query("SELECT sale_id, trim_scale(price * 1e27), coalesce(trim_scale(max_price * 1e27)::text, '-'), "
                 "coalesce(trim_scale(owe * 1e45)::text, '-'), trim_scale(tab * 1e45), trim_scale(lot * 1e18), "
                 "coalesce(trim_scale(incentive * 1e45)::text, '-'), block_number FROM snapshot.clip_event "
                 "WHERE chain = 'eth' AND kind = '" + kind + "' ORDER BY block_number, log_index");
  }
  // The newest snapshot's auction rows: id, lot, tab, needs_redo.
  std::string running() {
    return query("SELECT sale_id, lot, tab, needs_redo FROM snapshot.auction_status "
                 "WHERE chain = 'eth' AND taken_at = (SELECT max(taken_at) FROM snapshot.chain_state WHERE chain = 'eth') "
                 "ORDER BY sale_id");
  }

  // What the script printed, as those queries show it.
  static std::string bark_rows(const e2e::Json& fall) {
    std::string rows;
    for (const e2e::Json& a : fall["auctions"].elements()) {
      rows += a["id"].text() + "|" + a["urn"].text() + "|" + a["ink"].text() + "|" + a["art"].text() + "|" +
              a["due"].text() + "|" + a["block"].text() + "\n";
    }
    return rows;
  }
  static std::string kick_rows(const e2e::Json& fall) {
    std::string rows;
    for (const e2e::Json& a : fall["auctions"].elements()) {
      rows += a["id"].text() + "|" + a["top"].text() + "|-|-|" + a["tab"].text() + "|" + a["lot"].text() + "|" +
              a["coin"].text() + "|" + a["block"].text() + "\n";
    }
    return rows;
  }
  static std::string take_rows(const e2e::Json& take) {
    std::string rows;
    for (const e2e::Json& t : take["takes"].elements()) {
      rows += t["id"].text() + "|" + t["price"].text() + "|" + t["max"].text() + "|" + t["owe"].text() + "|" +
              t["tab"].text() + "|" + t["lot"].text() + "|-|" + t["block"].text() + "\n";
    }
    return rows;
  }
  LocalChain chain_;
  e2e::Stack stack_{"empty"};
};

TEST_F(Auctions, EveryEventOfTheScenarioAndEachRunningAuction) {
  std::string log;
  ASSERT_EQ(round(chain_.config_path(), 86400, &log), 0) << log;
  EXPECT_NE(log.find("; auctions: 0 barks, 0 clipper events, 0 running"), std::string::npos) << log;

  step("open");
  step("fall");
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("; auctions: 3 barks, 3 clipper events, 3 running"), std::string::npos) << log;
  const std::string clipper = query("SELECT clipper FROM snapshot.bark LIMIT 1");
  EXPECT_EQ(query("SELECT sale_id, urn, collateral, art, due, clipper = '" + clipper.substr(0, 42) + "', block_number "
                  "FROM snapshot.bark WHERE chain = 'eth' ORDER BY sale_id"),
            "1|" + urn_1 + "|10|21650|23788.2716051788271605178827091|t|324\n"
            "2|" + urn_2 + "|10|21610|23744.32098789443209878944320294|t|325\n"
            "3|" + urn_3 + "|10|21560|23689.38271628893827162889382024|t|326\n");
  const std::string events = "SELECT sale_id, kind, price, max_price, owe, tab, lot, keeper, incentive, block_number "
                             "FROM snapshot.clip_event WHERE chain = 'eth' AND clipper = '" + clipper.substr(0, 42) +
                             "' AND kind = ";
  EXPECT_EQ(query(events + "'kick' ORDER BY block_number"),
            "1|kick|4106.4|||" + tab_1 + "|10|" + keeper + "|276.880746913852074691385207461283|324\n"
            "2|kick|4106.4|||" + tab_2 + "|10|" + keeper + "|276.8310827163207082716320708193222|325\n"
            "3|kick|4106.4|||" + tab_3 + "|10|" + keeper + "|276.7690024694065002469406500168712|326\n");
  EXPECT_EQ(running(), "1|10|" + tab_1 + "|f\n2|10|" + tab_2 + "|f\n3|10|" + tab_3 + "|f\n");
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.auction_status WHERE price > 4106.4 OR price < 3000"), "0\n");

  step("take");
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("; auctions: 0 barks, 3 clipper events, 1 running"), std::string::npos) << log;
  EXPECT_EQ(query(events + "'take' ORDER BY block_number"),
            "1|take|3695.76|3695.76|14783.04|12097.706913852074691385207461283|6|||328\n"
            "1|take|3285.12|3285.12|12097.706913852074691385207461283|0|2.317423134055354237|||329\n"
            "2|take|2053.2|2053.2|20532|6299.0827163207082716320708193222|0|||330\n");
  EXPECT_EQ(running(), "3|10|" + tab_3 + "|f\n");

  step("redo");
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("; auctions: 0 barks, 1 clipper events, 1 running"), std::string::npos) << log;
  EXPECT_EQ(query(events + "'redo'"),
            "3|redo|4126.8|||" + tab_3 + "|10|" + keeper + "|276.7690024694065002469406500168712|333\n");
  EXPECT_EQ(running(), "3|10|" + tab_3 + "|f\n");
  EXPECT_EQ(query("SELECT price <= 4126.8 FROM snapshot.auction_status "
                  "WHERE taken_at = (SELECT max(taken_at) FROM snapshot.auction_status)"),
            "t\n");

  // A round with nothing new reads nothing twice.
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("; auctions: 0 barks, 0 clipper events, 1 running"), std::string::npos) << log;
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.clip_event"), "7\n");
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.auction_status"), "6\n");  // 3 + 1 + 1 + 1
}

TEST_F(Auctions, TakesUndoneByAReorganisationLeaveTheirAuctionsRunning) {
  std::string log;
  ASSERT_EQ(round(chain_.config_path(), 86400, &log), 0) << log;
  step("open");
  const e2e::Json fall = step("fall");
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  const std::string saved = chain_.rpc("evm_snapshot");
  const e2e::Json take = step("take");
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  EXPECT_EQ(clip_events("take"), take_rows(take));
  EXPECT_EQ(running(), "3|10|" + tab_3 + "|f\n");

  ASSERT_EQ(chain_.rpc("evm_revert", "[" + saved + "]"), "true");
  for (int i = 0; i < 3; ++i) chain_.rpc("evm_mine");
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("was replaced by a reorganisation: the urn and auction events after block "), std::string::npos)
      << log;
  EXPECT_EQ(clip_events("take"), "");
  EXPECT_EQ(barks(), bark_rows(fall));  // below the blocks replaced: kept
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("; auctions: 0 barks, 0 clipper events, 3 running"), std::string::npos) << log;
  EXPECT_EQ(clip_events("take"), "");
  EXPECT_EQ(running(), "1|10|" + tab_1 + "|f\n2|10|" + tab_2 + "|f\n3|10|" + tab_3 + "|f\n");
}

// Every risk answer of eth (6.16 to 6.22) after each round of the scenario, and 6.12's, asked
// again with at once the scenario is over: at each round's time the answer of that round, byte
// for byte, with its Last-Modified and X-Snapshot-Blocks. The answers are the handlers'
// (format=json, the default where it is taken and ignored elsewhere, sends a request to them),
// each asked until it speaks for the round (its Last-Modified); 6.19 from the round that opened
// its urn on.
TEST_F(Auctions, EveryRiskAnswerAtARoundsTimeIsThatRoundsAnswer) {
  const std::vector<std::string> paths = {
      "/api/v1/risk/urns?chain=eth&vaultType=ETH-A",
      "/api/v1/risk/vaults-at-risk?chain=eth&within=50",
      "/api/v1/risk/liquidation-curve?chain=eth&vaultType=ETH-A",
      "/api/v1/risk/urn-history?chain=eth&vaultType=ETH-A&urn=" + urn_1,
      "/api/v1/risk/liquidations?chain=eth",
      "/api/v1/risk/liquidation-totals?chain=eth&interval=WEEKLY",
      "/api/v1/risk/auctions?chain=eth",
      "/api/v1/data-platform/latest-collateral?chain=eth"};
  struct Kept {
    std::string body, last_modified, blocks;
  };
  std::vector<std::pair<std::string, std::map<std::string, Kept>>> rounds;  // at (ms), then path -> answer
  std::string log;
  for (const std::string& before : {std::string(), std::string("open"), std::string("fall"), std::string("take"),
                                    std::string("redo")}) {
    if (!before.empty()) step(before);
    ASSERT_EQ(round(chain_.config_path(), before.empty() ? 86400 : 1, &log), 0) << log;
    const std::string at = query("SELECT (extract(epoch FROM max(taken_at)) * 1000)::bigint FROM snapshot.chain_state");
    const std::string modified = query("SELECT to_char(max(taken_at) AT TIME ZONE 'UTC', "
                                       "'Dy, DD Mon YYYY HH24:MI:SS \"GMT\"') FROM snapshot.chain_state");
    auto& kept = rounds.emplace_back(at.substr(0, at.size() - 1), std::map<std::string, Kept>{}).second;
    for (const std::string& path : paths) {
      if (before.empty() && path.find("urn-history") != std::string::npos) continue;  // no urn yet
      const e2e::HttpResponse answer = e2e::http_until(stack_.url(path + "&format=json"), [&](const e2e::HttpResponse& r) {
        return r.header("last-modified") + "\n" == modified;
      });
      ASSERT_EQ(answer.header("last-modified") + "\n", modified) << path << " after " << before << ": " << answer.status
                                                                << " " << answer.body;
      ASSERT_NE(answer.body.find("\"code\":0"), std::string::npos) << path << ": " << answer.body;
      kept[path] = {answer.body, answer.header("last-modified"), answer.header("x-snapshot-blocks")};
    }
  }
  for (const auto& [at, kept] : rounds) {
    for (const auto& [path, then] : kept) {
      const e2e::HttpResponse answer = e2e::http("GET", stack_.url(path + "&at=" + at));
      EXPECT_EQ(answer.body, then.body) << path << " at " << at;
      EXPECT_EQ(answer.header("last-modified"), then.last_modified) << path << " at " << at;
      EXPECT_EQ(answer.header("x-snapshot-blocks"), then.blocks) << path << " at " << at;
    }
  }
  // The auctions did happen between the first round and the last.
  EXPECT_NE(rounds.front().second.at("/api/v1/risk/liquidations?chain=eth").body,
            rounds.back().second.at("/api/v1/risk/liquidations?chain=eth").body);
}

TEST_F(Auctions, ABarkOlderThanTheFirstRangeIsReadByTheBackfillAndJoinsItsTakes) {
  step("open");
  const e2e::Json fall = step("fall");
  const e2e::Json take = step("take");
  // The first round's events start after the Barks (its vat_block): it reads the Takes alone.
  Json::Value later = chain_.config();
  const Json::UInt64 after_barks = std::stoull(fall["auctions"][2]["block"].text()) + 1;
  later["chains"]["eth"]["vat_block"] = after_barks;
  const std::string late_start = chain_.write_config(later, "late_start.json");
  std::string log;
  ASSERT_EQ(round(late_start, 86400, &log), 0) << log;
  EXPECT_NE(log.find("; auctions: 0 barks, 3 clipper events, 0 running"), std::string::npos) << log;
  EXPECT_EQ(clip_events("take"), take_rows(take));
  EXPECT_EQ(barks(), "");
  EXPECT_EQ(query("SELECT first_block FROM snapshot.urn_log_range WHERE chain = 'eth'"),
            std::to_string(after_barks) + "\n");

  ASSERT_EQ(run_indexer(stack_, {"--config", chain_.config_path(), "--backfill", "1..1", "--every", "1d"}, &log), 0)
      << log;
  EXPECT_NE(log.find(", with 3 barks and 3 clipper events"), std::string::npos) << log;
  EXPECT_EQ(barks(), bark_rows(fall));
  EXPECT_EQ(clip_events("kick"), kick_rows(fall));
  EXPECT_EQ(query("SELECT b.sale_id, count(*) FROM snapshot.bark AS b JOIN snapshot.clip_event AS t "
                  "USING (chain, clipper, sale_id) WHERE t.kind = 'take' GROUP BY 1 ORDER BY 1"),
            "1|2\n2|1\n");

  // The next round knows auction 3 started and not ended: it reads its status.
  ASSERT_EQ(round(chain_.config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("; auctions: 0 barks, 0 clipper events, 1 running"), std::string::npos) << log;
  EXPECT_EQ(running(), "3|10|" + tab_3 + "|f\n");
}

}  // namespace
}  // namespace coin::chain_test
