#pragma once
// What one round read of a protocol chain, every figure the exact decimal text of the integer
// the chain returned: no conversion happens on this side (chain_units does them, in SQL).

#include <string>
#include <vector>

#include "indexer/config.hpp"

namespace coin::indexer {

struct PositionReading {
  const Position* position = nullptr;
  std::string decimals;      // the asset's decimals()
  std::string balance;       // what the operator holds, in the asset's base units
  bool annual_rate = false;  // rate is an annual ray (aave-v3), else a per-second ray (erc4626)
  std::string rate;
};

struct VaultReading {
  const Vault* vault = nullptr;
  std::string art, rate, spot, line, dust;   // Vat.ilks(ilk)
  std::string duty;                          // Jug.ilks(ilk)
  std::string mat;                           // Spot.ilks(ilk)
  std::string collateral_decimals, locked;   // the collateral's decimals(), balanceOf(join)
  std::string tin;                           // Psm.tin(), on a psm Vault only
  std::vector<PositionReading> positions;    // on an allocator Vault only
};

struct ChainReading {
  std::string block;                                   // the block read at: a number, or "latest"
  std::string coin_decimals, coin_supply, coin_staked; // COIN: decimals, totalSupply, balanceOf(sCOIN)
  std::string scoin_decimals, scoin_supply;            // sCOIN: decimals, totalSupply
  std::string scoin_assets;                            // sCOIN totalAssets()
  std::string scoin_share_value;                       // sCOIN convertToAssets(10^decimals)
  std::string par, base, dsr;                          // Spot.par, Jug.base, Pot.dsr
  std::vector<VaultReading> vaults;
};

}  // namespace coin::indexer
