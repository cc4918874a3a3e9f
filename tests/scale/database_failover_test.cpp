// The databases under load, under Patroni (scripts/test/topology.sh, deploy/patroni): a primary and
// two standbys, one of them synchronous, and not a read failing whatever happens to them.
// - A standby stopped: the readers move to the other, writes go on (the commit waits until
//   Patroni names the other standby synchronous), and it streams again once started.
// - The primary cut off the network while the indexer writes a round every few seconds: the
//   synchronous standby is promoted once the primary's lease ends (ttl 30 s + loop_wait 10 s at
//   most), the indexer on the old primary's side of the cut is refused, the rounds that could not
//   be written meanwhile are written late with their own taken_at (none lost), the answers show
//   the new primary's rounds, and the old primary, back, rejoins as a standby with everything.
// - A switchover by command: the same, with nothing to wait for.

#include <gtest/gtest.h>

#include <ctime>
#include <functional>
#include <future>
#include <stdexcept>

#include "tests/e2e/json.hpp"
#include "tests/fault/load.hpp"
#include "tests/scale/scale.hpp"
#include "tests/scale/topology.hpp"

namespace coin::scale {
namespace {

using fault::Load;
using fault::LoadResult;
using fault::run_load;

// Every request: the published answers and, in a form nginx does not publish, the handlers'.
std::vector<std::string> every_kind_of_answer() {
  std::vector<std::string> paths = every_endpoint();
  for (const std::string_view pool : {"", "vault-history"}) {
    for (const std::string& path : handler_paths(pool)) paths.push_back(path);
  }
  return paths;
}

// Patroni's REST API is asked this often while a test waits for a role.
constexpr auto role_poll = 500ms;

// The seconds until `holds`, asked every role_poll, at most `cap`; -1 when it never did.
double seconds_until_role(Clock::time_point since, const std::function<bool()>& holds, Clock::duration cap = patience) {
  return seconds_until(since, holds, cap, role_poll);
}

bool is_standby(const std::string& role) { return role == "standby" || role == "sync_standby"; }

// A handler's answer (6.12, in a form nginx does not publish) and a published one (6.1).
const std::string handlers_answer = "/api/v1/data-platform/latest-collateral?chain=tron&x=1";
const std::string published_answer = "/totalSupply";

// A snapshot written (Topology::write_snapshot) and the seconds until both answers showed it,
// from its commit; -1 for one that did not within `patience`.
struct Shown {
  double commit = -1;  // how long the commit took (it waits for the synchronous standby)
  double published = -1;
  double by_handlers = -1;
  std::string figures() const {
    return "committed in " + std::to_string(commit) + " s, published after " + std::to_string(published) +
           " s, in the handlers' answers after " + std::to_string(by_handlers) + " s";
  }
};
Shown write_and_watch(const Topology& topology, int minute) {
  Shown shown;
  const auto writing = Clock::now();
  if (!topology.write_snapshot(minute)) return shown;
  shown.commit = seconds_since(writing);
  const auto written = Clock::now();
  seconds_until(written, [&] {
    if (shown.published < 0 && e2e::http("GET", topology.url(published_answer)).body == total_supply(minute)) {
      shown.published = seconds_since(written);
    }
    if (shown.by_handlers < 0 && snapshot_of(e2e::http("GET", topology.url(handlers_answer))) == snapshot_time(minute)) {
      shown.by_handlers = seconds_since(written);
    }
    return shown.published >= 0 && shown.by_handlers >= 0;
  });
  return shown;
}

void expect_shown(const Shown& shown) {
  EXPECT_GE(shown.commit, 0) << "the snapshot was written";
  EXPECT_GE(shown.published, 0);
  EXPECT_LE(shown.published, fault::change_shown_within);
  EXPECT_GE(shown.by_handlers, 0);
  EXPECT_LE(shown.by_handlers, fault::change_shown_within);
}

// With the synchronous standby stopped, reads go on from the other, and a snapshot written
// meanwhile commits once Patroni has made the other synchronous (its next loop, 10 s at most),
// then shows; the standby started again streams from the primary.
TEST(StandbyStopped, ReadsAndWritesGoOn) {
  const Topology topology;
  std::string standby;
  for (const std::string& host : Topology::database_hosts()) {
    if (topology.role(host) == "sync_standby") standby = host;
  }
  ASSERT_FALSE(standby.empty()) << "no synchronous standby\n" << topology.log();
  auto load = std::async(std::launch::async,
                         [&] { return run_load(topology.url(""), every_kind_of_answer(), Load{32, 30}); });
  std::this_thread::sleep_for(3s);
  ASSERT_TRUE(topology.database(standby, false)) << topology.log();
  const Shown while_stopped = write_and_watch(topology, 1);
  ASSERT_TRUE(topology.database(standby, true)) << topology.log();
  const double back_after = seconds_until_role(Clock::now(), [&] { return is_standby(topology.role(standby)); });
  const Shown once_back = write_and_watch(topology, 2);
  const LoadResult result = load.get();
  report("synchronous standby stopped", result.figures() + "; a snapshot written meanwhile " + while_stopped.figures() +
                                           "; the standby streamed again " + std::to_string(back_after) +
                                           " s after it started, and a snapshot written then " + once_back.figures());
  EXPECT_EQ(result.failed(), 0) << result.figures() << topology.log();
  EXPECT_GT(result.requests, 10'000) << "the load ran";
  EXPECT_GE(back_after, 0) << "the standby never streamed again";
  expect_shown(while_stopped);
  expect_shown(once_back);
}

// The indexer's rounds in these tests: every 10 s, which is longer than a round that cannot
// write takes to give up (a session to a host cut off: 5 s of tcp_user_timeout), so no round
// of the grid is skipped.
constexpr int round_seconds = 10;

// Each protocol chain whose rounds on `host` have a gap: "" when every time of the grid from its
// first round to its last was written.
std::string chains_with_a_gap(const Topology& topology, const std::string& host) {
  return topology.query(host,
                        "SELECT string_agg(chain::text, ' ') FROM (SELECT chain FROM snapshot.chain_state GROUP BY chain"
                        " HAVING count(*) <> extract(epoch FROM max(taken_at) - min(taken_at)) / " +
                            std::to_string(round_seconds) + " + 1) AS gaps");
}

// tron's newest round on `host`, in epoch seconds; 0 when it has none.
std::time_t newest_round(const Topology& topology, const std::string& host) {
  const std::string newest = topology.query(
      host, "SELECT coalesce(extract(epoch FROM max(taken_at))::bigint, 0) FROM snapshot.chain_state WHERE chain = 'tron'");
  return std::stol(newest);
}

// The same on a host that may be restarting (pg_rewind, then Patroni's restarts as it rejoins,
// some after its role is already a standby's): 0 while its server does not answer.
std::time_t newest_round_once_up(const Topology& topology, const std::string& host) {
  try {
    return newest_round(topology, host);
  } catch (const std::runtime_error&) {
    return 0;
  }
}

// 2026-05-13T00:00:00Z, as /healthz's snapshotAt says a time.
std::string iso_time(std::time_t time) {
  char text[sizeof "2026-05-13T00:00:00Z"];
  std::tm utc{};
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", gmtime_r(&time, &utc));
  return text;
}

// The snapshot rows on `host` up to `newest` (epoch seconds; the indexer writes on), counted
// table by table.
std::string rows(const Topology& topology, const std::string& host, std::time_t newest) {
  const std::string up_to = " WHERE taken_at <= to_timestamp(" + std::to_string(newest) + ")";
  return topology.query(host, "SELECT (SELECT count(*) FROM snapshot.chain_state" + up_to +
                                  ") || ' ' || (SELECT count(*) FROM snapshot.vault_state" + up_to +
                                  ") || ' ' || (SELECT count(*) FROM snapshot.allocator_position_state" + up_to + ")");
}

// Until the indexer has written a round on `primary` after `after` (epoch seconds) and both
// the handlers' answer and /healthz show it: the seconds it took, -1 if not within patience.
double next_round_shown(const Topology& topology, const std::string& primary, std::time_t after) {
  return seconds_until(Clock::now(), [&] {
    const std::time_t newest = newest_round(topology, primary);
    if (newest <= after) return false;
    if (snapshot_of(e2e::http("GET", topology.url(handlers_answer))) != newest) return false;
    const e2e::Json health = e2e::Json::parse(e2e::http("GET", topology.url("/healthz")).body);
    if (!health.has("blocks") || !health["blocks"].has("tron")) return false;
    const e2e::Json& shown = health["blocks"]["tron"]["snapshotAt"];
    return shown.is_string() && shown.text() == iso_time(newest);
  }, patience, role_poll);
}

TEST(PrimaryLost, AStandbyTakesOverUnderLoadAndNoRoundIsLost) {
  const Topology topology(round_seconds);
  const std::string old_primary = topology.primary();
  ASSERT_EQ(old_primary, "db1") << topology.log();
  ASSERT_TRUE(eventually([&] { return newest_round(topology, old_primary) > 0; })) << topology.log();

  auto load = std::async(std::launch::async,
                         [&] { return run_load(topology.url(""), every_kind_of_answer(), Load{32, 90}); });
  std::this_thread::sleep_for(5s);
  const auto cut = Clock::now();
  const std::time_t cut_at = std::time(nullptr);
  ASSERT_TRUE(topology.link(old_primary, false)) << topology.log();
  // Split brain refused: the indexer on the old primary's side writes its round there, while
  // that host still thinks itself the primary; it must not be told it wrote it.
  const bool written_on_the_cut_off_side = topology.indexer_once(old_primary);
  std::string new_primary;
  const double promoted_after = seconds_until_role(cut, [&] {
    new_primary = topology.primary();
    return !new_primary.empty() && new_primary != old_primary;
  }, 180s);
  ASSERT_GE(promoted_after, 0) << "no standby was promoted\n" << topology.log();
  const double next_round_after = next_round_shown(topology, new_primary, cut_at);

  const auto back = Clock::now();
  ASSERT_TRUE(topology.link(old_primary, true)) << topology.log();
  const double rejoined_after = seconds_until_role(back, [&] { return is_standby(topology.role(old_primary)); }, 120s);
  const LoadResult result = load.get();
  // Everything the new primary has, the old one has once it replays it.
  const std::time_t newest = newest_round(topology, new_primary);
  ASSERT_TRUE(eventually([&] { return newest_round_once_up(topology, old_primary) >= newest; })) << topology.log();
  const long late = topology.late_rounds();

  report("primary cut off the network",
         result.figures() + "; a standby promoted " + std::to_string(promoted_after) + " s after the cut, the " +
             "indexer's next round shown " + std::to_string(next_round_after) + " s after that; " + std::to_string(late) +
             " rounds written late; the old primary rejoined " + std::to_string(rejoined_after) + " s after it was back");
  EXPECT_EQ(result.failed(), 0) << result.figures() << topology.log();
  EXPECT_GT(result.requests, 10'000) << "the load ran";
  // Patroni's settings promise about 40 s (ttl 30 s + loop_wait 10 s); three times that tells a
  // failover that waited for something else (docs/testing.md, Time bounds).
  EXPECT_LE(promoted_after, 3 * 40) << "the failover took longer than its settings explain";
  EXPECT_GE(next_round_after, 0) << "the indexer's next round, on the new primary, was never shown";
  EXPECT_GE(rejoined_after, 0) << "the old primary never rejoined as a standby\n" << topology.log();
  EXPECT_FALSE(written_on_the_cut_off_side) << "the cut-off primary took the indexer's write";
  EXPECT_GT(late, 0) << "no round failed during the switch: the test proved nothing";
  for (const std::string& host : {new_primary, old_primary}) {
    EXPECT_EQ(chains_with_a_gap(topology, host), "\n") << host << ": rounds lost";
    // The cut-off side's round (today's midnight) is nowhere: refused, and rewound away.
    EXPECT_EQ(topology.query(host, "SELECT count(*) FROM snapshot.chain_state WHERE taken_at ="
                                   " to_timestamp(floor(extract(epoch FROM now()) / 86400) * 86400)"),
              "0\n")
        << host;
  }
  EXPECT_EQ(rows(topology, old_primary, newest), rows(topology, new_primary, newest)) << "the old primary has every row";
}

// A switchover by command (maintenance): the synchronous standby takes over at once, not a read
// fails, the next round is written there, none is lost, and the old primary follows it.
TEST(Switchover, NothingIsDropped) {
  const Topology topology(round_seconds);
  const std::string old_primary = topology.primary();
  ASSERT_FALSE(old_primary.empty()) << topology.log();
  ASSERT_TRUE(eventually([&] { return newest_round(topology, old_primary) > 0; })) << topology.log();
  auto load = std::async(std::launch::async,
                         [&] { return run_load(topology.url(""), every_kind_of_answer(), Load{32, 40}); });
  std::this_thread::sleep_for(5s);
  const auto started = Clock::now();
  const std::time_t started_at = std::time(nullptr);
  const std::string new_primary = topology.switchover();
  const double switched_after = seconds_since(started);
  ASSERT_FALSE(new_primary.empty()) << "the switchover failed\n" << topology.log();
  ASSERT_NE(new_primary, old_primary);
  const double next_round_after = next_round_shown(topology, new_primary, started_at);
  const double follows_after = seconds_until_role(started, [&] { return is_standby(topology.role(old_primary)); });
  const LoadResult result = load.get();
  report("switchover", result.figures() + "; " + new_primary + " the primary after " + std::to_string(switched_after) +
                           " s, the next round shown " + std::to_string(next_round_after) + " s after that; " +
                           old_primary + " a standby after " + std::to_string(follows_after) + " s");
  EXPECT_EQ(result.failed(), 0) << result.figures() << topology.log();
  EXPECT_GT(result.requests, 10'000) << "the load ran";
  EXPECT_GE(next_round_after, 0) << "the next round was never shown";
  EXPECT_GE(follows_after, 0) << "the old primary never followed the new one";
  EXPECT_EQ(chains_with_a_gap(topology, new_primary), "\n") << "rounds lost";
}

}  // namespace
}  // namespace coin::scale
