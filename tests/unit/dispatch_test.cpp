// dispatch() without a database server: parameter errors, unknown paths, a database that
// cannot be reached, and answers served from the response cache; the statements and answers
// made from endpoints.

#include <gtest/gtest.h>

#include "shared/dispatch.hpp"
#include "tests/support/cgi_output.hpp"

namespace coin {
namespace {

using testing_support::body_of;

const std::vector<Endpoint> endpoints = {
    {"9.1", "/value", "test", "test.value", R"(v."value"::text)", Body::text},
    {"9.2", "/by-chain", "test", "test.by_chain", "data::text", Body::envelope, {&api_parameter("chain")}},
};

// A database nobody listens on: every fetch fails, quickly.
Database unreachable_database() {
  return Database("host=/nonexistent/coin-api port=1 connect_timeout=1", statements_of(endpoints));
}

TEST(Dispatch, AParameterErrorIsAnsweredWithoutTheDatabase) {
  Database database = unreachable_database();
  ResponseCache cache;
  const auto answer = dispatch(endpoints, database, cache, "/by-chain", "chain=sol", nullptr);
  EXPECT_EQ(body_of(answer->identity.full), R"({"code":10002,"message":"Invalid chain.","data":null})");
  EXPECT_EQ(answer->identity.full.rfind("Status: 200 OK\r\n", 0), 0u);
  EXPECT_EQ(answer->last_modified, -1);
  EXPECT_EQ(answer->identity.etag.rfind("W/\"", 0), 0u);
  EXPECT_EQ(answer->identity.full.find("Last-Modified"), std::string::npos);
}

TEST(Dispatch, AMissingParameterIsCodeOne) {
  Database database = unreachable_database();
  ResponseCache cache;
  const auto answer = dispatch(endpoints, database, cache, "/by-chain", "interval=WEEKLY", nullptr);
  EXPECT_EQ(body_of(answer->identity.full),
            R"({"code":1,"message":"Required request parameter 'chain' is not present","data":null})");
}

TEST(Dispatch, AnUnknownPathIsA404WithoutTouchingTheDatabase) {
  Database database = unreachable_database();
  ResponseCache cache;
  const auto answer = dispatch(endpoints, database, cache, "/value/", "", nullptr);
  EXPECT_EQ(answer->identity.full.rfind("Status: 404 Not Found\r\nContent-Type: text/plain\r\n", 0), 0u);
  EXPECT_EQ(answer->identity.etag, "");
}

TEST(Dispatch, AnUnreachableDatabaseIsAServerErrorThatHidesTheCause) {
  Database database = unreachable_database();
  ResponseCache cache;
  for (const char* path : {"/by-chain", "/value"}) {
    const auto answer = dispatch(endpoints, database, cache, path, "chain=eth", nullptr);
    EXPECT_EQ(answer->identity.full.rfind("Status: 503 Service Unavailable\r\n", 0), 0u) << path;
    EXPECT_EQ(body_of(answer->identity.full), R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})");
    EXPECT_EQ(answer->identity.full.find("nonexistent"), std::string::npos);
  }
}

TEST(Dispatch, ServesACachedAnswerOfTheCurrentGenerationWithoutTheDatabase) {
  Database database = unreachable_database();
  ResponseCache cache;
  cache.trust();
  const auto cached = std::make_shared<const RenderedAnswer>(render(success("\"eth\""), 1778634000));
  cache.store("/by-chain\neth", cached, cache.generation());
  // The key is the checked value, whatever else the query string holds.
  EXPECT_EQ(dispatch(endpoints, database, cache, "/by-chain", "x=1&chain=%65th&chain=bsc", nullptr), cached);
  // Another value is another entry: the database is asked, and it is down.
  EXPECT_EQ(dispatch(endpoints, database, cache, "/by-chain", "chain=bsc", nullptr)->identity.full.rfind("Status: 503", 0),
            0u);
  cache.trust();  // a snapshot was written: the database is asked, and it is down
  EXPECT_EQ(dispatch(endpoints, database, cache, "/by-chain", "chain=eth", nullptr)->identity.full.rfind("Status: 503", 0),
            0u);
}

TEST(Dispatch, AnEndpointWithoutParametersIsCachedByItsPath) {
  Database database = unreachable_database();
  ResponseCache cache;
  cache.trust();
  const auto cached = std::make_shared<const RenderedAnswer>(render(plain_text("12.5"), 1778634000));
  cache.store("/value", cached, cache.generation());
  EXPECT_EQ(dispatch(endpoints, database, cache, "/value", "chain=eth&anything", nullptr), cached);
}

TEST(StatementsOf, NamesEachEndpointsStatementByItsPath) {
  const std::vector<Statement> statements = statements_of(endpoints);
  ASSERT_EQ(statements.size(), 2u);
  EXPECT_EQ(statements[0].name, "/value");
  EXPECT_EQ(statements[0].sql,
            R"(SELECT v."value"::text, (SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot),)"
            " (SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text)"
            " FROM test.value AS v");
  EXPECT_EQ(statements[1].name, "/by-chain");
  EXPECT_EQ(statements[1].sql,
            R"(SELECT data::text, (SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot),)"
            " (SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text)"
            R"( FROM test.by_chain AS v WHERE v."chain" = $1)");
}

TEST(AnswerOf, IsBareTextOrTheCompactedEnvelope) {
  const Response text = answer_of(endpoints[0], "1250.5");
  EXPECT_EQ(text.status, 200);
  EXPECT_EQ(text.content_type, "text/plain");
  EXPECT_EQ(text.body, "1250.5");
  const Response json = answer_of(endpoints[1], R"({"a" : 1, "b" : [2, 3]})");
  EXPECT_EQ(json.status, 200);
  EXPECT_EQ(json.content_type, "application/json");
  EXPECT_EQ(json.body, R"({"code":0,"message":"SUCCESS","data":{"a":1,"b":[2,3]}})");
}

}  // namespace
}  // namespace coin
