#include "shared/snapshot_blocks.hpp"

#include <algorithm>

namespace coin {

bool are_snapshot_blocks(std::string_view blocks) {
  const auto allowed = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '=' || c == ';' || c == ' ';
  };
  return blocks.size() <= max_snapshot_blocks && std::all_of(blocks.begin(), blocks.end(), allowed);
}

}  // namespace coin
