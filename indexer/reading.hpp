#pragma once
// What one round read of a protocol chain, every figure the exact decimal text of the integer
// the chain returned: no conversion happens on this side (chain_units does them, in SQL).

#include <string>
#include <vector>

#include "indexer/config.hpp"

namespace coin::indexer {

enum class RateKind {
  per_second,  // rate: a per-second ray (an ERC-4626 vault's ssr, vsr ...)
  annual,      // rate: an annual ray compounded every second (Aave v3's currentLiquidityRate)
  growth,      // the share price's growth: share_value_then to share_value over `seconds`
  none,        // a plain balance, which earns nothing: APY 0
};

// The block a reading rests on: its number, hash and time (empty on a chain read at "latest").
struct Block {
  std::string number, hash, time;  // time: epoch seconds
};

struct PositionReading {
  const Position* position = nullptr;
  Block block;           // of the position's chain
  std::string decimals;  // the asset's decimals()
  std::string balance;   // what the operator holds, in the asset's base units
  RateKind rate_kind = RateKind::per_second;
  std::string rate;
  std::string share_value_then, share_value, seconds;  // RateKind::growth only
};

struct VaultReading {
  const Vault* vault = nullptr;
  std::string art, rate, spot, line, dust;   // Vat.ilks(ilk); art: the urn's on an allocator_vault
  // A lite PSM: minted is the part of Art its pocket's gem backs (what is locked, at most Art).
  bool minted_backed = false;
  std::string duty;                          // Jug.ilks(ilk)
  std::string mat;                           // Spot.ilks(ilk)
  // What is locked, in its token's base units: the collateral (valued at the ilk's price), or
  // on an allocator_vault Vault the COIN in its buffer (valued at the peg, with the positions).
  std::string locked, locked_decimals;
  bool locked_is_coin = false;
  std::string tin;                           // Psm.tin(), on a psm Vault only
  std::vector<PositionReading> positions;    // on an allocator Vault only
};

// A Vault left out of the round: it or one of its positions could not be read.
struct SkippedVault {
  const Vault* vault = nullptr;
  std::string reason;
};

struct ChainReading {
  std::string block;                                   // the block read at: a number, or "latest"
  Block provenance;                                    // its number, hash and time
  std::string coin_decimals, coin_supply;              // COIN: decimals, totalSupply
  std::string scoin_decimals, scoin_supply;            // sCOIN: decimals, totalSupply
  std::string scoin_assets;                            // sCOIN totalAssets()
  std::string scoin_share_value;                       // sCOIN convertToAssets(10^decimals)
  std::string par, base;                               // Spot.par, Jug.base
  std::string savings_rate;                            // Pot.dsr, or sCOIN's own rate getter
  // COIN the protocol holds itself, each holder's COIN.balanceOf once: sCOIN's (savings "token"),
  // each lite PSM's and its pocket's, each AllocatorVault buffer's and the file's
  // protocol_holders'. In no one's hands, so not in circulation.
  std::vector<std::string> coin_held;
  std::vector<VaultReading> vaults;
  std::vector<SkippedVault> skipped;
};

}  // namespace coin::indexer
