// Handler hosts: a host dropped off the network under load (its link down) costs no request
// once nginx has marked it failed, and under 0.1% while it does; back on the network, it gets
// requests again. And an endpoint with a pool of its own (6.15, one word of the endpoint list)
// is answered by its own host and no other.

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

constexpr auto metrics_written = 1100ms;  // each process rewrites its metrics file every second

// About 10,000 answers, however long the machine takes: enough for each host to be seen
// answering over 1,000 of them when both are in the pool.
const Load ten_thousand_answers{/*connections*/ 32, /*seconds, at most*/ 600, /*timeout*/ 5, /*answers*/ 10'000};

TEST(HandlerHost, DroppedUnderLoadItsShareGoesToTheOther) {
  const Topology topology;
  const std::vector<std::string> paths = handler_paths();
  const LoadResult both = run_load(topology.url(""), paths, ten_thousand_answers);
  std::this_thread::sleep_for(metrics_written);
  ASSERT_EQ(both.failed(), 0) << both.figures();
  ASSERT_GT(topology.answered_by("handler1"), 1000) << "both hosts answer";
  ASSERT_GT(topology.answered_by("handler2"), 1000) << "both hosts answer";

  // Requests in flight on the dropped host wait for fastcgi_read_timeout (15 s), then go to
  // the other: the load lasts longer, and its clients wait longer, so that none is lost.
  auto dropping = std::async(std::launch::async, [&] {
    return run_load(topology.url(""), paths, Load{32, 20, /*timeout_seconds*/ 30});
  });
  std::this_thread::sleep_for(2s);
  ASSERT_TRUE(topology.link("handler1", false)) << topology.log();
  const LoadResult during = dropping.get();
  const long attempts = topology.failed_attempts("handler1");
  const LoadResult after = run_load(topology.url(""), paths, Load{32, 10});
  std::this_thread::sleep_for(metrics_written);  // nginx's log too
  const long probes = topology.failed_attempts("handler1") - attempts;
  report("handler host dropped, while nginx marks it failed", during.figures());
  report("handler host dropped, after", after.figures() + "; nginx tried it " + std::to_string(probes) + " times");
  EXPECT_LE(during.failed(), (during.requests + during.unanswered()) / 1000) << during.figures();
  EXPECT_EQ(after.failed(), 0) << after.figures() << topology.log();
  EXPECT_GT(after.requests, 5000) << "the load ran";
  // Marked failed, the host gets one request per fail_timeout (5 s) and its connect timeout
  // (2 s), which goes to the other host when it fails.
  EXPECT_GE(probes, 1);
  EXPECT_LE(probes, 3) << "nginx left the dropped host out of its pool";
  const long dropped_answers = topology.answered_by("handler1");

  // Back on the network: nginx tries it again after fail_timeout (5 s); the connections it
  // had open when it dropped have not held its workers (shared/server.cpp, connection_wait).
  ASSERT_TRUE(topology.link("handler1", true)) << topology.log();
  std::this_thread::sleep_for(6s);
  const LoadResult back = run_load(topology.url(""), paths, ten_thousand_answers);
  std::this_thread::sleep_for(metrics_written);
  report("handler host back", back.figures() + ", " +
                                  std::to_string(topology.answered_by("handler1") - dropped_answers) +
                                  " of them answered by it");
  EXPECT_EQ(back.failed(), 0) << back.figures();
  EXPECT_GT(topology.answered_by("handler1"), dropped_answers + 1000) << "it gets requests again";
}

TEST(OwnPool, VaultHistoryIsAnsweredByItsHostOnly) {
  const Topology topology;
  const std::vector<std::string> vault_history = handler_paths("vault-history");
  const std::vector<std::string> groups = handler_paths();
  ASSERT_EQ(vault_history.size(), 1u);
  const std::string path = "/api/v1/data-platform/vault-history";
  for (int i = 0; i < 20; ++i) {
    ASSERT_EQ(e2e::http("GET", topology.url(vault_history[0])).status, 200);
    for (const std::string& other : groups) ASSERT_EQ(e2e::http("GET", topology.url(other)).status, 200) << other;
  }
  std::this_thread::sleep_for(metrics_written);
  EXPECT_EQ(topology.answered_by("vault-history", path), 20);
  EXPECT_EQ(topology.answered_by("vault-history"), 20) << "its host answers nothing else";
  EXPECT_EQ(topology.answered_by("handler1", path) + topology.answered_by("handler2", path), 0);
  EXPECT_EQ(topology.answered_by("handler1") + topology.answered_by("handler2"),
            20 * static_cast<long>(groups.size()));
}

}  // namespace
}  // namespace coin::scale
