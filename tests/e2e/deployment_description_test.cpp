// The deployment's public description at /.well-known/coin-api/deployment.json
// (nginx/deployment.conf, the ops handler, api.deployment_description): the 404 of an unknown
// path until a description is written, then the very bytes written, validated and cached like
// a published answer; GET and HEAD only; the spec's 503 while the database is down. A stack of
// its own: the test writes the description and stops the database.

#include <gtest/gtest.h>

#include <ctime>
#include <string>

#include "shared/rendered_answer.hpp"
#include "shared/request_conditions.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/support/gunzip.hpp"

namespace coin::e2e {
namespace {

const std::string path = "/.well-known/coin-api/deployment.json";

// A description of its own form (white space, key order, a non-ASCII letter), over 1 KB so that
// it has a gzip variant.
std::string description() {
  std::string vaults;
  for (int i = 0; i < 30; ++i) {
    vaults += std::string(i == 0 ? "" : ",") + "\n    {\"kind\": \"regular\", \"ilk\": \"ETH-" + std::to_string(i) +
              "\", \"join\": \"0x00000000000000000000000000000000000000" + std::to_string(10 + i) + "\"}";
  }
  return "{\"symbols\": {\"coin\": \"Münze\"},\n \"chains\": {\"eth\": {\"vaults\": [" + vaults + "]}}}\n";
}

std::string sql_text(const std::string& text) { return "$description$" + text + "$description$"; }

TEST(DeploymentDescription, ServedAsTheIndexerWroteIt) {
  const Stack stack("empty");
  const HttpResponse unknown = http("GET", stack.url("/nope"));

  // None written: the 404 of an unknown path.
  const HttpResponse none = http("GET", stack.url(path));
  EXPECT_EQ(none.status, 404);
  EXPECT_EQ(none.body, unknown.body);
  EXPECT_EQ(none.header("cache-control"), "no-store");
  expect_cors(none, "none written");

  // Written as the indexer writes it (coin_indexer's upsert, indexer/description_writer.cpp).
  const std::string text = description();
  ASSERT_GT(text.size(), gzip_min_length);
  ASSERT_TRUE(stack.psql("coin_indexer", "INSERT INTO snapshot.deployment_description (description) VALUES (" +
                                             sql_text(text) + ")"));
  const std::time_t written_at = std::stoll(stack.query(
      "postgres", "SELECT floor(extract(epoch FROM written_at))::bigint FROM snapshot.deployment_description"));

  const HttpResponse served = http("GET", stack.url(path));
  EXPECT_EQ(served.status, 200);
  EXPECT_EQ(served.body, text);
  EXPECT_EQ(served.header("content-type"), "application/json");
  EXPECT_EQ(served.header("etag"), static_file_etag(written_at, text.size()));
  EXPECT_EQ(served.header("last-modified"), http_date(written_at));
  EXPECT_EQ(served.header("cache-control"), published_cache_control);
  EXPECT_FALSE(served.has_header("content-encoding"));
  expect_cors(served, "served");
  expect_security_headers(served, "served");
  expect_no_header_twice(served, "served");

  const HttpResponse head = http("HEAD", stack.url(path));
  EXPECT_EQ(head.status, 200);
  EXPECT_EQ(head.body, "");
  EXPECT_EQ(head.header("etag"), served.header("etag"));

  const HttpResponse not_modified = http("GET", stack.url(path), {"If-None-Match: " + served.header("etag")});
  EXPECT_EQ(not_modified.status, 304);
  EXPECT_EQ(not_modified.body, "");
  EXPECT_EQ(not_modified.header("etag"), served.header("etag"));
  EXPECT_EQ(http("GET", stack.url(path), {"If-Modified-Since: " + http_date(written_at)}).status, 304);
  EXPECT_EQ(http("GET", stack.url(path), {"If-None-Match: \"other\""}).status, 200);

  const HttpResponse gzipped = http("GET", stack.url(path), {"Accept-Encoding: gzip"});
  EXPECT_EQ(gzipped.status, 200);
  EXPECT_EQ(gzipped.header("content-encoding"), "gzip");
  EXPECT_EQ(testing_support::gunzip(gzipped.body), text);

  // Read only: GET and HEAD, OPTIONS a preflight.
  const HttpResponse post = http("POST", stack.url(path));
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(post.header("allow"), "GET, HEAD, OPTIONS");
  EXPECT_EQ(http("OPTIONS", stack.url(path)).status, 204);
  EXPECT_EQ(http("DELETE", stack.url(path)).status, 405);

  // The database down: the spec's 503, nothing of PostgreSQL's message.
  ASSERT_TRUE(stack.stop_database());
  const HttpResponse down = http("GET", stack.url(path));
  EXPECT_EQ(down.status, 503);
  EXPECT_EQ(down.body, server_error_body);
  EXPECT_EQ(down.header("cache-control"), "no-store");
  ASSERT_TRUE(stack.start_database());
  EXPECT_EQ(http_until(stack.url(path), [](const HttpResponse& response) { return response.status == 200; }).body,
            text);

  // Removed: the 404 again.
  ASSERT_TRUE(stack.psql("postgres", "DELETE FROM snapshot.deployment_description"));
  EXPECT_EQ(http("GET", stack.url(path)).status, 404);
}

}  // namespace
}  // namespace coin::e2e
