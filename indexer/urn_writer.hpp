#pragma once
// Writes the urns a round read into urn, urn_event, urn_state and urn_log_range, within the
// chain's snapshot transaction (snapshot_writer.cpp), and each Vault type's vault_price; and,
// apart from a snapshot, what a backfill of events and a reorganisation change. Conversions from
// the chain's integers are chain_units's, in SQL.
//
// urn_state takes a row only where an urn's ink or art differ from its previous row: 100,000
// urns read every 5 minutes would otherwise be 29 million rows a day, nearly all repeats.

#include <cstdint>
#include <pqxx/connection>
#include <pqxx/transaction>
#include <string>

#include "indexer/reading.hpp"

namespace coin::indexer {

// The urns of `urns` (upserted: state, CDP, owner), their events and the auctions' (Barks and
// Clipper events, auction_writer.hpp), their states that changed
// (at `taken_at`, epoch seconds, read at block `block`, empty on a chain read at "latest"), and
// the log range. An event of a Vault type without a row yet (never written) would be lost: then
// no event is written and the range stays, for the next round. `newest`: the urn rows take the
// states read; false for a past snapshot written over (a reorganisation), whose states go to
// urn_state only. Returns the events written.
std::size_t write_urns(pqxx::work& work, const std::string& chain, const std::string& taken_at,
                       const std::string& block, const UrnsReading& urns, bool newest);

// The Vault type's rate, price, next price and par at the snapshot (`vault_id`'s state at
// `taken_at` is written); nothing for a Vault type whose rate or par is 0 (not initialised).
void write_vault_price(pqxx::work& work, const std::string& vault_id, const std::string& taken_at,
                       const VaultReading& vault, const std::string& par);

// Deletes the chain's urn states at `taken_at`: a snapshot written over (Write::replace).
void delete_urn_states(pqxx::work& work, const std::string& chain, const std::string& taken_at);

// A backfill's events of blocks [urns.first_block, urns.last_block], just below the range's
// first block: urns new to the table are added (their state 0 until a round reads it), the
// events written, first_block lowered. False, nothing written, when the range no longer starts
// at last_block + 1 (another backfill moved it).
bool write_older_urn_events(pqxx::connection& connection, const std::string& chain, const UrnsReading& urns);

// A reorganisation replaced the blocks after `kept`: the chain's events above it (the urns',
// the Barks and the Clipper events) are deleted, last_block set back to it (at most), the urns'
// newest events found again. Returns the events deleted.
std::size_t rewind_urn_events(pqxx::connection& connection, const std::string& chain, std::uint64_t kept);

}  // namespace coin::indexer
