#include "shared/chain_names.hpp"

#include "shared/chains.hpp"

namespace coin {

std::string protocol_chain_names() {
  const std::vector<std::string_view>& chains = protocol_chains();
  std::string names;
  for (auto chain = chains.begin(); chain != chains.end(); ++chain) {
    if (!names.empty()) names += chain + 1 == chains.end() ? " and " : ", ";
    names += *chain;
  }
  return names;
}

}  // namespace coin
