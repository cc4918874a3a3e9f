// dispatch() without a database server: parameter errors, unknown paths, a database that
// cannot be reached, and answers served from the response cache.

#include <gtest/gtest.h>

#include "cgi_output.hpp"
#include "server.hpp"

namespace coin {
namespace {

using testing_support::body_of;

const std::vector<Route> routes = {
    {"/value", "SELECT 1", Body::text},
    {"/by-chain", "SELECT 2", Body::envelope, {&chain_parameter}},
};

// A database nobody listens on: every fetch fails, quickly.
Database unreachable_database() {
  return Database("host=/nonexistent/coin-api port=1 connect_timeout=1", statements_of(routes));
}

TEST(Dispatch, AParameterErrorIsAnsweredWithoutTheDatabase) {
  Database database = unreachable_database();
  ResponseCache cache;
  const auto answer = dispatch(routes, database, cache, "/by-chain", "chain=sol");
  EXPECT_EQ(body_of(answer->identity), R"({"code":10002,"message":"Invalid chain.","data":null})");
  EXPECT_EQ(answer->identity.rfind("Status: 200 OK\r\n", 0), 0u);
}

TEST(Dispatch, AnUnknownPathIsA404WithoutTouchingTheDatabase) {
  Database database = unreachable_database();
  ResponseCache cache;
  const auto answer = dispatch(routes, database, cache, "/value/", "");
  EXPECT_EQ(answer->identity.rfind("Status: 404 Not Found\r\nContent-Type: text/plain\r\n", 0), 0u);
}

TEST(Dispatch, AnUnreachableDatabaseIsAServerErrorThatHidesTheCause) {
  Database database = unreachable_database();
  ResponseCache cache;
  const auto answer = dispatch(routes, database, cache, "/by-chain", "chain=eth");
  EXPECT_EQ(answer->identity.rfind("Status: 503 Service Unavailable\r\n", 0), 0u);
  EXPECT_EQ(body_of(answer->identity), R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})");
  EXPECT_EQ(answer->identity.find("nonexistent"), std::string::npos);
}

TEST(Dispatch, ServesACachedAnswerOfTheCurrentGenerationWithoutTheDatabase) {
  Database database = unreachable_database();
  ResponseCache cache;
  cache.trust();
  const auto cached = std::make_shared<const Prepared>(prepare(success("\"eth\"")));
  cache.store("/by-chain\neth", cached, cache.generation());
  // The key is the checked value, whatever else the query string holds.
  EXPECT_EQ(dispatch(routes, database, cache, "/by-chain", "x=1&chain=%65th&chain=bsc"), cached);
  cache.invalidate();  // a snapshot was written: the database is asked, and it is down
  EXPECT_EQ(dispatch(routes, database, cache, "/by-chain", "chain=eth")->identity.rfind("Status: 503", 0), 0u);
}

TEST(StatementsOf, NamesEachStatementByItsPath) {
  const std::vector<Statement> statements = statements_of(routes);
  ASSERT_EQ(statements.size(), 2u);
  EXPECT_EQ(statements[1].name, "/by-chain");
  EXPECT_EQ(statements[1].sql, "SELECT 2");
}

}  // namespace
}  // namespace coin
