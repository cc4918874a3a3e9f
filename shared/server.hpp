#pragma once
// The FastCGI side of a handler binary: flags, the accept loop with its worker threads, the
// snapshot listener, and the dispatch of each request to its route.

#include <memory>
#include <string_view>
#include <vector>

#include "database.hpp"
#include "prepared.hpp"
#include "response_cache.hpp"
#include "route.hpp"

namespace coin {

// The whole life of a handler binary: parses argv, listens, serves `routes` until SIGTERM or
// SIGINT, lets requests in progress finish, and returns the exit status for main().
int serve(int argc, char** argv, std::string_view program, std::string_view summary,
          const std::vector<Route>& routes);

// Answers one request: finds the route for `path`, checks its parameters, and takes the answer
// from `cache` or else from its statement on `database`. Every failure becomes the spec's
// server error (logged, never shown to the client).
std::shared_ptr<const Prepared> dispatch(const std::vector<Route>& routes, Database& database,
                                         ResponseCache& cache, std::string_view path,
                                         std::string_view query_string);

// One prepared statement per route, named by its path.
std::vector<Statement> statements_of(const std::vector<Route>& routes);

}  // namespace coin
