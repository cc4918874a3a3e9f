#pragma once
// What the snapshot tables would hold for one reading of a chain, worked out again exactly: the
// SQL of indexer/snapshot_writer.cpp (insert_chain_state, upsert_vault, insert_vault_state,
// insert_position_state) and of derived.vault_state_at, in C++, from the integers the chain
// returned. Each figure of 6.4, 6.11 and 6.12 is one of these, or a sum of them.

#include <optional>
#include <string>
#include <vector>

#include "indexer/reading.hpp"
#include "verifier/exact.hpp"

namespace coin::verifier {

struct VaultFigures {
  std::string ilk;
  int collateral_type = 1;  // 1 regular, 2 PSM, 3 allocator
  std::string contract_address;
  Exact min_collateral_ratio, stability_fee, debt_ceiling, dust;
  std::optional<Exact> psm_fee;  // a PSM's tin; none on other Vaults
  Exact minted, debt, locked_value, collateral_ratio;
  std::optional<Exact> apy, estimated_annual_earnings;  // an allocator Vault's, from its positions
};

struct ChainFigures {
  Exact coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl;
  Exact supply_value;      // coin_supply x coin_price + scoin_supply x scoin_price
  Exact collateral_value;  // the Vaults' locked values
  std::vector<VaultFigures> vaults;  // those the reading has, in the file's order
};

ChainFigures chain_figures(const indexer::ChainReading& reading);

}  // namespace coin::verifier
