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

// Where a log sits: its block, the block's hash and time, its index there and its transaction.
struct LogPlace {
  std::uint64_t block = 0;
  std::string block_hash, block_time;  // block_time: epoch seconds
  std::uint64_t log_index = 0;
  std::string tx_hash;
};

// One urn as one Vat event moved it (a frob, a grab, or one side of a fork).
struct UrnEvent : LogPlace {
  std::string ilk;
  std::string urn;  // its address as the chain writes it: 0x and lower-case hex, or Base58 on tron
  std::string kind;        // "frob", "fork" or "grab"
  std::string dink, dart;  // signed wad integers: what the urn gained (negative: lost)
};

// A Dog.Bark: an urn's collateral and debt handed to a Clipper's auction. Integers as the chain
// gives them: ink and art wad, due rad.
struct Bark : LogPlace {
  std::string ilk, urn, ink, art, due, clipper, sale_id;  // addresses as UrnEvent's urn
};

// A Clipper's Kick, Take, Redo or Yank of its auction sale_id: what the event carries, the rest
// empty (kick and redo: price = top, tab, lot, keeper, incentive; take: price, max_price, owe,
// and the tab and lot after it; yank: none). Prices ray, tab, owe and incentive rad, lot wad.
struct ClipEvent : LogPlace {
  std::string clipper, sale_id, kind;
  std::string price, max_price, owe, tab, lot, keeper, incentive;
};

// A running auction as Clipper.getStatus(id) answered at the snapshot's block.
struct AuctionStatus {
  std::string clipper, sale_id;
  std::string price, lot, tab;  // ray, wad, rad
  bool needs_redo = false;
};

// The liquidations read with the urns: the Dog's and the Clippers' events of the blocks read,
// and the running auctions' states.
struct AuctionsReading {
  std::vector<Bark> barks;
  std::vector<ClipEvent> clip_events;
  std::vector<AuctionStatus> status;
};

// One urn's state at the snapshot's block: Vat.urns(ilk, urn), and its CDP where it has one.
struct UrnReading {
  std::string ilk;
  std::string urn;          // as UrnEvent's
  std::string ink, art;     // wad integers
  std::string cdp, owner;   // its dss-cdp-manager id and owner; empty for an urn opened outside it
};

// What a round read of the chain's urns: their states, the events of the blocks read (the Vat's,
// and the Dog's and Clippers' in `auctions`), and the range of blocks whose events urn_event,
// bark and clip_event then hold whole.
struct UrnsReading {
  std::vector<UrnReading> urns;
  std::vector<UrnEvent> events;
  AuctionsReading auctions;
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
  // The Clippers Dog.ilks(ilk).clip names for the regular Vault types, where the file names a Dog;
  // clippers_error says why they could not be read (the urns are not read then either: their
  // events and the auctions' are read together).
  std::vector<Address> clippers;
  std::string clippers_error;
  // The urns, when they could be read (the database names those known, the node the rest); none:
  // the urn tables are left as they are this round.
  std::optional<UrnsReading> urns;
};

}  // namespace coin::indexer
