#pragma once
// The handler processes of a host: each group of the endpoint list and the mcp handler run as a
// pool of processes, each on a socket of its own, <sockets>/<name>.sock, named "<handler>-<n>"
// ("supply-1"). nginx's upstreams list them (nginx_config.hpp); scripts/dev/run.sh and
// scripts/test/topology.sh start them, and an operator enables their systemd sockets
// (coin-api-handler-<handler>@<n>.socket), from `publisher --pool-processes`.

#include <string>
#include <string_view>
#include <vector>

#include "shared/endpoints.hpp"

namespace coin {

// The processes of `handler`'s pool: {"supply-1", "supply-2"}.
std::vector<std::string> pool_processes(std::string_view handler);

// The processes of every pool of a host: each group's, in the order of `list`, then the mcp
// handler's. One per line is `publisher --pool-processes`.
std::vector<std::string> host_pool_processes(const std::vector<Endpoint>& list);

}  // namespace coin
