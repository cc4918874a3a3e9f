#include "tests/e2e/other_chains.hpp"

#include "shared/chains.hpp"

namespace coin::e2e {

std::vector<std::string> other_chains() {
  std::vector<std::string> others;
  for (const std::string_view chain : protocol_chains()) {
    if (chain != "tron" && chain != "eth" && chain != "bsc") others.emplace_back(chain);
  }
  return others;
}

std::string for_other_chains(std::string_view text) {
  std::string joined;
  for (const std::string& chain : other_chains()) {
    std::string each(text);
    for (std::size_t at = each.find("{}"); at != std::string::npos; at = each.find("{}", at + chain.size())) {
      each.replace(at, 2, chain);
    }
    joined += each;
  }
  return joined;
}

}  // namespace coin::e2e
