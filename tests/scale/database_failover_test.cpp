// The databases under load: the standby stopped, reads move to the primary and back to the
// standby once it answers again; the primary stopped, the standby and the published set keep
// answering, and a snapshot written once the primary is back shows (within
// fault::change_shown_within). Not a request fails in either.

#include <gtest/gtest.h>

#include <future>

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

// The handler processes' database sessions on `host` (their listeners' and their workers'):
// scripts/topology.sh names each "coin-api <host>-<group>", and the mcp handler's "coin-api mcp-<n>".
int handler_sessions(const Topology& topology, std::string_view host) {
  return std::stoi(
      topology.query(host, "SELECT count(*) FROM pg_stat_activity WHERE application_name LIKE 'coin-api %-%'"));
}

// supply and protocol on two hosts, vault-history's, and the two mcp processes on the front
constexpr int handler_processes = 7;

// A handler's answer (6.12, in a form nginx does not publish) and a published one (6.1).
const std::string handlers_answer = "/api/v1/data-platform/latest-collateral?chain=tron&x=1";
const std::string published_answer = "/totalSupply";

// Writes snapshot `minute` (Topology::write_snapshot) and waits until both answers show it: the
// seconds it took each, -1 for one that did not within `patience`.
struct Shown {
  double published = -1;
  double by_handlers = -1;
  std::string figures() const {
    return "published after " + std::to_string(published) + " s, in the handlers' answers after " +
           std::to_string(by_handlers) + " s";
  }
};
Shown write_and_watch(const Topology& topology, int minute) {
  const auto written = Clock::now();
  Shown shown;
  if (!topology.write_snapshot(minute)) return shown;
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
  EXPECT_GE(shown.published, 0);
  EXPECT_LE(shown.published, fault::change_shown_within);
  EXPECT_GE(shown.by_handlers, 0);
  EXPECT_LE(shown.by_handlers, fault::change_shown_within);
}

// Whether every process reads from the standby again: the publisher's reader is there, and on
// the primary each handler process keeps its session to LISTEN and nothing else (its workers
// follow their listener's reader, under load at once).
bool reading_from_the_standby(const Topology& topology) {
  const std::string publisher_readers =
      "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'coin-api publisher'";
  return handler_sessions(topology, "primary") == handler_processes && topology.query("standby", publisher_readers) != "0\n";
}

// With the standby stopped, a snapshot written is read from the primary; once the standby is
// back (a listener reading from the primary looks for it every 5 s, and the workers follow
// their listener), from the standby again.
TEST(StandbyStopped, ReadsMoveToThePrimaryAndBack) {
  const Topology topology;
  // Each process: a session on the primary to LISTEN, its reads on the standby.
  ASSERT_EQ(handler_sessions(topology, "primary"), handler_processes);
  ASSERT_GE(handler_sessions(topology, "standby"), handler_processes);

  auto load = std::async(std::launch::async,
                         [&] { return run_load(topology.url(""), every_kind_of_answer(), Load{32, 25}); });
  std::this_thread::sleep_for(3s);
  ASSERT_TRUE(topology.database("standby", false)) << topology.log();
  const Shown while_stopped = write_and_watch(topology, 1);
  const int on_primary = handler_sessions(topology, "primary");
  std::this_thread::sleep_for(3s);
  ASSERT_TRUE(topology.database("standby", true)) << topology.log();
  // A listener on the primary looks for the standby every 5 s, then reads there again: the
  // snapshot is written once every process does.
  const double back_after = seconds_until(Clock::now(), [&] { return reading_from_the_standby(topology); });
  ASSERT_GE(back_after, 0) << "the reads never went back to the standby";
  const Shown once_back = write_and_watch(topology, 2);
  const LoadResult result = load.get();
  report("standby stopped", result.figures() + "; a snapshot written meanwhile " + while_stopped.figures() +
                                "; every process read from it again " + std::to_string(back_after) +
                                " s after it started, and a snapshot written then " + once_back.figures());
  EXPECT_EQ(result.failed(), 0) << result.figures() << topology.log();
  EXPECT_GT(result.requests, 10'000) << "the load ran";
  expect_shown(while_stopped);
  expect_shown(once_back);
  // Beside each process's listener (on the primary a session to LISTEN, on the standby its
  // reader): workers' sessions, on the primary meanwhile, on the standby again once it is back
  // (a worker that has not queried since may keep an idle one on the primary).
  EXPECT_GT(on_primary, handler_processes) << "the workers read from the primary meanwhile";
  EXPECT_GT(handler_sessions(topology, "standby"), handler_processes) << "the workers read from the standby again";
}

// With the primary stopped, no snapshot is written: the standby answers what it has, and the
// published set stays; a snapshot written once the primary is back shows.
TEST(PrimaryStopped, TheStandbyAnswersAndFreshDataFollowTheRestart) {
  const Topology topology;
  auto load = std::async(std::launch::async,
                         [&] { return run_load(topology.url(""), every_kind_of_answer(), Load{32, 25}); });
  std::this_thread::sleep_for(3s);
  ASSERT_TRUE(topology.database("primary", false)) << topology.log();
  std::this_thread::sleep_for(10s);
  ASSERT_TRUE(topology.database("primary", true)) << topology.log();
  const Shown once_back = write_and_watch(topology, 60);
  const LoadResult result = load.get();
  report("primary stopped for 10 s", result.figures() + "; a snapshot written once it was back " + once_back.figures());
  EXPECT_EQ(result.failed(), 0) << result.figures() << topology.log();
  EXPECT_GT(result.requests, 10'000) << "the load ran";
  expect_shown(once_back);
}

}  // namespace
}  // namespace coin::scale
