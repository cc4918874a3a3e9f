#pragma once
// Writes the liquidations a reading holds into bark, clip_event and auction_status, within the
// transaction of the urns' writes (urn_writer.hpp): the events with the urns' events (a round's,
// a backfill's), the running auctions' states with the snapshot. Amounts are de-scaled in SQL
// (chain_units): wad 18, ray 27, rad 45. Rows already there stay (their primary keys), so a
// range read again writes nothing twice.

#include <cstdint>
#include <pqxx/transaction>
#include <string>
#include <vector>

#include "indexer/reading.hpp"

namespace coin::indexer {

// The Barks of Vault types with a row (their vault_id) and the Clipper events.
void write_auction_events(pqxx::work& work, const std::string& chain, const AuctionsReading& auctions);

// The running auctions' states at `taken_at` (epoch seconds): after the snapshot's chain_state
// row, which they belong to.
void write_auction_status(pqxx::work& work, const std::string& chain, const std::string& taken_at,
                          const std::vector<AuctionStatus>& status);

// Deletes the chain's Barks and Clipper events above block `kept` (a reorganisation); returns how many.
std::size_t delete_auction_events_after(pqxx::work& work, const std::string& chain, std::uint64_t kept);

}  // namespace coin::indexer
