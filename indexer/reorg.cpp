#include "indexer/reorg.hpp"

#include <algorithm>
#include <optional>
#include <pqxx/pqxx>

#include "indexer/block_finder.hpp"
#include "indexer/snapshot_writer.hpp"
#include "indexer/urn_reader.hpp"
#include "indexer/urn_writer.hpp"
#include "shared/log.hpp"
#include "shared/metrics.hpp"

namespace coin::indexer {

namespace {

constexpr int snapshots_checked = 64;
// Without a finalized block, the depth below the head past which no reorganisation is looked
// for: far beyond the few blocks they reach.
constexpr std::uint64_t unfinal_depth = 128;

constexpr const char* recorded_blocks = R"(
SELECT extract(epoch FROM taken_at)::bigint, block_number, block_hash
  FROM snapshot.chain_state
 WHERE chain = $1::snapshot.chain AND block_number > $2
 ORDER BY taken_at DESC
 LIMIT $3)";

// The newest blocks of the chain's urn and auction events above its final block, with the hash
// each was read with.
constexpr const char* recorded_event_blocks = R"(
SELECT block_number, block_hash
  FROM (SELECT e.block_number, e.block_hash
          FROM snapshot.urn_event AS e JOIN snapshot.urn AS u USING (urn_id) JOIN snapshot.vault AS v USING (vault_id)
         WHERE v.chain = $1::snapshot.chain AND e.block_number > $2
         UNION
        SELECT block_number, block_hash FROM snapshot.bark WHERE chain = $1::snapshot.chain AND block_number > $2
         UNION
        SELECT block_number, block_hash FROM snapshot.clip_event WHERE chain = $1::snapshot.chain AND block_number > $2)
       AS e
 ORDER BY block_number DESC
 LIMIT $3)";

struct Recorded {
  std::int64_t taken_at = 0;
  std::uint64_t block = 0;
  std::string hash;
};

// The snapshots' blocks (where `snapshots`), then the urn events' (taken_at 0).
std::vector<Recorded> recorded(Database& database, const std::string& chain, std::uint64_t finalized, bool snapshots) {
  pqxx::read_transaction read(database.connection());
  std::vector<Recorded> rows;
  if (snapshots) {
    for (const pqxx::row& row : read.exec_params(recorded_blocks, chain, finalized, snapshots_checked)) {
      rows.push_back({row[0].as<std::int64_t>(), row[1].as<std::uint64_t>(), row[2].as<std::string>()});
    }
  }
  for (const pqxx::row& row : read.exec_params(recorded_event_blocks, chain, finalized, snapshots_checked)) {
    rows.push_back({0, row[0].as<std::uint64_t>(), row[1].as<std::string>()});
  }
  return rows;
}

// The urn and auction events follow a reorganisation: every block checked is either still on the
// chain (and so are all below it) or replaced; the events above the newest block still there
// below the lowest replaced one are deleted, and the next round reads those blocks again (the
// auctions they touched with them: running again until their end is read again).
void rewind_urns(const std::string& chain, Database& database, std::uint64_t final_block,
                 const std::vector<Recorded>& rows, const std::vector<std::string>& hashes) {
  static auto& rewound = counter_family("coin_indexer_rewound_urn_events_total",
                                        "Urn and auction events deleted because a reorganisation replaced their blocks");
  std::optional<std::uint64_t> lowest_replaced;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (hashes[i] != rows[i].hash && (!lowest_replaced || rows[i].block < *lowest_replaced)) lowest_replaced = rows[i].block;
  }
  if (!lowest_replaced) return;
  std::uint64_t kept = final_block;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (hashes[i] == rows[i].hash && rows[i].block < *lowest_replaced) kept = std::max(kept, rows[i].block);
  }
  const std::size_t deleted = rewind_urn_events(database.connection(), chain, kept);
  rewound.Add({{"chain", chain}}).Increment(static_cast<double>(deleted));
  log_error(chain + ": block " + std::to_string(*lowest_replaced) + " was replaced by a reorganisation: the urn and "
            "auction events after block " + std::to_string(kept) + " deleted (" + std::to_string(deleted) + "), read again next round");
}

// The hash of each recorded block's number on the chain now, in one batch; empty where the
// chain has no such block (any more).
std::vector<std::string> hashes_now(const std::string& chain, Nodes& nodes, const std::vector<Recorded>& rows) {
  std::vector<Request> requests;
  for (const Recorded& row : rows) {
    Json::Value params(Json::arrayValue);
    params.append(quantity(row.block));
    params.append(false);
    requests.push_back({"eth_getBlockByNumber", params});
  }
  const std::vector<Reply> replies = nodes.call_all(requests);
  std::vector<std::string> hashes;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (replies[i].error) std::rethrow_exception(replies[i].error);
    const std::string what = "eth_getBlockByNumber(" + std::to_string(rows[i].block) + ") on " + chain;
    hashes.push_back(replies[i].result.isNull() ? "" : parse_header(replies[i].result, what).second.hash);
  }
  return hashes;
}

// The newest block no reorganisation undoes: the finalized one, recorded for a chain read at its
// blocks (write_finalized: what the answers call final), or where the node names none, the one
// `unfinal_depth` blocks below the head.
std::uint64_t final_block(const Chain& chain, ChainAccess& access, Database& database) {
  BlockFinder& blocks = access.blocks(chain.name);
  if (const std::optional<std::uint64_t> finalized = blocks.tagged("finalized")) {
    if (chain.pin_block) write_finalized(database.connection(), chain.name, *finalized);
    return *finalized;
  }
  const std::uint64_t head = blocks.head();
  return head > unfinal_depth ? head - unfinal_depth : 0;
}

}  // namespace

void correct_reorganised(const Config& config, const Chain& chain, ChainAccess& access, Database& database) {
  static auto& corrected = counter_family("coin_indexer_reorganised_snapshots_total",
                                          "Snapshots read again because a reorganisation replaced their block");
  try {
    const std::uint64_t final = final_block(chain, access, database);
    const std::vector<Recorded> rows = recorded(database, chain.name, final, chain.pin_block);
    if (rows.empty()) return;
    const std::vector<std::string> hashes = hashes_now(chain.name, access.nodes(chain.name), rows);
    rewind_urns(chain.name, database, final, rows, hashes);
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const Recorded& row = rows[i];
      if (hashes[i] == row.hash || row.taken_at == 0) continue;
      const std::string which = chain.name + ": the snapshot at " + utc_time(row.taken_at) + " read block " +
                                std::to_string(row.block) + " " + row.hash;
      if (hashes[i].empty()) {
        log_error(which + ", which is no longer on the chain, and the chain has no block " + std::to_string(row.block) +
                  " now: checked again next round");
        continue;
      }
      log_error(which + ", which a reorganisation replaced with " + hashes[i] + ": read again at that number");
      ChainReading reading = read_chain(config, chain, access, std::nullopt, {{chain.name, row.block}});
      reading.urns = read_urn_states(chain, access, known_urns(database.connection(), chain.name), row.block);
      write_snapshot(database.connection(), chain.name, row.taken_at, reading, config.symbols, Write::replace);
      corrected.Add({{"chain", chain.name}}).Increment();
    }
  } catch (const ReadError& e) {
    log_error(chain.name + ": the check for reorganised blocks failed, made again next round: " + e.what());
  } catch (const std::exception& e) {  // the database
    log_error(chain.name + ": the check for reorganised blocks failed, made again next round: database: " + e.what());
    database.reset();
  }
}

}  // namespace coin::indexer
