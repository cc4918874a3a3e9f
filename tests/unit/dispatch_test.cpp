// dispatch() without a database server: routes that never fetch, and one whose fetch fails.

#include <gtest/gtest.h>

#include "server.hpp"

namespace coin {
namespace {

Response echo_chain(const Request& request, const Fetch&) {
  const auto chain = request.query.get("chain");
  if (!chain) return business_error(1, "Required request parameter 'chain' is not present");
  return success("\"" + std::string(*chain) + "\"");
}

Response throw_logic_error(const Request&, const Fetch&) { throw std::logic_error("SELECT secret"); }

const std::vector<Route> routes = {
    {"/echo", "SELECT 1", echo_chain},
    {"/fetch", "SELECT 2", respond_envelope},
    {"/broken", "SELECT 3", throw_logic_error},
};

// A database nobody listens on: every fetch fails, quickly.
Database unreachable_database() {
  return Database("host=/nonexistent/coin-api port=1 connect_timeout=1", statements_of(routes));
}

TEST(Dispatch, PassesTheDecodedQueryToTheRoute) {
  Database database = unreachable_database();
  EXPECT_EQ(dispatch(routes, database, "/echo", "x=1&chain=%65th&chain=bsc").body,
            R"({"code":0,"message":"SUCCESS","data":"eth"})");
  EXPECT_EQ(dispatch(routes, database, "/echo", "").body,
            R"({"code":1,"message":"Required request parameter 'chain' is not present","data":null})");
}

TEST(Dispatch, AnUnknownPathIsA404WithoutTouchingTheDatabase) {
  Database database = unreachable_database();
  const Response response = dispatch(routes, database, "/echo/", "");
  EXPECT_EQ(response.status, 404);
  EXPECT_EQ(response.content_type, "text/plain");
}

TEST(Dispatch, AnUnreachableDatabaseIsAServerErrorThatHidesTheCause) {
  Database database = unreachable_database();
  const Response response = dispatch(routes, database, "/fetch", "");
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(response.body, R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})");
}

TEST(Dispatch, AnyExceptionIsAServerErrorThatHidesTheCause) {
  Database database = unreachable_database();
  const Response response = dispatch(routes, database, "/broken", "");
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(response.body.find("secret"), std::string::npos);
}

TEST(StatementsOf, NamesEachStatementByItsPath) {
  const std::vector<Statement> statements = statements_of(routes);
  ASSERT_EQ(statements.size(), 3u);
  EXPECT_EQ(statements[1].name, "/fetch");
  EXPECT_EQ(statements[1].sql, "SELECT 2");
}

}  // namespace
}  // namespace coin
