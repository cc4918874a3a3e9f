#pragma once
// Writes what a round read of one protocol chain into the snapshot tables, in one transaction,
// as coin_indexer: the Vaults' and positions' configuration (inserted, or updated in place),
// their states and the chain's state, all at one taken_at. The conversions are chain_units's.

#include <cstdint>
#include <optional>
#include <pqxx/connection>
#include <string>

#include "indexer/kept_rounds.hpp"
#include "indexer/reading.hpp"

namespace coin::indexer {

// Writes `reading` as `chain`'s snapshot at `taken_at` (epoch seconds). Returns false, having
// written nothing, when the chain already has a snapshot then: another indexer pointed at the
// same database wrote this round first (the two take turns on an advisory lock per chain).
// Throws pqxx's exceptions when the database refuses it (a value out of a column's range, the
// connection lost); the transaction is then rolled back whole.
// A Vault in `reading.skipped` is not written; the others and the chain's state are, each
// Vault's vault_price, the urns where the reading has them (urn_writer.hpp) with the running
// auctions' states (auction_writer.hpp), and the deployment's token symbols.
// Write::replace writes it over the chain's snapshot at `taken_at` (its chain, Vault and position
// states, vault prices and urn states), which a reorganisation undid, and always returns true.
enum class Write { once, replace };
bool write_snapshot(pqxx::connection& connection, const std::string& chain, std::int64_t taken_at,
                    const ChainReading& reading, const Symbols& symbols, Write write = Write::once);

// Writes `live`, read at the chain's newest block, as the chain's live snapshot
// (sql/deploy/live_snapshot.sql), in one transaction: the live snapshot before it goes (its urn
// states stay, since they are per change), then `grid` is written as write_snapshot writes it
// (*grid_written: false when the chain already had it), then `live`, at `now` or a second after
// the chain's newest snapshot, whichever is later, so that it stays the newest. Throws as
// write_snapshot.
void write_live(pqxx::connection& connection, const std::string& chain, std::int64_t now, const ChainReading& live,
                const Symbols& symbols, const ChainRound* grid = nullptr, bool* grid_written = nullptr);

// Whether `chain` has a snapshot at `taken_at` (epoch seconds).
bool snapshot_written(pqxx::connection& connection, const std::string& chain, std::int64_t taken_at);

// Records `block` as `chain`'s finalized block (snapshot.finalized_block, sql/deploy/finality.sql)
// unless as new a one is recorded: it only moves forward. Its own transaction.
void write_finalized(pqxx::connection& connection, const std::string& chain, std::uint64_t block);

// The taken_at (epoch seconds) of the newest state of `chain`'s Vault `ilk`; none if it has none.
std::optional<std::int64_t> vault_written(pqxx::connection& connection, const std::string& chain,
                                          const std::string& ilk);

}  // namespace coin::indexer
