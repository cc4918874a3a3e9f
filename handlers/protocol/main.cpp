// handlers/protocol: Group B of the spec (6.6-6.14), the protocol overview, histories, Vaults
// and the Smart Allocator. Its endpoints are those of group "protocol" in
// shared/endpoints.cpp (`protocol --routes` prints them); each reads one view of
// sql/deploy/api_protocol.sql.

#include "shared/server.hpp"

int main(int argc, char** argv) {
  return coin::serve(argc, argv, "protocol",
                     "Serves Group B of the coin-api spec (6.6-6.14) over FastCGI.");
}
