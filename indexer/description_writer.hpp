#pragma once
// Writes the deployment's public description (public_description.hpp) into
// snapshot.deployment_description, as coin_indexer, for the ops handler to serve at
// /.well-known/coin-api/deployment.json.

#include <string>

#include "indexer/round.hpp"

namespace coin::indexer {

// Writes `description` as the deployment's, in place of the one there; the same text again
// changes nothing (its written_at stays). Returns false, with one line on stderr, when the
// database did not take it (down, failing over): the caller tries again later. Never throws.
bool write_description(Database& database, const std::string& description);

}  // namespace coin::indexer
