#pragma once
// The fixture has rows of tron, eth and bsc, and the local chain's deployment (chain/) deploys
// those three. The chains are the OpenAPI document's, so a chain added there is one without
// rows: what an answer holds for it is what a chain without data gives, and the tests' expected
// answers add it with for_other_chains.

#include <string>
#include <string_view>
#include <vector>

namespace coin::e2e {

// The chains the fixture has no row of, in order.
std::vector<std::string> other_chains();

// `text` once per such chain, each "{}" in it replaced by the chain's label, joined: e.g.
// R"(,"0")" inside an array of one element per chain. "" with the fixture's chains only.
std::string for_other_chains(std::string_view text);

}  // namespace coin::e2e
