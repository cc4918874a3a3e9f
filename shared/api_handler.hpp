#pragma once
// An API handler binary: FastCGI (server.hpp) whose workers answer from the database, each on a
// session of its own with the binary's statements prepared, through the process's response
// cache, kept fresh by a snapshot listener (fresh_cache.hpp). The groups' binaries (supply,
// protocol) answer their endpoints by dispatch (dispatch.hpp); the MCP handler answers a tool
// call as dispatch answers its GET.

#include <functional>
#include <memory>
#include <string_view>
#include <vector>

#include "shared/config.hpp"
#include "shared/rendered_answer.hpp"
#include "shared/server.hpp"
#include "shared/statement.hpp"

namespace coin {

class Database;
class ResponseCache;

// The answer to a request, from the worker's own session and the process's cache. Every worker
// calls the same one, at once.
using ApiAnswerer = std::function<std::shared_ptr<const RenderedAnswer>(Database& database, ResponseCache& cache,
                                                                        const Request& request)>;

// Serves FastCGI as run_server does, each worker answering with `answer` on a session of its
// own on which `statements` are prepared, and the response cache kept fresh (none with
// --no-cache). Returns the exit status for main().
int run_api_server(const Config& config, const std::vector<Statement>& statements, const ApiAnswerer& answer);

// The whole life of the binary of `group`: parses argv, and serves the group's endpoints
// (endpoints.hpp) by dispatch. With --routes it prints them (routes_table) instead.
int serve_group(int argc, char** argv, std::string_view group, std::string_view summary);

}  // namespace coin
