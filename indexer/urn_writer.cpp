#include "indexer/urn_writer.hpp"

#include <algorithm>
#include <pqxx/pqxx>
#include <set>
#include <vector>

#include "indexer/auction_writer.hpp"
#include "indexer/sql_array.hpp"

namespace coin::indexer {

namespace {

// The snapshot writer's lock of the chain: a backfill or a rewind waits for a round's write.
constexpr const char* lock_chain = "SELECT pg_advisory_xact_lock(hashtextextended('coin-indexer ' || $1, 0))";

// The urns read, each one's row inserted or brought up to date, untouched when nothing changed.
constexpr const char* upsert_urns = R"(
INSERT INTO snapshot.urn AS u (vault_id, address, cdp_id, owner, ink, art)
SELECT v.vault_id, r.address, nullif(r.cdp, '')::bigint, nullif(r.owner, ''),
       snapshot.descale(r.ink::numeric, 18), snapshot.descale(r.art::numeric, 18)
  FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
           AS r(ilk, address, cdp, owner, ink, art)
  JOIN snapshot.vault AS v ON v.chain = $1::snapshot.chain AND v.vault_type = r.ilk
    ON CONFLICT (vault_id, address) DO UPDATE
   SET cdp_id = excluded.cdp_id, owner = excluded.owner, ink = excluded.ink, art = excluded.art
 WHERE (u.cdp_id, u.owner, u.ink, u.art) IS DISTINCT FROM (excluded.cdp_id, excluded.owner, excluded.ink, excluded.art))";

// A backfill's urns: those not in the table yet, with no state (the next round reads it).
constexpr const char* insert_missing_urns = R"(
INSERT INTO snapshot.urn (vault_id, address)
SELECT v.vault_id, r.address
  FROM unnest($2::text[], $3::text[]) AS r(ilk, address)
  JOIN snapshot.vault AS v ON v.chain = $1::snapshot.chain AND v.vault_type = r.ilk
    ON CONFLICT (vault_id, address) DO NOTHING)";

// The Vault types of the chain that have a row.
constexpr const char* written_vaults = R"(
SELECT vault_type FROM snapshot.vault WHERE chain = $1::snapshot.chain)";

// Events already there (a range read again after a rewind that found nothing to delete) stay.
constexpr const char* insert_events = R"(
INSERT INTO snapshot.urn_event (urn_id, block_number, log_index, block_hash, block_time, tx_hash, kind, dink, dart)
SELECT u.urn_id, e.block_number, e.log_index, e.block_hash, to_timestamp(e.block_time), e.tx_hash, e.kind,
       snapshot.descale(e.dink, 18), snapshot.descale(e.dart, 18)
  FROM unnest($2::text[], $3::text[], $4::bigint[], $5::integer[], $6::text[], $7::bigint[], $8::text[],
              $9::text[], $10::numeric[], $11::numeric[])
           AS e(ilk, address, block_number, log_index, block_hash, block_time, tx_hash, kind, dink, dart)
  JOIN snapshot.vault AS v ON v.chain = $1::snapshot.chain AND v.vault_type = e.ilk
  JOIN snapshot.urn AS u ON u.vault_id = v.vault_id AND u.address = e.address
    ON CONFLICT DO NOTHING)";

// The newest event of each urn of the chain with events from block $2 on, or a newest event
// recorded from there (which a rewind may have deleted: then none, or an older one).
constexpr const char* refresh_changed = R"(
UPDATE snapshot.urn AS u
   SET (changed_block, changed_time) =
       (SELECT e.block_number, e.block_time FROM snapshot.urn_event AS e
         WHERE e.urn_id = u.urn_id ORDER BY e.block_number DESC, e.log_index DESC LIMIT 1)
 WHERE u.vault_id IN (SELECT vault_id FROM snapshot.vault WHERE chain = $1::snapshot.chain)
   AND (u.changed_block >= $2
        OR EXISTS (SELECT FROM snapshot.urn_event AS e WHERE e.urn_id = u.urn_id AND e.block_number >= $2)))";

// A state row only where ink or art differ from the urn's previous row (or it has none).
constexpr const char* insert_changed_states = R"(
INSERT INTO snapshot.urn_state (urn_id, taken_at, ink, art, block_number)
SELECT u.urn_id, to_timestamp($2), r.ink, r.art, nullif($3, '')::bigint
  FROM (SELECT ilk, address, snapshot.descale(ink::numeric, 18) AS ink, snapshot.descale(art::numeric, 18) AS art
          FROM unnest($4::text[], $5::text[], $6::text[], $7::text[]) AS r(ilk, address, ink, art)) AS r
  JOIN snapshot.vault AS v ON v.chain = $1::snapshot.chain AND v.vault_type = r.ilk
  JOIN snapshot.urn AS u ON u.vault_id = v.vault_id AND u.address = r.address
 WHERE (SELECT ROW(s.ink, s.art) FROM snapshot.urn_state AS s
         WHERE s.urn_id = u.urn_id AND s.taken_at < to_timestamp($2)
         ORDER BY s.taken_at DESC LIMIT 1) IS DISTINCT FROM ROW(r.ink, r.art))";

// After a past snapshot's states are written over: the first row after it that no longer
// changes anything (equal to the row at or before it) goes.
constexpr const char* delete_unchanged_after = R"(
DELETE FROM snapshot.urn_state AS s
 USING snapshot.urn AS u, snapshot.vault AS v
 WHERE s.urn_id = u.urn_id AND u.vault_id = v.vault_id AND v.chain = $1::snapshot.chain
   AND s.taken_at = (SELECT min(n.taken_at) FROM snapshot.urn_state AS n
                      WHERE n.urn_id = s.urn_id AND n.taken_at > to_timestamp($2))
   AND (SELECT ROW(p.ink, p.art) FROM snapshot.urn_state AS p
         WHERE p.urn_id = s.urn_id AND p.taken_at <= to_timestamp($2)
         ORDER BY p.taken_at DESC LIMIT 1) = ROW(s.ink, s.art))";

constexpr const char* upsert_range = R"(
INSERT INTO snapshot.urn_log_range AS r (chain, first_block, last_block) VALUES ($1, $2, $3)
    ON CONFLICT (chain) DO UPDATE SET first_block = least(r.first_block, excluded.first_block),
                                      last_block = excluded.last_block)";

constexpr const char* lower_range = R"(
UPDATE snapshot.urn_log_range SET first_block = $2 WHERE chain = $1::snapshot.chain AND first_block = $3 + 1)";

constexpr const char* delete_events_after = R"(
DELETE FROM snapshot.urn_event AS e
 USING snapshot.urn AS u, snapshot.vault AS v
 WHERE e.urn_id = u.urn_id AND u.vault_id = v.vault_id AND v.chain = $1::snapshot.chain AND e.block_number > $2)";

constexpr const char* rewind_range = R"(
UPDATE snapshot.urn_log_range SET last_block = greatest(first_block - 1, least(last_block, $2))
 WHERE chain = $1::snapshot.chain)";

constexpr const char* insert_vault_price = R"(
INSERT INTO snapshot.vault_price (vault_id, taken_at, rate, price, next_price, par)
VALUES ($1, to_timestamp($2), snapshot.descale($3, 27), snapshot.price_of_spot($4, $5, $6),
        snapshot.descale(nullif($7, '')::numeric, 18), snapshot.descale($6, 27)))";

constexpr const char* delete_states_at = R"(
DELETE FROM snapshot.urn_state AS s
 USING snapshot.urn AS u, snapshot.vault AS v
 WHERE s.urn_id = u.urn_id AND u.vault_id = v.vault_id AND v.chain = $1::snapshot.chain
   AND s.taken_at = to_timestamp($2))";

struct UrnColumns {
  std::vector<std::string> ilk, address, cdp, owner, ink, art;
  explicit UrnColumns(const std::vector<UrnReading>& urns) {
    for (const UrnReading& urn : urns) {
      ilk.push_back(urn.ilk);
      address.push_back(urn.urn);
      cdp.push_back(urn.cdp);
      owner.push_back(urn.owner);
      ink.push_back(urn.ink);
      art.push_back(urn.art);
    }
  }
};

// Writes the events (their urns' rows there); returns how many.
std::size_t write_events(pqxx::work& work, const std::string& chain, const std::vector<UrnEvent>& events) {
  if (events.empty()) return 0;
  std::vector<std::string> ilk, address, block, index, hash, time, tx, kind, dink, dart;
  std::uint64_t oldest = events.front().block;
  for (const UrnEvent& event : events) {
    ilk.push_back(event.ilk);
    address.push_back(event.urn);
    block.push_back(std::to_string(event.block));
    index.push_back(std::to_string(event.log_index));
    hash.push_back(event.block_hash);
    time.push_back(event.block_time);
    tx.push_back(event.tx_hash);
    kind.push_back(event.kind);
    dink.push_back(event.dink);
    dart.push_back(event.dart);
    oldest = std::min(oldest, event.block);
  }
  const pqxx::result written =
      work.exec_params(insert_events, chain, text_array(ilk), text_array(address), text_array(block), text_array(index),
                       text_array(hash), text_array(time), text_array(tx), text_array(kind), text_array(dink),
                       text_array(dart));
  work.exec_params0(refresh_changed, chain, std::to_string(oldest));
  return static_cast<std::size_t>(written.affected_rows());
}

// Whether every Vault type the events and Barks name has a row.
bool vaults_written(pqxx::work& work, const std::string& chain, const UrnsReading& urns) {
  std::set<std::string> written;
  for (const pqxx::row& row : work.exec_params(written_vaults, chain)) written.insert(row[0].as<std::string>());
  const auto unwritten = [&](const auto& event) { return written.count(event.ilk) == 0; };
  return std::none_of(urns.events.begin(), urns.events.end(), unwritten) &&
         std::none_of(urns.auctions.barks.begin(), urns.auctions.barks.end(), unwritten);
}

}  // namespace

std::size_t write_urns(pqxx::work& work, const std::string& chain, const std::string& taken_at,
                       const std::string& block, const UrnsReading& urns, bool newest) {
  const UrnColumns columns(urns.urns);
  if (newest) {
    work.exec_params0(upsert_urns, chain, text_array(columns.ilk), text_array(columns.address), text_array(columns.cdp),
                      text_array(columns.owner), text_array(columns.ink), text_array(columns.art));
  }
  work.exec_params0(insert_changed_states, chain, taken_at, block, text_array(columns.ilk),
                    text_array(columns.address), text_array(columns.ink), text_array(columns.art));
  if (!newest) work.exec_params0(delete_unchanged_after, chain, taken_at);
  if (!vaults_written(work, chain, urns)) return 0;
  const std::size_t written = write_events(work, chain, urns.events);
  write_auction_events(work, chain, urns.auctions);
  if (urns.range) {
    work.exec_params0(upsert_range, chain, std::to_string(urns.first_block), std::to_string(urns.last_block));
  }
  return written;
}

void write_vault_price(pqxx::work& work, const std::string& vault_id, const std::string& taken_at,
                       const VaultReading& vault, const std::string& par) {
  if (vault.rate == "0" || par == "0") return;
  work.exec_params0(insert_vault_price, vault_id, taken_at, vault.rate, vault.spot, vault.mat, par, vault.next_price);
}

void delete_urn_states(pqxx::work& work, const std::string& chain, const std::string& taken_at) {
  work.exec_params0(delete_states_at, chain, taken_at);
}

bool write_older_urn_events(pqxx::connection& connection, const std::string& chain, const UrnsReading& urns) {
  pqxx::work work(connection);
  work.exec_params(lock_chain, chain);
  if (!vaults_written(work, chain, urns)) return false;
  const UrnColumns columns(urns.urns);
  work.exec_params0(insert_missing_urns, chain, text_array(columns.ilk), text_array(columns.address));
  write_events(work, chain, urns.events);
  write_auction_events(work, chain, urns.auctions);
  const pqxx::result lowered = work.exec_params(lower_range, chain, std::to_string(urns.first_block),
                                                std::to_string(urns.last_block));
  if (lowered.affected_rows() != 1) return false;  // rolled back
  work.commit();
  return true;
}

std::size_t rewind_urn_events(pqxx::connection& connection, const std::string& chain, std::uint64_t kept) {
  pqxx::work work(connection);
  work.exec_params(lock_chain, chain);
  const pqxx::result deleted = work.exec_params(delete_events_after, chain, std::to_string(kept));
  const std::size_t auction_events = delete_auction_events_after(work, chain, kept);
  work.exec_params0(refresh_changed, chain, std::to_string(kept + 1));
  work.exec_params0(rewind_range, chain, std::to_string(kept));
  work.commit();
  return static_cast<std::size_t>(deleted.affected_rows()) + auction_events;
}

}  // namespace coin::indexer
