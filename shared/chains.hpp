#pragma once
// The chains the protocol is deployed on, in the spec's order (its arrays of one element per
// chain follow it): the values of the API's chain parameter in the OpenAPI document, which the
// indexer reads the protocol on too. The database's enum snapshot.chain lists the same chains.

#include <string_view>
#include <vector>

namespace coin {

const std::vector<std::string_view>& protocol_chains();

}  // namespace coin
