// handlers/protocol: Group B of the spec (6.6-6.14), the protocol overview, histories, Vaults
// and the Smart Allocator, and the Vault history added to it (6.15). Its endpoints are those of
// group "protocol" in the OpenAPI document (`protocol --routes` prints them); each reads one
// view of sql/deploy/api_protocol.sql (6.15: sql/deploy/vault_history.sql).

#include "shared/api_handler.hpp"

int main(int argc, char** argv) {
  return coin::serve_group(argc, argv, "protocol",
                           "Serves Group B of the coin-api spec (6.6-6.14, and 6.15) over FastCGI.");
}
