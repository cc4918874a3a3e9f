// handlers/supply: Group A of the spec (6.1-6.5), supply and savings yield. Its endpoints are
// those of group "supply" in the OpenAPI document (`supply --routes` prints them); each reads
// one view of sql/deploy/api_supply.sql.

#include "shared/api_handler.hpp"

int main(int argc, char** argv) {
  return coin::serve_group(argc, argv, "supply", "Serves Group A of the coin-api spec (6.1-6.5) over FastCGI.");
}
