#include "indexer/snapshot_writer.hpp"

#include <algorithm>
#include <pqxx/pqxx>

#include "indexer/auction_writer.hpp"
#include "indexer/urn_writer.hpp"

namespace coin::indexer {

namespace {

constexpr const char* lock_chain =
    "SELECT pg_advisory_xact_lock(hashtextextended('coin-indexer ' || $1, 0))";

// Snapshots are written one at a time, whichever their chain (taken before the chain's lock):
// their triggers bring the rollups every chain shares up to date (derived.hourly_figures' lock,
// the token symbols' rows), and two chains written at once (each followed chain has a thread of
// its own, and indexers may share a database) would take those in either order: a deadlock.
constexpr const char* lock_snapshots = "SELECT pg_advisory_xact_lock(hashtextextended('coin-indexer snapshots', 0))";

constexpr const char* upsert_finalized = R"(
INSERT INTO snapshot.finalized_block AS f (chain, block_number) VALUES ($1::snapshot.chain, $2)
ON CONFLICT (chain) DO UPDATE SET block_number = EXCLUDED.block_number WHERE f.block_number < EXCLUDED.block_number)";

// Run after the lock is held, so that it sees what another indexer committed meanwhile.
constexpr const char* chain_written =
    "SELECT EXISTS (SELECT FROM snapshot.chain_state"
    "                WHERE chain = $1::snapshot.chain AND taken_at = to_timestamp($2))";

constexpr const char* upsert_vault = R"(
INSERT INTO snapshot.vault AS v
       (chain, vault_type, collateral_type, contract_address, min_collateral_ratio,
        stability_fee, debt_ceiling, dust, psm_fee)
VALUES ($1, $2, $3, $4, snapshot.descale($5, 27), snapshot.apy_of_rate($6::numeric + $7::numeric),
        snapshot.descale($8, 45), snapshot.descale($9, 45), snapshot.descale(nullif($10, '')::numeric, 18))
    ON CONFLICT (chain, vault_type) DO UPDATE
   SET collateral_type = excluded.collateral_type, contract_address = excluded.contract_address,
       min_collateral_ratio = excluded.min_collateral_ratio, stability_fee = excluded.stability_fee,
       debt_ceiling = excluded.debt_ceiling, dust = excluded.dust, psm_fee = excluded.psm_fee
RETURNING vault_id)";

constexpr const char* upsert_position = R"(
INSERT INTO snapshot.allocator_position AS p
       (platform, chain, gem_symbol, operator_address, strategy, tag)
VALUES ($1, $2, $3, $4, $5, CASE WHEN $7 THEN $6 END)
    ON CONFLICT (platform, chain, gem_symbol, operator_address) DO UPDATE
   SET strategy = excluded.strategy, tag = excluded.tag
RETURNING position_id)";

// The whole holding earns the position's APY; earnings are what it holds above its principal.
// The APY is of a per-second rate, an annual one ($5), the share price's growth ($8 to $6 over
// $9 seconds), or none (a plain balance: 0). Every state row keeps the block it was read at
// (the last three parameters, empty on a chain read at "latest").
constexpr const char* insert_position_state = R"(
INSERT INTO snapshot.allocator_position_state
       (position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings,
        block_number, block_hash, block_time)
SELECT $1, to_timestamp($2), h.amount, h.amount,
       CASE $5 WHEN 'annual' THEN snapshot.apy_of_annual_rate($6::numeric)
               WHEN 'growth' THEN snapshot.apy_of_growth($6::numeric, $8::numeric, $9::numeric)
               WHEN 'none' THEN 0
               ELSE snapshot.apy_of_rate($6::numeric) END,
       h.amount - $7::numeric,
       nullif($10, '')::bigint, nullif($11, ''), to_timestamp(nullif($12, '')::bigint)
  FROM (SELECT snapshot.descale($3, $4) AS amount) AS h)";

// minted = Art (wad), on a lite PSM ($11) at most the gem locked ($5 at $6 decimals, which
// backs it one for one); debt = minted x rate. Locked value: the collateral x its price, or on
// an allocator_vault Vault ($12) the COIN in its buffer at the peg (par) and its positions'
// holdings. An allocator Vault earns what its positions (written just before) earn: its APY is
// their holding-weighted APY (rounded as derived.weighted_mean rounds the api's), its annual
// earnings their holdings x APYs. Other Vaults pass no positions, and get null for both.
constexpr const char* insert_vault_state = R"(
INSERT INTO snapshot.vault_state
       (vault_id, taken_at, minted, debt, locked_value, apy, estimated_annual_earnings,
        block_number, block_hash, block_time)
SELECT $1, to_timestamp($2), m.minted, trim_scale(m.minted * snapshot.descale($4, 27)),
       trim_scale(round(CASE WHEN $12 THEN snapshot.descale($5, $6) * snapshot.descale($9, 27) + coalesce(e.holding, 0)
                             ELSE snapshot.descale($5, $6) * snapshot.price_of_spot($7, $8, $9) END, 18)),
       e.apy, e.earnings,
       nullif($13, '')::bigint, nullif($14, ''), to_timestamp(nullif($15, '')::bigint)
  FROM (SELECT CASE WHEN $11 THEN least(snapshot.descale($3, 18), snapshot.descale($5, $6))
                    ELSE snapshot.descale($3, 18) END AS minted) AS m,
       (SELECT trim_scale(round(round(sum(s.apy_holding_amount * s.apy), 30)
                                / nullif(sum(s.apy_holding_amount), 0), 30)) AS apy,
               trim_scale(round(sum(s.apy_holding_amount * s.apy), 18)) AS earnings,
               sum(s.holding_amount) AS holding
          FROM snapshot.allocator_position_state AS s
         WHERE s.position_id = ANY ($10::integer[]) AND s.taken_at = to_timestamp($2)) AS e)";

// COIN in circulation is COIN's supply less what the protocol holds itself ($4, each holder's
// balance); prices are in COIN x Spot.par (the peg).
constexpr const char* insert_chain_state = R"(
INSERT INTO snapshot.chain_state
       (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl,
        block_number, block_hash, block_time)
SELECT $1, to_timestamp($2),
       snapshot.descale($3::numeric - (SELECT coalesce(sum(h), 0) FROM unnest($4::numeric[]) AS h), $5),
       snapshot.descale($6, $7), p.price, trim_scale(snapshot.descale($8, $5) * p.price),
       snapshot.apy_of_rate($9), trim_scale(snapshot.descale($10, $5) * p.price),
       nullif($12, '')::bigint, nullif($13, ''), to_timestamp(nullif($14, '')::bigint)
  FROM (SELECT snapshot.descale($11, 27) AS price) AS p)";

// The Vault's contract shown: a PSM's, an AllocatorVault, or the join.
const Address& vault_contract(const Vault& vault) {
  if (const auto* join = std::get_if<JoinHeld>(&vault.holding)) return join->psm ? *join->psm : join->join;
  if (const auto* lite = std::get_if<LitePsmHeld>(&vault.holding)) return lite->psm;
  return std::get<AllocatorHeld>(vault.holding).vault;
}

// A PostgreSQL array literal of numbers: "{1,2}".
std::string array_literal(const std::vector<std::string>& numbers) {
  std::string array = "{";
  for (const std::string& number : numbers) array += (array.size() > 1 ? "," : "") + number;
  return array + "}";
}

const char* rate_kind(RateKind kind) {
  switch (kind) {
    case RateKind::annual: return "annual";
    case RateKind::growth: return "growth";
    case RateKind::none: return "none";
    case RateKind::per_second: break;
  }
  return "per_second";
}

// The id of the position's row, and its state at taken_at written.
std::string write_position(pqxx::work& work, const std::string& taken_at, const PositionReading& reading) {
  const Position& position = *reading.position;
  const std::string id =
      work.exec_params1(upsert_position, position.platform, position.chain, position.asset,
                        position.operator_address.shown, position.strategy,
                        position.tag.value_or(""), position.tag.has_value())[0]
          .as<std::string>();
  const bool growth = reading.rate_kind == RateKind::growth;
  work.exec_params0(insert_position_state, id, taken_at, reading.balance, reading.decimals,
                    rate_kind(reading.rate_kind), growth ? reading.share_value : reading.rate, position.principal,
                    growth ? reading.share_value_then : "1", growth ? reading.seconds : "1", reading.block.number,
                    reading.block.hash, reading.block.time);
  return id;
}

void write_vault(pqxx::work& work, const std::string& chain, const std::string& taken_at,
                 const ChainReading& chain_reading, const VaultReading& reading) {
  const Vault& vault = *reading.vault;
  const std::string id =
      work.exec_params1(upsert_vault, chain, vault.ilk, static_cast<int>(vault.kind),
                        vault_contract(vault).shown, reading.mat, chain_reading.base, reading.duty,
                        reading.line, reading.dust, reading.tin)[0]
          .as<std::string>();
  std::vector<std::string> positions;
  for (const PositionReading& position : reading.positions) positions.push_back(write_position(work, taken_at, position));
  work.exec_params0(insert_vault_state, id, taken_at, reading.art, reading.rate, reading.locked,
                    reading.locked_decimals, reading.spot, reading.mat, chain_reading.par, array_literal(positions),
                    reading.minted_backed, reading.locked_is_coin,
                    chain_reading.provenance.number, chain_reading.provenance.hash, chain_reading.provenance.time);
  write_vault_price(work, id, taken_at, reading, chain_reading.par);
}

// The deployment's names of its tokens (the file's "symbols"); a row left as it is stays quiet.
constexpr const char* upsert_symbols = R"(
INSERT INTO snapshot.token_symbol AS t (token, symbol) VALUES ('coin', $1), ('scoin', $2)
    ON CONFLICT (token) DO UPDATE SET symbol = excluded.symbol
 WHERE t.symbol IS DISTINCT FROM excluded.symbol)";

// A snapshot written over, or a live one replaced: its states go first, the position's with each
// position of the chain's Vaults (the urns' states, per change, are not of it).
constexpr const char* delete_position_state = R"(
DELETE FROM snapshot.allocator_position_state AS s
 USING snapshot.allocator_position AS p
 WHERE s.position_id = p.position_id AND s.taken_at = to_timestamp($1)
   AND (p.platform, p.chain, p.gem_symbol, p.operator_address) = ($2, $3, $4, $5))";

constexpr const char* delete_vault_states = R"(
DELETE FROM snapshot.vault_state AS s
 USING snapshot.vault AS v
 WHERE s.vault_id = v.vault_id AND v.chain = $1::snapshot.chain AND s.taken_at = to_timestamp($2))";

constexpr const char* delete_chain_state =
    "DELETE FROM snapshot.chain_state WHERE chain = $1::snapshot.chain AND taken_at = to_timestamp($2)";

void delete_snapshot(pqxx::work& work, const std::string& chain, const std::string& taken_at,
                     const ChainReading& reading) {
  std::vector<const Vault*> vaults;
  for (const VaultReading& vault : reading.vaults) vaults.push_back(vault.vault);
  for (const SkippedVault& skipped : reading.skipped) vaults.push_back(skipped.vault);
  for (const Vault* vault : vaults) {
    for (const Position& p : vault->positions) {
      work.exec_params0(delete_position_state, taken_at, p.platform, p.chain, p.asset, p.operator_address.shown);
    }
  }
  work.exec_params0(delete_vault_states, chain, taken_at);  // and their vault_price rows (ON DELETE CASCADE)
  work.exec_params0(delete_chain_state, chain, taken_at);
}

// The row of each snapshot written: the Vaults' (with their positions, then prices), the urns'
// where it read them, the chain's (last: it brings derived.hourly_figures up to date, with the
// Vaults' rows in) and the running auctions'. `newest_urns`: the urn rows take the states read.
void insert_snapshot(pqxx::work& work, const std::string& chain, const std::string& at, const ChainReading& reading,
                     const Symbols& symbols, bool newest_urns) {
  work.exec_params0(upsert_symbols, symbols.coin, symbols.scoin);
  for (const VaultReading& vault : reading.vaults) write_vault(work, chain, at, reading, vault);
  if (reading.urns) write_urns(work, chain, at, reading.provenance.number, *reading.urns, newest_urns);
  work.exec_params0(insert_chain_state, chain, at, reading.coin_supply, array_literal(reading.coin_held),
                    reading.coin_decimals, reading.scoin_supply, reading.scoin_decimals,
                    reading.scoin_share_value, reading.savings_rate, reading.scoin_assets, reading.par,
                    reading.provenance.number, reading.provenance.hash, reading.provenance.time);
  if (reading.urns) write_auction_status(work, chain, at, reading.urns->auctions.status);
}

// The chain's live snapshot, and its newest snapshot of all (epoch seconds; null: none).
constexpr const char* live_taken_at =
    "SELECT extract(epoch FROM taken_at)::bigint FROM snapshot.live_snapshot WHERE chain = $1::snapshot.chain";
constexpr const char* newest_snapshot =
    "SELECT extract(epoch FROM max(taken_at))::bigint FROM snapshot.chain_state WHERE chain = $1::snapshot.chain";
constexpr const char* upsert_live = R"(
INSERT INTO snapshot.live_snapshot AS l (chain, taken_at) VALUES ($1, to_timestamp($2))
    ON CONFLICT (chain) DO UPDATE SET taken_at = excluded.taken_at)";

constexpr const char* newest_vault_state = R"(
SELECT extract(epoch FROM max(s.taken_at))::bigint
  FROM snapshot.vault_state AS s JOIN snapshot.vault AS v USING (vault_id)
 WHERE v.chain = $1::snapshot.chain AND v.vault_type = $2)";

}  // namespace

bool write_snapshot(pqxx::connection& connection, const std::string& chain, std::int64_t taken_at,
                    const ChainReading& reading, const Symbols& symbols, Write write) {
  const std::string at = std::to_string(taken_at);
  pqxx::work work(connection);
  work.exec(lock_snapshots);
  work.exec_params(lock_chain, chain);
  if (write == Write::replace) {
    delete_snapshot(work, chain, at, reading);
    delete_urn_states(work, chain, at);
  } else if (work.exec_params1(chain_written, chain, at)[0].as<bool>()) {
    return false;
  }
  insert_snapshot(work, chain, at, reading, symbols, write == Write::once);
  work.commit();
  return true;
}

void write_live(pqxx::connection& connection, const std::string& chain, std::int64_t now, const ChainReading& live,
                const Symbols& symbols, const ChainRound* grid, bool* grid_written) {
  pqxx::work work(connection);
  work.exec(lock_snapshots);
  work.exec_params(lock_chain, chain);
  const pqxx::result previous = work.exec_params(live_taken_at, chain);
  if (!previous.empty()) delete_snapshot(work, chain, previous[0][0].c_str(), live);
  if (grid != nullptr) {
    const std::string grid_at = std::to_string(grid->taken_at);
    const bool written = work.exec_params1(chain_written, chain, grid_at)[0].as<bool>();
    if (!written) insert_snapshot(work, chain, grid_at, grid->reading, symbols, true);
    if (grid_written != nullptr) *grid_written = !written;
  }
  const pqxx::field newest = work.exec_params1(newest_snapshot, chain)[0];
  const std::int64_t taken_at = newest.is_null() ? now : std::max(now, newest.as<std::int64_t>() + 1);
  const std::string at = std::to_string(taken_at);
  // Two live snapshots within a second share a taken_at: the urn states the first one wrote are
  // this one's to write (an urn's state is compared with its state before taken_at).
  if (!previous.empty() && previous[0][0].as<std::int64_t>() == taken_at) delete_urn_states(work, chain, at);
  insert_snapshot(work, chain, at, live, symbols, true);
  work.exec_params0(upsert_live, chain, at);
  work.commit();
}

bool snapshot_written(pqxx::connection& connection, const std::string& chain, std::int64_t taken_at) {
  pqxx::read_transaction read(connection);
  return read.exec_params1(chain_written, chain, std::to_string(taken_at))[0].as<bool>();
}

void write_finalized(pqxx::connection& connection, const std::string& chain, std::uint64_t block) {
  pqxx::work work(connection);
  work.exec_params(upsert_finalized, chain, block);
  work.commit();
}

std::optional<std::int64_t> vault_written(pqxx::connection& connection, const std::string& chain,
                                          const std::string& ilk) {
  pqxx::read_transaction read(connection);
  const pqxx::field newest = read.exec_params1(newest_vault_state, chain, ilk)[0];
  if (newest.is_null()) return std::nullopt;
  return newest.as<std::int64_t>();
}

}  // namespace coin::indexer
