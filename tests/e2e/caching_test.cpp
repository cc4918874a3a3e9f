// The two cache layers (nginx's FastCGI cache, the handlers' own) and HTTP caching for clients:
// a cached answer is the fresh one, a new snapshot shows without a restart, ETag and 304, gzip.

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "endpoints.hpp"
#include "gunzip.hpp"
#include "http_client.hpp"
#include "stack.hpp"

namespace coin::e2e {
namespace {

using namespace std::chrono_literals;

const std::string cache_control = "public, max-age=30, stale-while-revalidate=270, stale-if-error=86400";

// The fixture with nothing cached anywhere: nginx without its cache, handlers with --no-cache.
const Stack& uncached_stack() {
  static const Stack stack("fixture", {"CACHE=off", "HANDLER_FLAGS=--no-cache"});
  return stack;
}

// The answer from nginx's copy. A copy is fresh to the end of the second it was made in, so a
// request right after a second begins may find it expired, and the next ones find it UPDATING
// until the handler (perhaps the pool's other process, not yet warm) answered: tries 20 ms
// apart, for up to 3 s, find a HIT.
HttpResponse cached_get(const Stack& stack, const std::string& path) {
  HttpResponse response = http("GET", stack.url(path));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  while (response.header("x-cache-status") != "HIT" && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    response = http("GET", stack.url(path));
  }
  return response;
}

TEST(Caching, ACachedAnswerIsTheFreshOne) {
  for (const Endpoint& endpoint : endpoints) {
    const HttpResponse fresh = http("GET", uncached_stack().url(endpoint.path));
    ASSERT_EQ(fresh.status, 200) << endpoint.spec;
    EXPECT_FALSE(fresh.has_header("x-cache-status")) << endpoint.spec;
    const HttpResponse cached = cached_get(fixture_stack(), endpoint.path);
    EXPECT_EQ(cached.header("x-cache-status"), "HIT") << endpoint.spec;
    EXPECT_EQ(cached.body, fresh.body) << endpoint.spec;
    EXPECT_EQ(cached.header("etag"), fresh.header("etag")) << endpoint.spec;
    EXPECT_EQ(cached.header("cache-control"), cache_control) << endpoint.spec;
  }
}

// Both stacks: nginx answers from its copy, or the handler from its own.
std::vector<const Stack*> both_stacks() { return {&fixture_stack(), &uncached_stack()}; }

TEST(Caching, AMatchingIfNoneMatchIsA304WithCacheControl) {
  for (const Stack* stack : both_stacks()) {
    for (const Endpoint& endpoint : endpoints) {
      const HttpResponse first = http("GET", stack->url(endpoint.path));
      const std::string etag = first.header("etag");
      ASSERT_EQ(etag.rfind("W/\"", 0), 0u) << endpoint.spec;
      const HttpResponse again = http("GET", stack->url(endpoint.path), {"If-None-Match: " + etag});
      EXPECT_EQ(again.status, 304) << endpoint.spec;
      EXPECT_EQ(again.body, "") << endpoint.spec;
      EXPECT_EQ(again.header("etag"), etag) << endpoint.spec;
      EXPECT_EQ(again.header("cache-control"), cache_control) << endpoint.spec;
      EXPECT_EQ(again.header("access-control-allow-origin"), "*") << endpoint.spec;
      const HttpResponse other = http("GET", stack->url(endpoint.path), {"If-None-Match: \"other\""});
      EXPECT_EQ(other.status, 200) << endpoint.spec;
      EXPECT_EQ(other.body, first.body) << endpoint.spec;
    }
  }
}

TEST(Caching, LargeAnswersComeGzippedToClientsThatAcceptIt) {
  const std::string path = "/api/v1/data-platform/collateral-history?chain=tron&interval=WEEKLY";
  for (const Stack* stack : both_stacks()) {
    const HttpResponse plain = http("GET", stack->url(path));
    ASSERT_GE(plain.body.size(), 4096u);  // tron's hourly points on the fixture
    EXPECT_FALSE(plain.has_header("content-encoding"));
    for (int i = 0; i < 2; ++i) {  // a miss, then (with nginx's cache) a hit
      const HttpResponse gzipped = http("GET", stack->url(path), {"Accept-Encoding: gzip, br"});
      EXPECT_EQ(gzipped.header("content-encoding"), "gzip");
      EXPECT_EQ(gzipped.header("vary"), "Accept-Encoding");
      EXPECT_EQ(testing_support::gunzip(gzipped.body), plain.body);
    }
  }
  const HttpResponse small = http("GET", fixture_stack().url("/totalSupply"), {"Accept-Encoding: gzip"});
  EXPECT_FALSE(small.has_header("content-encoding"));
}

// A stack of its own: the test writes a snapshot.
TEST(Caching, ANewSnapshotShowsWithoutARestart) {
  const Stack stack("fixture");
  const std::string before = "1000255000.499999999999999999";  // 6.1 on the fixture
  const HttpResponse cached = cached_get(stack, "/totalSupply");
  ASSERT_EQ(cached.header("x-cache-status"), "HIT");
  ASSERT_EQ(cached.body, before);

  // tron's latest snapshot an hour later, with 1000 more COIN and the same sCOIN.
  ASSERT_TRUE(stack.psql("coin_indexer", R"(
    INSERT INTO snapshot.chain_state
      (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
    VALUES ('tron', '2026-05-13 09:00+08', 123457789.123456789012345678, 4999.999999999999999998,
            1, 1.062345678901234567, 0.0457, 5309.876);)"));
  const std::string after = "1000256000.499999999999999999";
  std::string body;
  const auto deadline = std::chrono::steady_clock::now() + 10s;  // a bound, not a benchmark
  while (std::chrono::steady_clock::now() < deadline) {
    body = http("GET", stack.url("/totalSupply")).body;
    if (body != before) break;
    std::this_thread::sleep_for(50ms);
  }
  EXPECT_EQ(body, after);
}

}  // namespace
}  // namespace coin::e2e
