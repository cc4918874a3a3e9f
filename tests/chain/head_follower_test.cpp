// The indexer following eth's head ("follow": "head", docs/indexer.md) on the local node, whose
// blocks are mined on demand: each new block is read into eth's live snapshot, served and
// pushed, and the snapshot tables keep one live snapshot beside the grid's, however many
// blocks come. Whether the block shown is final (X-Snapshot-Final, the event's "final",
// /healthz) flips when the node's finalized block passes it, and a chain that follows its
// finalized block shows only final blocks. eth's sCOIN holds 1040000000 COIN
// (chain/demo-state.json): a COIN.totalSupply (Token's slot 1) of 3000000000 leaves 1960000000
// in circulation, one of 3500000000 leaves 2460000000.

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <string>

#include "tests/chain/fake_node.hpp"
#include "tests/chain/local_chain.hpp"
#include "tests/e2e/event_stream.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {
namespace {

constexpr const char* total_supply = "/api/v1/external/total-supply/coin";

class FollowingTheHead : public ChainSuite {
 protected:
  // The indexer, eth following its head (asked every 100 ms, and as follow() adds), the grid's
  // rounds a day apart, read at the finalized block (64 below the head on anvil): the first one,
  // at start, is the only one.
  void SetUp() override {
    ChainSuite::SetUp();
    Json::Value config = chain_->config();
    config["chains"]["eth"]["read_at"] = "finalized";
    config["chains"]["eth"]["follow"] = "head";
    config["chains"]["eth"]["poll_ms"] = 100;
    follow(config["chains"]["eth"]);
    indexer_ = std::make_unique<IndexerProcess>(
        *stack_, std::vector<std::string>{"--config", chain_->write_config(config, "follow"), "--interval", "86400",
                                          "--metrics", metrics_file()});
    ASSERT_TRUE(e2e::eventually([&] { return live("block_number") == std::to_string(followed()); }))
        << indexer_->log();
  }
  void TearDown() override { EXPECT_EQ(indexer_->stop(), 0) << indexer_->log(); }
  // What a test changes in eth's configuration, and the block it follows then.
  virtual void follow(Json::Value& /*eth*/) {}
  virtual std::uint64_t followed() const { return head(); }

  // The number of the node's newest block.
  static std::uint64_t head() {
    const std::string number = chain_->rpc("eth_blockNumber");  // "\"0x1b4\""
    return std::stoull(number.substr(1, number.size() - 2), nullptr, 16);
  }
  // eth's COIN.totalSupply set to `supply`, in a block of its own.
  static void set_supply(const std::string& supply) {
    std::string output;
    ASSERT_EQ(e2e::run_node_script("tests/chain/set_storage.mjs",
                                   "--rpc " + chain_->url() + " --address " +
                                       chain_->config()["chains"]["eth"]["token"].asString() + " --slot 1 --value " + supply,
                                   &output),
              0)
        << output;
  }
  static std::string query(const std::string& sql) { return stack_->query("postgres", sql); }
  // A column of eth's live snapshot, "" while it has none.
  static std::string live(const std::string& column) {
    const std::string value =
        query("SELECT s." + column + " FROM snapshot.chain_state AS s JOIN snapshot.live_snapshot USING (chain, taken_at)"
                                     " WHERE chain = 'eth'");
    return value.empty() ? value : value.substr(0, value.size() - 1);
  }
  static std::string metrics_file() { return stack_->var() + "/follow.prom"; }
  // A counter of eth's in its /metrics: `name` and its labels after the process's and the chain's.
  static int counted(const std::string& name, const std::string& labels = "") {
    const std::string metrics = e2e::read_file(metrics_file());
    const std::string line = name + "{process=\"follow\",chain=\"eth\"" + labels + "} ";
    const std::size_t at = metrics.find(line);
    return at == std::string::npos ? 0 : std::stoi(metrics.substr(at + line.size()));
  }
  // The live snapshots of eth written so far.
  static int live_written() { return counted("coin_indexer_live_snapshots_total", ",outcome=\"written\""); }
  // Whether 6.4 shows eth's `circulating` COIN, read at `block`.
  static bool served(const std::string& circulating, std::uint64_t block) {
    const e2e::HttpResponse answer = e2e::http_until(stack_->url(total_supply), [&](const e2e::HttpResponse& r) {
      return r.body.find("\"eth\":" + circulating) != std::string::npos &&
             r.header("x-snapshot-blocks").find("eth=" + std::to_string(block) + ";") != std::string::npos;
    });
    return answer.status == 200;
  }
  // Whether `events` pushes a set that shows eth at `block`.
  static bool pushed(e2e::EventStream& events, std::uint64_t block) {
    const std::string shown = "\"eth\":" + std::to_string(block) + ",";
    for (int event = 0; event < 20; ++event) {
      if (events.next(e2e::patience).data.find(shown) != std::string::npos) return true;
    }
    return false;
  }

  std::unique_ptr<IndexerProcess> indexer_;
};

TEST_F(FollowingTheHead, EachNewBlockIsServedAndPushedAndAddsNoRowToTheHistory) {
  e2e::EventStream events(stack_->url("/api/v1/events"));
  set_supply("3000000000000000000000000000");
  const std::uint64_t block = head();
  EXPECT_TRUE(pushed(events, block));
  EXPECT_TRUE(served("1960000000", block));
  EXPECT_EQ(live("coin_supply"), "1960000000");

  // Three blocks more: the live snapshot follows; eth keeps its grid's snapshot and the live one.
  chain_->rpc("anvil_mine", "[\"0x3\"]");
  ASSERT_TRUE(e2e::eventually([&] { return live("block_number") == std::to_string(block + 3); })) << indexer_->log();
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.chain_state WHERE chain = 'eth'"), "2\n");
  EXPECT_EQ(query("SELECT count(DISTINCT s.taken_at) FROM snapshot.vault_state AS s JOIN snapshot.vault USING (vault_id)"
                  " WHERE chain = 'eth'"),
            "2\n");
  EXPECT_TRUE(served("1960000000", block + 3));
  // Every hour of the history is the grid's snapshot (the newest at or before the hour), never a
  // live one.
  const std::string grid = query(
      "SELECT taken_at FROM snapshot.chain_state WHERE chain = 'eth'"
      " AND taken_at <> (SELECT taken_at FROM snapshot.live_snapshot WHERE chain = 'eth')");
  ASSERT_NE(grid, "");
  EXPECT_EQ(query("SELECT DISTINCT taken_at FROM derived.hourly_figures WHERE chain = 'eth'"), grid);
}

TEST_F(FollowingTheHead, ABurstOfBlocksIsReadAtItsNewestNotBlockByBlock) {
  ASSERT_TRUE(e2e::eventually([] { return live_written() >= 1; }));
  const int before = live_written();
  chain_->rpc("anvil_mine", "[\"0xa\"]");
  const std::uint64_t newest = head();
  ASSERT_TRUE(e2e::eventually([&] { return live("block_number") == std::to_string(newest); })) << indexer_->log();
  ASSERT_TRUE(e2e::eventually([&] { return live_written() > before; }));
  // One reading, or two where a poll came while the node was mining them: never ten.
  EXPECT_LE(live_written() - before, 2);
}

TEST_F(FollowingTheHead, AReorganisationAtTheHeadIsCorrectedAndPushed) {
  const std::string saved = chain_->rpc("evm_snapshot");
  set_supply("3000000000000000000000000000");
  const std::uint64_t block = head();
  ASSERT_TRUE(e2e::eventually([&] { return live("coin_supply") == "1960000000"; })) << indexer_->log();
  const std::string replaced = live("block_hash");

  // The block undone and another one mined at its number.
  ASSERT_EQ(chain_->rpc("evm_revert", "[" + saved + "]"), "true");
  e2e::EventStream events(stack_->url("/api/v1/events"));
  set_supply("3500000000000000000000000000");
  ASSERT_EQ(head(), block);
  ASSERT_TRUE(e2e::eventually([&] { return live("coin_supply") == "2460000000"; })) << indexer_->log();
  EXPECT_EQ(live("block_number"), std::to_string(block));
  EXPECT_NE(live("block_hash"), replaced);
  EXPECT_TRUE(pushed(events, block));
  EXPECT_TRUE(served("2460000000", block));
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.chain_state WHERE chain = 'eth'"), "2\n");
}

// eth's node also announces its heads over a WebSocket ("ws"), reached through a proxy the test
// can cut mid-stream: the follower is then woken by each announcement, polls every 100 ms while
// the WebSocket is down, and subscribes again once it can.
class AnnouncedHeads : public FollowingTheHead {
 protected:
  void follow(Json::Value& eth) override {
    start_proxy();
    eth["ws"] = "ws://127.0.0.1:" + std::to_string(proxy_port_);
  }
  void TearDown() override {
    FollowingTheHead::TearDown();
    e2e::terminate(proxy_);
  }
  void start_proxy() {
    proxy_ = e2e::spawn({"node", std::string(COIN_SOURCE_DIR) + "/tests/chain/tcp_proxy.mjs", "--listen",
                         std::to_string(proxy_port_), "--to", std::to_string(chain_->port())},
                        {}, stack_->var() + "/tcp_proxy.log");
    e2e::wait_until_ready(proxy_, e2e::patience, [&] { return accepts(proxy_port_); }, "tcp_proxy.mjs",
                          [&] { return e2e::read_file(stack_->var() + "/tcp_proxy.log"); });
  }
  static int announced() { return counted("coin_indexer_announced_heads_total"); }
  // How many times the log says the subscription was made.
  int subscriptions() const {
    const std::string log = indexer_->log();
    int made = 0;
    for (std::size_t at = log.find("eth: new heads announced by"); at != std::string::npos;
         at = log.find("eth: new heads announced by", at + 1)) {
      ++made;
    }
    return made;
  }
  // Mines a block and waits until eth's live snapshot is read at it.
  void mine() {
    chain_->rpc("evm_mine");
    const std::uint64_t block = head();
    ASSERT_TRUE(e2e::eventually([&] { return live("block_number") == std::to_string(block); })) << indexer_->log();
  }

  int proxy_port_ = e2e::free_port();
  pid_t proxy_ = -1;
};

TEST_F(AnnouncedHeads, AWebSocketDroppedFallsBackToPollingAndResumes) {
  ASSERT_TRUE(e2e::eventually([&] { return subscriptions() == 1; })) << indexer_->log();
  const int before = announced();
  mine();
  ASSERT_TRUE(e2e::eventually([&] { return announced() > before; })) << indexer_->log();

  // The proxy gone, and the connection through it: the blocks are polled.
  e2e::terminate(proxy_);
  ASSERT_TRUE(e2e::eventually([&] { return indexer_->log().find("eth: new heads not announced (") != std::string::npos; }))
      << indexer_->log();
  const int while_down = announced();
  mine();
  mine();
  EXPECT_EQ(announced(), while_down);

  // Back: subscribed again, and announcing.
  start_proxy();
  ASSERT_TRUE(e2e::eventually([&] { return subscriptions() == 2; })) << indexer_->log();
  mine();
  EXPECT_TRUE(e2e::eventually([&] { return announced() > while_down; })) << indexer_->log();
}

// eth's node names as finalized the block a lag below its head that the test sets (a node
// between the indexer and anvil): 5 blocks at first, under the live snapshot's block.
class FinalityShown : public FollowingTheHead {
 protected:
  void follow(Json::Value& eth) override {
    node_.set_finalized_lag(5);
    eth["rpc"][0] = node_.url();
  }
  // eth's word in the X-Snapshot-Final of 6.4 once it shows eth at `block`, and "" if it never does.
  static std::string final_of(std::uint64_t block) {
    const e2e::HttpResponse answer = e2e::http_until(stack_->url(total_supply), [&](const e2e::HttpResponse& r) {
      return r.header("x-snapshot-blocks").find("eth=" + std::to_string(block) + ";") != std::string::npos;
    });
    const std::string final = answer.header("x-snapshot-final");
    const std::size_t at = final.find("eth=");
    return at == std::string::npos ? "" : final.substr(at + 4, final.find(';', at) - at - 4);
  }
  // Whether `events` pushes a set whose eth block is final.
  static bool pushed_final(e2e::EventStream& events) {
    for (int event = 0; event < 20; ++event) {
      if (events.next(e2e::patience).data.find(R"("eth":true)") != std::string::npos) return true;
    }
    return false;
  }
  // eth's finalized block and whether its block is final, as /healthz says: "<finalized> <final>".
  static std::string healthz() {
    const e2e::Json eth = e2e::Json::parse(e2e::http("GET", stack_->url("/healthz")).body)["blocks"]["eth"];
    return (eth["finalized"].is_null() ? "null" : eth["finalized"].number()) + " " + eth["final"].text();
  }

  FakeNode node_{FakeNode::Behaviour::finalized_lag, chain_->port()};
};

TEST_F(FinalityShown, TheFlagFlipsWhenTheFinalizedBlockPassesTheBlockShown) {
  set_supply("3000000000000000000000000000");
  const std::uint64_t block = head();
  ASSERT_TRUE(e2e::eventually([&] { return live("block_number") == std::to_string(block); })) << indexer_->log();
  ASSERT_TRUE(e2e::eventually([&] { return healthz() == std::to_string(block - 5) + " false"; })) << healthz();
  EXPECT_EQ(final_of(block), "no");

  // The node finalizes the head: within the follower's next reading of it (every 12 s), the
  // same block is final, pushed with no new snapshot.
  e2e::EventStream events(stack_->url("/api/v1/events"));
  node_.set_finalized_lag(0);
  EXPECT_TRUE(pushed_final(events));
  EXPECT_TRUE(e2e::eventually([&] { return final_of(block) == "yes"; })) << final_of(block);
  EXPECT_EQ(healthz(), std::to_string(block) + " true");
  EXPECT_EQ(live("block_number"), std::to_string(block));

  // A new block, above it: not final.
  node_.set_finalized_lag(5);
  chain_->rpc("evm_mine");
  EXPECT_EQ(final_of(block + 1), "no");
}

// eth follows its finalized block, 3 below the head: its live snapshot is read there, and every
// answer says it is final.
class FollowingTheFinalizedBlock : public FollowingTheHead {
 protected:
  void follow(Json::Value& eth) override {
    node_.set_finalized_lag(3);
    eth["rpc"][0] = node_.url();
    eth["follow"] = "finalized";
  }
  std::uint64_t followed() const override { return head() - 3; }
  FakeNode node_{FakeNode::Behaviour::finalized_lag, chain_->port()};
};

TEST_F(FollowingTheFinalizedBlock, ItsLiveSnapshotIsAtTheFinalizedBlockAndFinal) {
  chain_->rpc("anvil_mine", "[\"0x2\"]");
  const std::uint64_t finalized = head() - 3;
  ASSERT_TRUE(e2e::eventually([&] { return live("block_number") == std::to_string(finalized); })) << indexer_->log();
  const e2e::HttpResponse answer = e2e::http_until(stack_->url(total_supply), [&](const e2e::HttpResponse& r) {
    return r.header("x-snapshot-blocks").find("eth=" + std::to_string(finalized) + ";") != std::string::npos;
  });
  EXPECT_NE(answer.header("x-snapshot-final").find("eth=yes"), std::string::npos) << answer.header("x-snapshot-final");
}

}  // namespace
}  // namespace coin::chain_test
