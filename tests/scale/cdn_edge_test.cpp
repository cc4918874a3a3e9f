// A CDN edge in front of the front (deploy/cdn/edge.conf: nginx's proxy_cache, which keeps each
// answer only as its Cache-Control says): under a flood of every published answer, the origin
// sees one request per answer; a new snapshot reaches the edge's clients within max-age (30 s)
// and a request; with the front cut off the network, the edge keeps answering from its copies
// (stale-while-revalidate).

#include <gtest/gtest.h>

#include "tests/fault/load.hpp"
#include "tests/scale/scale.hpp"
#include "tests/scale/topology.hpp"

namespace coin::scale {
namespace {

using fault::Load;
using fault::LoadResult;
using fault::run_load;

constexpr auto access_log_written = 1100ms;  // nginx writes its access log out every second
constexpr double max_age = 30;                // Cache-Control: max-age=30 (shared/rendered_answer.hpp)

TEST(CdnEdge, AbsorbsTheLoadStaysWithinMaxAgeAndOutlivesTheOrigin) {
  const Topology topology;
  const std::vector<std::string> paths = every_endpoint();  // published answers
  const LoadResult flood = run_load(topology.url("", "edge"), paths, Load{32, 15});
  std::this_thread::sleep_for(access_log_written);
  const long to_origin = topology.requests_from("edge");
  report("CDN edge, flood", flood.figures() + "; " + std::to_string(to_origin) + " of them reached the origin");
  EXPECT_EQ(flood.failed(), 0) << flood.figures();
  EXPECT_GT(flood.requests, 10'000) << "the load ran";
  // Each answer once, fetched while the first request for it waits (proxy_cache_lock), and
  // none again within max-age.
  EXPECT_GE(to_origin, static_cast<long>(paths.size()));
  EXPECT_LE(to_origin, 2 * static_cast<long>(paths.size())) << "the edge kept the answers";

  // A snapshot: the origin shows it at once, the edge once its copy is older than max-age and
  // a request has had it fetched again in the background.
  ASSERT_TRUE(topology.write_snapshot(1)) << topology.log();
  const auto written = Clock::now();
  const std::string fresh = total_supply(1);
  ASSERT_EQ(e2e::http_until(topology.url("/totalSupply"), [&](const auto& answer) { return answer.body == fresh; }).body,
            fresh);
  const double at_edge =
      seconds_until(written, [&] { return e2e::http("GET", topology.url("/totalSupply", "edge")).body == fresh; });
  report("CDN edge, a new snapshot", "at the edge " + std::to_string(at_edge) + " s after it was written");
  EXPECT_GE(at_edge, 0) << "the edge never showed the new snapshot";
  EXPECT_LE(at_edge, max_age + 1);

  // The origin gone: every answer the edge holds is still served, older than max-age included.
  ASSERT_TRUE(topology.link("front", false)) << topology.log();
  std::this_thread::sleep_for(std::chrono::duration<double>(max_age));
  const LoadResult without_origin = run_load(topology.url("", "edge"), paths, Load{32, 10});
  report("CDN edge, the front cut off", without_origin.figures());
  EXPECT_EQ(without_origin.failed(), 0) << without_origin.figures() << topology.log();
  EXPECT_GT(without_origin.requests, 10'000) << "the load ran";
}

}  // namespace
}  // namespace coin::scale
