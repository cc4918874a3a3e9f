#pragma once
// The FastCGI side of a handler binary: flags, the accept loop with its worker threads, the
// snapshot listener, and the dispatch of each request to its endpoint.

#include <memory>
#include <string_view>
#include <vector>

#include "database.hpp"
#include "prepared.hpp"
#include "response_cache.hpp"
#include "endpoints.hpp"

namespace coin {

// The whole life of the handler binary of `group`: parses argv, listens, serves the group's
// endpoints until SIGTERM or SIGINT, lets requests in progress finish, and returns the exit
// status for main(). With --routes it prints the group's endpoints (routes_table) instead.
int serve(int argc, char** argv, std::string_view group, std::string_view summary);

// Answers one request: finds the endpoint at `path`, checks its parameters, and takes the
// answer from `cache` or else from its statement on `database`. Every failure becomes the
// spec's server error (logged, never shown to the client).
std::shared_ptr<const Prepared> dispatch(const std::vector<Endpoint>& endpoints, Database& database,
                                         ResponseCache& cache, std::string_view path,
                                         std::string_view query_string);

}  // namespace coin
