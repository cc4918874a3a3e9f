#pragma once
// What one round read of a protocol chain, every figure the exact decimal text of the integer
// the chain returned: no conversion happens on this side (chain_units does them, in SQL).

#include <cstdint>
#include <optional>
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
  // The pip's next price (an OSM's nxt, wad); empty where the pip is no OSM or has no next price.
  std::string next_price;
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

// One urn as one Vat event moved it (a frob, a grab, or one side of a fork).
struct UrnEvent {
  std::string ilk;
  std::string urn;  // its address as the chain writes it: 0x and lower-case hex, or Base58 on tron
  std::uint64_t block = 0;
  std::string block_hash, block_time;  // block_time: epoch seconds
  std::uint64_t log_index = 0;
  std::string tx_hash;
  std::string kind;        // "frob", "fork" or "grab"
  std::string dink, dart;  // signed wad integers: what the urn gained (negative: lost)
};

// One urn's state at the snapshot's block: Vat.urns(ilk, urn), and its CDP where it has one.
struct UrnReading {
  std::string ilk;
  std::string urn;          // as UrnEvent's
  std::string ink, art;     // wad integers
  std::string cdp, owner;   // its dss-cdp-manager id and owner; empty for an urn opened outside it
};

// What a round read of the chain's urns: their states, the events of the blocks read, and the
// range of blocks whose events urn_event then holds whole.
struct UrnsReading {
  std::vector<UrnReading> urns;
  std::vector<UrnEvent> events;
  std::uint64_t first_block = 0, last_block = 0;  // urn_log_range as it is to be written
  bool range = false;                              // whether to write it
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
  // The urns, when they could be read (the database names those known, the node the rest); none:
  // the urn tables are left as they are this round.
  std::optional<UrnsReading> urns;
};

}  // namespace coin::indexer
