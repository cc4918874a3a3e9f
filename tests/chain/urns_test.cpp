// The urns of every Vault type against anvil with the demo's urns deployed (chain/deploy.mjs):
// CDPs opened through the CdpManager and frobbed there, urns frobbed on the Vat directly, then
// one fork and one grab per Vault type; so the Vat logged every urn (LogNote).
//
// The figures, from chain/demo-state.json's raw wad integers (/ 1e18):
//   ETH-A: CDPs 1 to 6 (owners 0x0cd9...21, 22, 23, 24, 25, 21) and two direct urns
//   (0xd12ec7...21, 22), at the state's ink and art: 12.5 | 26720.385614, 40 | 81110.105116,
//   150 | 271211.913984, 800 | 1197073.275515, 2400 | 2740667.762366, 164 | 163787.525797,
//   280 | 467318.99025, 8 | 10848.476559.
//   Each urn's frob is to its state plus what the fork and the grab then take: the fork moves
//   100 | 114194.490098 from urn 4 (CDP 5) to urn 5 (CDP 6), so CDP 5 is frobbed to
//   2400 + 100 = 2500 | 2740667.762366 + 114194.490098 = 2854862.252464 and CDP 6 to
//   164 - 100 = 64 | 163787.525797 - 114194.490098 = 49593.035699; the grab takes
//   20 | 33379.927874 from urn 6 (0xd12ec7...21), frobbed to 280 + 20 = 300 |
//   467318.99025 + 33379.927874 = 500698.918124. So ETH-A's events are 8 frobs, the fork as
//   two rows (CDP 5: -100 | -114194.490098, CDP 6: +100 | +114194.490098) and the grab
//   (-20 | -33379.927874): 11 rows.
//   Each chain has 8 urns: 24 urns, 24 urn_state rows (the first read of each), 30 events
//   (tron's TRX-A has no fork or grab: 8; eth 11, bsc 11).
//   vault_price: ETH-A rate 1.098765432109876543210987654 (ray / 1e27), price spot x mat x par =
//   2383986206896551724137931034482 x 1.45 / 1e27 = 3456.7799999999999999999999999989 -> 3456.78
//   at 18 decimals, next price the Osm's nxt 3421 (3421e18 / 1e18); BNB-A price
//   360163983601639836016398360163 x 1.7 x 1.0001 / 1e27 = 612.34, next 618.5, par 1.0001;
//   TRX-A's pip is no Osm (no hop()): no next price; price 0.25.
//
// A second round after: CDP 1 frobbed by 10 | 1000 (22.5 | 27720.385614), CDP 3 closed
// (-150 | -271211.913984: 0 | 0, its row and history kept), CDP 2 given to 0x0cd9...99, CDP 7
// opened for 0x0cd9...26 and frobbed to 5 | 5000: three urn_state rows more (CDP 1, 3 and 7), the
// other urns unchanged, none; three events more. A third round, nothing changed: no row, and eth's
// urns read in 3 requests.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "tests/chain/fake_node.hpp"
#include "tests/chain/local_chain.hpp"
#include "tests/e2e/node_script.hpp"

namespace coin::chain_test {
namespace {

const std::string eth_a = "0x4554482d41000000000000000000000000000000000000000000000000000000";  // "ETH-A"

class Urns : public ChainSuite {
 protected:
  static std::string query(const std::string& sql) { return stack_->query("postgres", sql); }
  // One round on a day's grid (the first of a test), or on a second's (one after it).
  static int round(const std::string& config, int interval, std::string* log) {
    return run_indexer(*stack_, {"--config", config, "--once", "--interval", std::to_string(interval)}, log);
  }
  static std::string eth(const std::string& key) { return chain_->config()["chains"]["eth"][key].asString(); }
  static void transact(const std::string& calls) {
    std::string output;
    ASSERT_EQ(e2e::run_node_script("tests/chain/transact.mjs", "--rpc " + chain_->url() + " --calls '" + calls + "'", &output), 0)
        << output;
  }
  // The rows the urn tables hold, in an order that does not depend on their ids.
  static std::string urn_rows() {
    return query("SELECT v.chain, v.vault_type, u.address, u.cdp_id, u.owner, u.ink, u.art, u.changed_block "
                 "FROM snapshot.urn AS u JOIN snapshot.vault AS v USING (vault_id) ORDER BY 1, 2, 3") +
           query("SELECT u.address, e.block_number, e.log_index, e.block_hash, e.tx_hash, e.kind, e.dink, e.dart "
                 "FROM snapshot.urn_event AS e JOIN snapshot.urn AS u USING (urn_id) ORDER BY 2, 3, 1") +
           query("SELECT chain, first_block, last_block FROM snapshot.urn_log_range ORDER BY 1");
  }
};

TEST_F(Urns, AFirstRoundFindsEveryUrnItsEventsAndItsCdp) {
  std::string log;
  ASSERT_EQ(round(chain_->config_path(), 86400, &log), 0) << log;
  EXPECT_NE(log.find("eth: written at "), std::string::npos) << log;
  EXPECT_NE(log.find("; urns: 8 (8 new), 11 events in 1 eth_getLogs requests (0 refused)"), std::string::npos) << log;

  const std::string eth_urns =
      "SELECT coalesce(u.cdp_id::text, u.address), u.owner, u.ink, u.art, u.changed_block IS NOT NULL "
      "FROM snapshot.urn AS u JOIN snapshot.vault AS v USING (vault_id) WHERE v.vault_type = 'ETH-A' "
      "ORDER BY u.cdp_id, u.address";
  EXPECT_EQ(query(eth_urns),
            "1|0x0cd9000000000000000000000000000000000021|12.5|26720.385614|t\n"
            "2|0x0cd9000000000000000000000000000000000022|40|81110.105116|t\n"
            "3|0x0cd9000000000000000000000000000000000023|150|271211.913984|t\n"
            "4|0x0cd9000000000000000000000000000000000024|800|1197073.275515|t\n"
            "5|0x0cd9000000000000000000000000000000000025|2400|2740667.762366|t\n"
            "6|0x0cd9000000000000000000000000000000000021|164|163787.525797|t\n"
            "0xd12ec70000000000000000000000000000000021||280|467318.99025|t\n"
            "0xd12ec70000000000000000000000000000000022||8|10848.476559|t\n");
  // A CDP's urn is the address its manager names.
  const std::string urn_of_1 = chain_->rpc(
      "eth_call", R"([{"to": ")" + eth("cdp_manager") + R"(", "data": "0x2726b073)" + std::string(63, '0') + R"(1"}, "latest"])");
  EXPECT_EQ(query("SELECT address FROM snapshot.urn JOIN snapshot.vault USING (vault_id) "
                  "WHERE vault_type = 'ETH-A' AND cdp_id = 1"),
            "0x" + urn_of_1.substr(urn_of_1.size() - 41, 40) + "\n");

  EXPECT_EQ(query("SELECT coalesce(u.cdp_id::text, u.address), e.kind, e.dink, e.dart "
                  "FROM snapshot.urn_event AS e JOIN snapshot.urn AS u USING (urn_id) JOIN snapshot.vault AS v "
                  "USING (vault_id) WHERE v.vault_type = 'ETH-A' ORDER BY e.block_number, e.log_index, e.dink"),
            "1|frob|12.5|26720.385614\n"
            "2|frob|40|81110.105116\n"
            "3|frob|150|271211.913984\n"
            "4|frob|800|1197073.275515\n"
            "5|frob|2500|2854862.252464\n"
            "6|frob|64|49593.035699\n"
            "0xd12ec70000000000000000000000000000000021|frob|300|500698.918124\n"
            "0xd12ec70000000000000000000000000000000022|frob|8|10848.476559\n"
            "5|fork|-100|-114194.490098\n"
            "6|fork|100|114194.490098\n"
            "0xd12ec70000000000000000000000000000000021|grab|-20|-33379.927874\n");
  // Each urn's newest event is its changed_block, at that block's time.
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.urn AS u WHERE (u.changed_block, u.changed_time) IS DISTINCT FROM "
                  "(SELECT (e.block_number, e.block_time) FROM snapshot.urn_event AS e WHERE e.urn_id = u.urn_id "
                  "ORDER BY e.block_number DESC, e.log_index DESC LIMIT 1)"),
            "0\n");
  EXPECT_EQ(query("SELECT count(*), count(DISTINCT urn_id) FROM snapshot.urn_state"), "24|24\n");
  EXPECT_EQ(query("SELECT v.chain, count(*) FROM snapshot.urn_event JOIN snapshot.urn USING (urn_id) "
                  "JOIN snapshot.vault AS v USING (vault_id) GROUP BY 1 ORDER BY 1"),
            "tron|8\neth|11\nbsc|11\n");
  // Every state row of eth is its urn's, at the snapshot's block; tron's has none (read at latest).
  EXPECT_EQ(query("SELECT v.chain, bool_and(s.ink = u.ink AND s.art = u.art), "
                  "bool_and(s.block_number IS NOT DISTINCT FROM c.block_number) FROM snapshot.urn_state AS s "
                  "JOIN snapshot.urn AS u USING (urn_id) JOIN snapshot.vault AS v USING (vault_id) "
                  "JOIN snapshot.chain_state AS c ON c.chain = v.chain AND c.taken_at = s.taken_at GROUP BY 1 ORDER BY 1"),
            "tron|t|t\neth|t|t\nbsc|t|t\n");
  // TRON's urns and owners in Base58.
  EXPECT_EQ(query("SELECT bool_and(address LIKE 'T%' AND (owner IS NULL OR owner LIKE 'T%')) FROM snapshot.urn "
                  "JOIN snapshot.vault USING (vault_id) WHERE chain = 'tron'"),
            "t\n");

  EXPECT_EQ(query("SELECT v.vault_type, p.rate, p.price, p.next_price, p.par FROM snapshot.vault_price AS p "
                  "JOIN snapshot.vault AS v USING (vault_id) WHERE v.vault_type IN ('TRX-A', 'ETH-A', 'BNB-A') "
                  "ORDER BY v.vault_id"),
            "TRX-A|1.021234567890123456789012345|0.25||1\n"
            "ETH-A|1.098765432109876543210987654|3456.78|3421|1\n"
            "BNB-A|1.044444444444444444444444444|612.34|618.5|1.0001\n");
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.vault_price"), query("SELECT count(*) FROM snapshot.vault_state"));
  // eth's events are read from the Vat's deployment to the snapshot's block.
  EXPECT_EQ(query("SELECT r.first_block, r.last_block = c.block_number FROM snapshot.urn_log_range AS r "
                  "JOIN snapshot.chain_state AS c USING (chain) WHERE chain = 'eth'"),
            eth("vat_block") + "|t\n");
}

// A node that refuses eth_getLogs over 16 blocks (QuickNode's words, HTTP 413) or answering more
// than 4 logs (Infura's): the windows halve from 2000 to 15 blocks, and further where 5 or more
// events lie within 15 blocks (each chain's 8 frobs are a block or two apart), grow back once 16
// answers came, and are refused again; the rows are the same as from the node itself.
TEST_F(Urns, ANodeLimitingGetLogsMissesNoUrn) {
  std::string log;
  ASSERT_EQ(round(chain_->config_path(), 86400, &log), 0) << log;
  const std::string direct = urn_rows();
  ASSERT_TRUE(empty_snapshot_tables(*stack_));

  FakeNode node(FakeNode::Behaviour::log_limits, chain_->port(), 16, 4);
  Json::Value config = chain_->config();
  for (const std::string name : {"tron", "eth", "bsc", "plasma"}) {
    if (config["chains"].isMember(name)) config["chains"][name]["rpc"][0] = node.url();
  }
  ASSERT_EQ(round(chain_->write_config(config, "limited"), 86400, &log), 0) << log;
  EXPECT_EQ(urn_rows(), direct);
  EXPECT_EQ(node.widest_answered(), 15);
  EXPECT_GE(node.range_refusals(), 3 * 7);  // 2000 to 15 on each chain, and after each growth
  EXPECT_GE(node.size_refusals(), 1);
  // The indexer counts what the node saw: its requests, and those refused.
  int requests = 0;
  int refused = 0;
  for (std::size_t at = log.find(" eth_getLogs requests ("); at != std::string::npos;
       at = log.find(" eth_getLogs requests (", at + 1)) {
    const std::size_t number = log.rfind(' ', at - 1) + 1;  // "... events in N eth_getLogs requests (R refused)"
    requests += std::stoi(log.substr(number, at - number));
    refused += std::stoi(log.substr(at + std::string(" eth_getLogs requests (").size()));
  }
  EXPECT_EQ(requests, node.log_requests()) << log;
  EXPECT_EQ(refused, node.range_refusals() + node.size_refusals()) << log;
}

// A range that starts at the round's block (as a first run far from the Vat's deployment
// leaves it): --backfill reads the older events, down to vat_block, and they are the round's.
// TRON, read at latest, has no past to read: its range stays.
TEST_F(Urns, ABackfillReadsTheOlderEvents) {
  std::string log;
  ASSERT_EQ(round(chain_->config_path(), 86400, &log), 0) << log;
  const std::string events = "SELECT v.chain, u.address, e.block_number, e.log_index, e.kind, e.dink, e.dart "
                             "FROM snapshot.urn_event AS e JOIN snapshot.urn AS u USING (urn_id) JOIN snapshot.vault "
                             "AS v USING (vault_id) WHERE v.chain <> 'tron' ORDER BY 1, 3, 4, 2";
  const std::string read = query(events);
  ASSERT_TRUE(stack_->psql("postgres", "DELETE FROM snapshot.urn_event; UPDATE snapshot.urn_log_range SET first_block = last_block"));
  // Block 1..1 holds no time of the daily grid: only the events are read.
  ASSERT_EQ(run_indexer(*stack_, {"--config", chain_->config_path(), "--backfill", "1..1", "--every", "1d"}, &log), 0)
      << log;
  EXPECT_NE(log.find("eth: the Vat's events of blocks " + eth("vat_block") + " to "), std::string::npos) << log;
  EXPECT_EQ(query(events), read);
  EXPECT_EQ(query("SELECT chain, first_block = last_block FROM snapshot.urn_log_range ORDER BY 1"),
            "tron|t\neth|f\nbsc|f\n");
  EXPECT_EQ(query("SELECT first_block FROM snapshot.urn_log_range WHERE chain = 'eth'"), eth("vat_block") + "\n");
}

// Last: it changes the chain.
TEST_F(Urns, ASecondRoundWritesOnlyWhatChanged) {
  std::string log;
  ASSERT_EQ(round(chain_->config_path(), 86400, &log), 0) << log;
  const std::string manager = eth("cdp_manager");
  transact(R"([[")" + manager + R"(", "CdpManager", "frob", "1", "10000000000000000000", "1000000000000000000000"],
              [")" + manager + R"(", "CdpManager", "frob", "3", "-150000000000000000000", "-271211913984000000000000"],
              [")" + manager + R"(", "CdpManager", "give", "2", "0x0cd9000000000000000000000000000000000099"],
              [")" + manager + R"(", "CdpManager", "open", ")" + eth_a + R"(", "0x0cd9000000000000000000000000000000000026"],
              [")" + manager + R"(", "CdpManager", "frob", "7", "5000000000000000000", "5000000000000000000000"]])");
  std::this_thread::sleep_for(std::chrono::seconds(1));  // a taken_at of its own
  ASSERT_EQ(round(chain_->config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("eth: written at "), std::string::npos) << log;
  EXPECT_NE(log.find("; urns: 9 (1 new), 3 events in 1 eth_getLogs requests (0 refused)"), std::string::npos) << log;
  EXPECT_EQ(query("SELECT u.cdp_id, u.owner, u.ink, u.art FROM snapshot.urn AS u JOIN snapshot.vault AS v "
                  "USING (vault_id) WHERE v.vault_type = 'ETH-A' AND u.cdp_id IN (1, 2, 3, 7) ORDER BY 1"),
            "1|0x0cd9000000000000000000000000000000000021|22.5|27720.385614\n"
            "2|0x0cd9000000000000000000000000000000000099|40|81110.105116\n"
            "3|0x0cd9000000000000000000000000000000000023|0|0\n"
            "7|0x0cd9000000000000000000000000000000000026|5|5000\n");
  // A row per change: the 24 first reads, then CDP 1, 3 and 7 at the second round.
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.urn_state"), "27\n");
  EXPECT_EQ(query("SELECT u.cdp_id, s.ink, s.art FROM snapshot.urn_state AS s JOIN snapshot.urn AS u USING (urn_id) "
                  "WHERE s.taken_at = (SELECT max(taken_at) FROM snapshot.urn_state) ORDER BY 1"),
            "1|22.5|27720.385614\n3|0|0\n7|5|5000\n");
  EXPECT_EQ(query("SELECT u.cdp_id, e.kind, e.dink, e.dart FROM snapshot.urn_event AS e JOIN snapshot.urn AS u "
                  "USING (urn_id) JOIN snapshot.vault AS v USING (vault_id) WHERE v.chain = 'eth' "
                  "AND e.block_number > (SELECT max(block_number) FROM snapshot.chain_state WHERE chain = 'eth' "
                  "AND taken_at < (SELECT max(taken_at) FROM snapshot.chain_state)) ORDER BY e.block_number"),
            "1|frob|10|1000\n3|frob|-150|-271211.913984\n7|frob|5|5000\n");
  // Two snapshots of each Vault type's prices.
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.vault_price JOIN snapshot.vault USING (vault_id) "
                  "WHERE vault_type = 'ETH-A'"),
            "2\n");

  // A round with nothing new but a block: eth_getLogs, one aggregate3 of cdpi and the 7 CDPs'
  // owns, one of the 9 Vat.urns; no state row.
  chain_->rpc("evm_mine");
  std::this_thread::sleep_for(std::chrono::seconds(1));
  ASSERT_EQ(round(chain_->config_path(), 1, &log), 0) << log;
  EXPECT_NE(log.find("; urns: 9 (0 new), 0 events in 1 eth_getLogs requests (0 refused), 3 requests and 3 calls for "
                     "the urns in all"),
            std::string::npos)
      << log;
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.urn_state"), "27\n");
}

}  // namespace
}  // namespace coin::chain_test
