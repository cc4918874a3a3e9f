#include "indexer/round.hpp"

#include <chrono>
#include <map>
#include <memory>
#include <pqxx/pqxx>

#include "indexer/chain_reader.hpp"
#include "indexer/snapshot_writer.hpp"
#include "shared/log.hpp"

namespace coin::indexer {

RoundOutcome run_round(const Config& config, const std::string& database, std::int64_t taken_at) {
  NodesByChain nodes;
  for (const Chain& chain : config.chains) {
    nodes.try_emplace(chain.name, chain.rpc, std::chrono::seconds(config.timeout_seconds));
  }
  std::unique_ptr<pqxx::connection> connection;  // opened on the first chain read
  const std::string at = " at " + utc_time(taken_at);
  RoundOutcome outcome;
  for (const Chain& chain : config.chains) {
    if (!chain.protocol) continue;
    try {
      const ChainReading reading = read_chain(config, chain, nodes);
      if (!connection || !connection->is_open()) connection = std::make_unique<pqxx::connection>(database);
      const bool written = write_snapshot(*connection, chain.name, taken_at, reading);
      log_info(chain.name + (written ? ": written" + at + ", block " + reading.block
                                     : ": already written" + at + " by another indexer"));
      ++outcome.written;
    } catch (const ReadError& e) {
      log_error(chain.name + ": skipped" + at + ": " + e.what());
      ++outcome.skipped;
    } catch (const std::exception& e) {  // the database: down, or refusing a value
      log_error(chain.name + ": not written" + at + ": database: " + e.what());
      connection.reset();
      ++outcome.skipped;
    }
  }
  return outcome;
}

}  // namespace coin::indexer
