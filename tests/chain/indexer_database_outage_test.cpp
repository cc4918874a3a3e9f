// The indexer while its database takes no writes (stopped, as in a restart or a failover): each
// chain's rounds read meanwhile are kept and written late, each with its own taken_at, once the
// database is back, so that no time of the grid is missing; the process never exits for it.
// One local chain and one stack with empty snapshot tables; the stack's PostgreSQL stopped and
// started again (pg_stop, pg_start of scripts/dev/lib.sh).

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::chain_test {
namespace {

// What a round of each protocol chain writes, as tests/chain/indexer_test.cpp works it out from
// chain/demo-state.json: COIN in circulation and sCOIN's supply, and its Vaults' states.
struct Known {
  std::string chain;
  std::string supplies;  // coin_supply|scoin_supply
  std::string vault_states;
};
const std::vector<Known> known = {
    {"tron", "829000000.123456789012345678|400000000", "3"},
    {"eth", "2416789012.34567890123456789|950000000.000000000000000001", "3"},
    {"bsc", "838845555.9575|123456789.5", "5"},
};

// A round the log says was kept: its chain and taken_at as the log writes it (2026-11-24T12:05:00Z).
struct KeptRound {
  std::string chain;
  std::string taken_at;
};

std::vector<KeptRound> kept_rounds(const std::string& log) {
  static const std::regex kept(
      R"((tron|eth|bsc): not written at (\S+): database: [^\n]*; kept, written once the database takes writes\n)");
  std::vector<KeptRound> rounds;
  for (std::sregex_iterator match(log.begin(), log.end(), kept), end; match != end; ++match) {
    rounds.push_back({(*match)[1], (*match)[2]});
  }
  return rounds;
}

// Whether the log says `round` was written late (or found written: the database may have
// committed the write whose answer its stop cut off).
bool written_late(const std::string& log, const KeptRound& round) {
  return log.find(round.chain + ": written late at " + round.taken_at + " (its own taken_at), ") != std::string::npos ||
         log.find(round.chain + ": already written at " + round.taken_at) != std::string::npos;
}

int count_of(const std::vector<KeptRound>& rounds, const std::string& chain) {
  return static_cast<int>(
      std::count_if(rounds.begin(), rounds.end(), [&](const KeptRound& round) { return round.chain == chain; }));
}

bool all_written_late(const std::string& log) {
  const std::vector<KeptRound> rounds = kept_rounds(log);
  for (const KeptRound& round : rounds) {
    if (!written_late(log, round)) return false;
  }
  return !rounds.empty();
}

class IndexerDatabaseOutage : public ChainSuite {
 protected:

  static std::string query(const std::string& sql) { return stack_->query("postgres", sql); }

  // The taken_at of `chain`'s snapshots, in epoch seconds, oldest first.
  static std::vector<long long> taken_at(const std::string& chain) {
    std::istringstream lines(query("SELECT extract(epoch FROM taken_at)::bigint FROM snapshot.chain_state "
                                   "WHERE chain = '" + chain + "' ORDER BY 1"));
    std::vector<long long> times;
    for (std::string line; std::getline(lines, line);) times.push_back(std::stoll(line));
    return times;
  }

  // The kept round's snapshot holds what the chain holds: its supplies and every Vault's state.
  static void expect_known_values(const KeptRound& round) {
    const Known& chain = *std::find_if(known.begin(), known.end(), [&](const Known& k) { return k.chain == round.chain; });
    const std::string at = "taken_at = '" + round.taken_at + "'::timestamptz";
    EXPECT_EQ(query("SELECT coin_supply || '|' || scoin_supply FROM snapshot.chain_state WHERE chain = '" +
                    round.chain + "' AND " + at),
              chain.supplies + "\n")
        << round.chain << " at " << round.taken_at;
    EXPECT_EQ(query("SELECT count(*) FROM snapshot.vault_state JOIN snapshot.vault USING (vault_id) WHERE chain = '" +
                    round.chain + "' AND " + at),
              chain.vault_states + "\n")
        << round.chain << " at " << round.taken_at;
  }

  static std::string metrics(const std::string& name) { return stack_->var() + "/" + name + ".prom"; }
};

TEST_F(IndexerDatabaseOutage, EveryRoundOfTheOutageIsWrittenLateWithItsOwnTakenAt) {
  IndexerProcess indexer(*stack_, {"--config", chain_->config_path(), "--interval", "2", "--metrics", metrics("outage")});
  const auto written_twice = [] {
    for (const Known& chain : known) {
      if (taken_at(chain.chain).size() < 2) return false;
    }
    return true;
  };
  ASSERT_TRUE(e2e::eventually(written_twice)) << indexer.log();

  // Stopped between two rounds (they start on even seconds and take well under one): a statement
  // the stop cuts off leaks in libpqxx 6.4 (make_result asks a connection gone for its encoding
  // before it takes charge of the result), which the sanitizer would report at exit.
  ASSERT_TRUE(e2e::eventually([] { return std::time(nullptr) % 2 == 1; }));
  ASSERT_TRUE(stack_->stop_database());
  // Three rounds or more of every chain read while it is down.
  const bool kept = e2e::eventually([&] { return kept_rounds(indexer.log()).size() >= 9; });
  ASSERT_TRUE(stack_->start_database());
  ASSERT_TRUE(kept) << indexer.log();

  // Once it is back: every kept round written, and a round after them (the written rounds before
  // the outage and after it bound the grid below).
  const auto caught_up = [&] {
    const std::string log = indexer.log();
    if (!all_written_late(log)) return false;
    const std::vector<KeptRound> rounds = kept_rounds(log);
    const std::string last_kept = rounds.back().taken_at;
    return query("SELECT bool_and(newest > '" + last_kept + "'::timestamptz) FROM "
                 "(SELECT max(taken_at) AS newest FROM snapshot.chain_state GROUP BY chain) AS c") == "t\n";
  };
  ASSERT_TRUE(e2e::eventually(caught_up)) << indexer.log();
  const std::string log = indexer.log();
  const std::vector<KeptRound> rounds = kept_rounds(log);
  EXPECT_NE(log.find(": written late at "), std::string::npos) << log;

  // Every time of the grid from the first round to the last, the outage's included.
  for (const Known& chain : known) {
    const std::vector<long long> times = taken_at(chain.chain);
    ASSERT_FALSE(times.empty()) << chain.chain;
    std::vector<long long> grid;
    for (long long time = times.front(); time <= times.back(); time += 2) grid.push_back(time);
    EXPECT_EQ(times, grid) << chain.chain << "\n" << log;
    EXPECT_GE(count_of(rounds, chain.chain), 3) << chain.chain;
  }
  for (const KeptRound& round : rounds) expect_known_values(round);

  // Its metrics: each kept round counted as write_failed, then written_late; none kept now.
  const std::string prom = metrics("outage");
  for (const Known& chain : known) {
    const int count = count_of(rounds, chain.chain);
    const std::string labels = "{process=\"outage\",chain=\"" + chain.chain + "\"";
    for (const std::string& sample :
         {"coin_indexer_chain_rounds_total" + labels + ",outcome=\"write_failed\"} " + std::to_string(count) + "\n",
          "coin_indexer_chain_rounds_total" + labels + ",outcome=\"written_late\"} " + std::to_string(count) + "\n",
          "coin_indexer_kept_rounds" + labels + "} 0\n"}) {
      EXPECT_TRUE(e2e::eventually([&] { return e2e::read_file(prom).find(sample) != std::string::npos; }))
          << sample << e2e::read_file(prom);
    }
  }
  EXPECT_EQ(log.find("dropped"), std::string::npos) << log;
  EXPECT_TRUE(indexer.running()) << log;
  EXPECT_EQ(indexer.stop(), 0) << indexer.log();
}

// Between rounds: at the default interval (300 s), a round kept is written within seconds of the
// database's return, not at the next round. It starts with the database already down.
TEST_F(IndexerDatabaseOutage, AKeptRoundIsWrittenSoonAfterTheDatabaseIsBackNotAtTheNextRound) {
  ASSERT_TRUE(stack_->stop_database());
  IndexerProcess indexer(*stack_, {"--config", chain_->config_path()});
  const bool kept = e2e::eventually([&] { return kept_rounds(indexer.log()).size() >= 3; });
  ASSERT_TRUE(stack_->start_database());
  ASSERT_TRUE(kept) << indexer.log();
  // It tries every 2 s: far within this cap, which is a tenth of the interval.
  EXPECT_TRUE(e2e::eventually([&] { return all_written_late(indexer.log()); }, std::chrono::seconds(30)))
      << indexer.log();
  for (const KeptRound& round : kept_rounds(indexer.log())) expect_known_values(round);
  EXPECT_TRUE(indexer.running()) << indexer.log();
  EXPECT_EQ(indexer.stop(), 0) << indexer.log();
}

}  // namespace
}  // namespace coin::chain_test
