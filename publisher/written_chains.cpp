#include "publisher/written_chains.hpp"

#include <algorithm>
#include <array>

namespace coin {
namespace {

// The tables whose writes name their chains (sql/deploy/notify_chains.sql, urn_tables.sql,
// auction_tables.sql, finality.sql). No endpoint names finalized_block among its tables: a new
// finalized block changes the headers of a chain's answers, not their bytes.
constexpr std::array<std::string_view, 12> tables_with_chains = {
    "chain_state", "vault",         "vault_state", "urn",        "urn_event",      "urn_state",
    "vault_price", "urn_log_range", "bark",        "clip_event", "auction_status", "finalized_block"};

}  // namespace

WrittenChains WrittenChains::every_chain() {
  WrittenChains written;
  written.every_chain_ = true;
  return written;
}

WrittenChains WrittenChains::none() { return {}; }

void WrittenChains::add(std::string_view payload) {
  const std::size_t space = payload.find(' ');
  const std::string_view table = payload.substr(0, space);
  bool names_chains = space != std::string_view::npos && space + 1 < payload.size();
  names_chains = names_chains && std::find(tables_with_chains.begin(), tables_with_chains.end(), table) !=
                                     tables_with_chains.end();
  if (!names_chains) {
    every_chain_ = true;
    return;
  }
  std::set<std::string, std::less<>>& written = chains_of_table_[std::string(table)];
  std::string_view chains = payload.substr(space + 1);
  while (!chains.empty()) {
    const std::size_t comma = chains.find(',');
    written.emplace(chains.substr(0, comma));
    chains.remove_prefix(comma == std::string_view::npos ? chains.size() : comma + 1);
  }
}

bool WrittenChains::has(std::string_view chain, const std::vector<std::string_view>& tables) const {
  if (every_chain_) return true;
  return std::any_of(chains_of_table_.begin(), chains_of_table_.end(), [&](const auto& written) {
    const bool read = tables.empty() || std::find(tables.begin(), tables.end(), written.first) != tables.end();
    return read && written.second.count(chain) > 0;
  });
}

}  // namespace coin
