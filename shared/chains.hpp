#pragma once
// The chains the protocol is deployed on, in the spec's order (its 3-element arrays are
// [tron, eth, bsc]): the values of the API's chain parameter (shared/endpoints.hpp), and the
// chains the indexer reads the protocol on (indexer/config.cpp). The database's enum
// snapshot.chain (sql/deploy/snapshot_tables.sql) is the source: tests/e2e/chain_lists_test.cpp
// fails when this list, or another that names the chains, differs from it.

#include <initializer_list>
#include <string_view>

namespace coin {

inline const std::initializer_list<std::string_view> protocol_chains = {"tron", "eth", "bsc"};

}  // namespace coin
