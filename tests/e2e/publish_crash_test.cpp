// The publisher killed (SIGKILL) halfway through a set: clients keep the set that was current,
// whole, and the publisher its supervisor starts again clears the half-written directory and
// publishes the new snapshot. A stack of its own: the test writes a snapshot and kills.
//
// To catch it halfway, a session refreshes derived.daily_apy, which only 6.8 reads, and keeps
// its transaction open, holding the refresh's exclusive lock (as a writer whose snapshot adds a
// daily point does for a moment). The publisher renders the endpoints in list order, writes
// 6.1-6.7, then waits for the lock at 6.8, for up to coin_api's lock_timeout (1 s) at a time
// (refused, it tries the set again, in a directory of its own).
// (A lock on snapshot.vault_state, which every answer's Last-Modified reads, api.last_snapshot,
// would hold it at 6.1 already, before any file is written.)

#include <gtest/gtest.h>
#include <signal.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <pqxx/pqxx>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

namespace fs = std::filesystem;

// 6.1 on the fixture (tests/sql/fixture.sql), and with tron's 1,000,000 more COIN.
const std::string old_total = "1000255000.499999999999999999";
const std::string new_total = "1001255000.499999999999999999";

// tron's latest row (2026-05-13 08:00 UTC+8) again half an hour later, with 1,000,000 more COIN:
// within the hour of the newest snapshot, so its trigger adds no hourly point, let alone a
// daily one (which would refresh derived.daily_apy, and wait for the lock). The lock_timeout
// makes a mistake here a failure, not a hang.
constexpr const char* new_snapshot = R"(
  SET lock_timeout = '3s';
  INSERT INTO snapshot.chain_state
    (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
  SELECT chain, taken_at + interval '30 minutes', coin_supply + 1000000, scoin_supply, coin_price,
         scoin_price, earn_apy, earn_tvl
    FROM snapshot.chain_state WHERE chain = 'tron' ORDER BY taken_at DESC LIMIT 1;)";

std::vector<fs::path> partial_sets(const Stack& stack) {
  std::vector<fs::path> partial;
  for (const fs::directory_entry& entry : fs::directory_iterator(stack.published())) {
    if (entry.path().filename().string().rfind("partial.", 0) == 0) partial.push_back(entry.path());
  }
  return partial;
}

std::string read_text(const fs::path& path) {
  std::ifstream file(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

TEST(PublishCrash, AKilledPublisherLeavesTheCurrentSetAndItsSuccessorPublishes) {
  const Stack stack("fixture");
  const fs::path current = stack.published() + "/current";
  ASSERT_EQ(http("GET", stack.url("/totalSupply")).body, old_total);
  const fs::path served_set = fs::read_symlink(current);

  pqxx::connection locker(stack.conninfo("postgres"));
  pqxx::work lock(locker);
  lock.exec0("REFRESH MATERIALIZED VIEW derived.daily_apy");  // ACCESS EXCLUSIVE, to the end
  ASSERT_TRUE(stack.psql("coin_indexer", new_snapshot));

  pqxx::connection watcher(stack.conninfo("postgres"));
  const bool waiting = eventually(
      [&] {
        pqxx::nontransaction query(watcher);
        return !query
                    .exec("SELECT 1 FROM pg_stat_activity WHERE application_name = 'coin-api publisher'"
                          " AND wait_event_type = 'Lock'")
                    .empty();
      });
  ASSERT_TRUE(waiting) << "the publisher never waited for the lock";
  // The new 6.1 is written in the set being rendered (by the thread that writes what the session
  // rendered, soon after), and must not be served.
  std::vector<fs::path> partial;
  const bool written = eventually([&] {
    partial = partial_sets(stack);
    return partial.size() == 1 && read_text(partial.front() / "totalSupply.txt") == new_total;
  });
  ASSERT_TRUE(written) << partial.size() << " sets being rendered, without the new 6.1";
  EXPECT_FALSE(fs::exists(partial.front() / "api/v1/market-site/overview/apy.json")) << "6.8 waits";
  const pid_t publisher = publisher_pid(stack.var());
  ASSERT_GT(publisher, 0);
  ASSERT_EQ(::kill(publisher, SIGKILL), 0);
  ASSERT_TRUE(eventually([&] { return publisher_pid(stack.var()) != publisher; }));

  // Nothing of the half-written set is served; its successor cannot finish while the lock holds.
  EXPECT_EQ(http("GET", stack.url("/totalSupply")).body, old_total);
  EXPECT_EQ(fs::read_symlink(current), served_set);

  lock.abort();  // the lock is released
  const bool published = eventually(
      [&] { return http("GET", stack.url("/totalSupply")).body == new_total && partial_sets(stack).empty(); });
  EXPECT_TRUE(published) << "6.1: " << http("GET", stack.url("/totalSupply")).body << ", "
                         << partial_sets(stack).size() << " partial sets";
  EXPECT_FALSE(fs::exists(partial.front()));
  EXPECT_NE(fs::read_symlink(current), served_set);
  const pid_t successor = publisher_pid(stack.var());
  EXPECT_GT(successor, 0);
  EXPECT_NE(successor, publisher);
}

}  // namespace
}  // namespace coin::e2e
