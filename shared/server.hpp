#pragma once
// The FastCGI side of a handler binary: flags, the listening socket, the snapshot listener and
// the worker threads with their accept loop. What a worker does with a request is dispatch.hpp's.

#include <string_view>

namespace coin {

// The whole life of the handler binary of `group`: parses argv, listens, serves the group's
// endpoints (endpoints.hpp) until SIGTERM or SIGINT, lets requests in progress finish, and
// returns the exit status for main(). With --routes it prints the group's endpoints
// (routes_table) instead.
int serve(int argc, char** argv, std::string_view group, std::string_view summary);

}  // namespace coin
