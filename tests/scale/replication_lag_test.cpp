// Replication lag: the standbys apply every commit 700 ms late while a snapshot is written
// every 250 ms, 24 times and on until every client below has seen 5 snapshots. The publisher
// and the handlers read a standby but learn of each snapshot from the primary: no answer may ever
// show a snapshot older than the one shown before it, and every answer must show the last
// snapshot soon after the standbys have replayed it (one rendered
// or cached when told, before the replay, would show the one before until the next write).

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <future>
#include <map>
#include <set>

#include "tests/fault/load.hpp"
#include "tests/scale/scale.hpp"
#include "tests/scale/topology.hpp"

namespace coin::scale {
namespace {

constexpr int snapshots = 24;       // written at least
constexpr size_t followed = 5;       // snapshots every client must have seen

// What one client saw asking for one path again and again, every 20 ms.
struct Watch {
  long answers = 0;
  long failed = 0;                  // not a 200
  long went_back = 0;               // older than the one before
  std::set<std::time_t> snapshots;  // every snapshot shown
};

// Sets the flag however the test ends (an ASSERT returns early): the watchers' futures wait
// for them when they are destroyed.
struct StopOnExit {
  std::atomic<bool>& flag;
  ~StopOnExit() { flag = true; }
};

// `shown` follows seen.snapshots.size() for the writer.
Watch watch(const Topology& topology, const std::string& path, const std::atomic<bool>& stopping,
            std::atomic<size_t>& shown) {
  Watch seen;
  std::time_t last = -1;
  while (!stopping) {
    const e2e::HttpResponse response = e2e::http("GET", topology.url(path));
    const std::time_t snapshot = snapshot_of(response);
    ++seen.answers;
    if (response.status != 200) ++seen.failed;
    if (snapshot < last) ++seen.went_back;
    seen.snapshots.insert(snapshot);
    shown = seen.snapshots.size();
    last = std::max(last, snapshot);
    // Each request is a connection of its own, whose port waits a minute in TIME_WAIT: without
    // a pause, five clients use up the machine's ephemeral ports within that minute.
    std::this_thread::sleep_for(20ms);
  }
  return seen;
}

TEST(ReplicationLag, NoAnswerGoesBackAndTheLastSnapshotShowsOnceReplayed) {
  const Topology topology;
  ASSERT_TRUE(topology.lag("700ms")) << topology.log();
  // Published answers (6.1, 6.4, 6.13) and the handlers' (6.12 and 6.13 in a form not
  // published), each watched by a client of its own, and wrk on the handlers meanwhile.
  const std::vector<std::string> paths = {"/totalSupply", "/api/v1/external/total-supply/coin",
                                          "/api/v1/data-platform/collateral-history?chain=tron&interval=WEEKLY",
                                          "/api/v1/data-platform/latest-collateral?chain=tron&x=1",
                                          "/api/v1/data-platform/collateral-history?interval=WEEKLY&chain=tron"};
  std::atomic<bool> stopping{false};
  std::vector<std::atomic<size_t>> shown(paths.size());
  std::vector<std::future<Watch>> watchers;
  for (size_t i = 0; i < paths.size(); ++i) {
    watchers.push_back(
        std::async(std::launch::async, [&, i] { return watch(topology, paths[i], stopping, shown[i]); }));
  }
  auto load = std::async(std::launch::async,
                         [&] { return fault::run_load(topology.url(""), handler_paths(), fault::Load{16, 10}); });
  const StopOnExit stop_watching{stopping};  // before the futures wait for their threads

  // However fast the machine renders: on until every client has followed the snapshots.
  const auto every_client_followed = [&] {
    return std::all_of(shown.begin(), shown.end(), [](const auto& count) { return count >= followed; });
  };
  const auto writing = Clock::now();
  int minute = 0;
  while (minute < snapshots || (!every_client_followed() && Clock::now() - writing < patience)) {
    ASSERT_TRUE(topology.write_snapshot(++minute)) << topology.log();
    std::this_thread::sleep_for(250ms);
  }
  const std::time_t last = snapshot_time(minute);
  // The moment both standbys show the last snapshot (the readers' may be either); then every
  // answer must, within a second.
  ASSERT_TRUE(eventually([&] {
    return std::all_of(Topology::database_hosts().begin(), Topology::database_hosts().end(), [&](const auto& host) {
      return topology.query(host, "SELECT max(taken_at) = to_timestamp(" + std::to_string(last) +
                                      ") FROM snapshot.chain_state") == "t\n";
    });
  })) << "the standbys did not replay the last snapshot";
  const auto replayed = Clock::now();
  std::map<std::string, double> fresh_after;
  seconds_until(replayed, [&] {
    for (const std::string& path : paths) {
      if (!fresh_after.count(path) && snapshot_of(e2e::http("GET", topology.url(path))) == last) {
        fresh_after[path] = seconds_since(replayed);
      }
    }
    return fresh_after.size() == paths.size();
  });
  stopping = true;
  const fault::LoadResult result = load.get();
  long answers = 0;
  double slowest = 0;
  for (size_t i = 0; i < paths.size(); ++i) {
    const Watch seen = watchers[i].get();
    answers += seen.answers;
    EXPECT_EQ(seen.failed, 0) << paths[i];
    EXPECT_EQ(seen.went_back, 0) << paths[i];
    EXPECT_GE(seen.snapshots.size(), followed) << paths[i] << ": it followed the snapshots";
    ASSERT_TRUE(fresh_after.count(paths[i])) << paths[i] << " never showed the last snapshot";
    EXPECT_LE(fresh_after[paths[i]], 1.0) << paths[i];
    slowest = std::max(slowest, fresh_after[paths[i]]);
  }
  report("replication lag (700 ms)", std::to_string(minute) + " snapshots, " + std::to_string(answers) +
                                         " answers watched, none older than the one before; the last shown " +
                                         std::to_string(slowest) + " s after the standby replayed it; wrk: " +
                                         result.figures());
  EXPECT_EQ(result.failed(), 0) << result.figures();
}

}  // namespace
}  // namespace coin::scale
