// The indexer against a real EVM node: anvil with the test contracts deployed at
// chain/demo-state.json's values, one round (--once) into a stack with empty snapshot tables,
// then every row and six endpoints (6.1, 6.4, 6.5, 6.11, 6.12, 6.14) checked against values
// worked out by hand from the deployed state.
//
// The arithmetic, from demo-state.json's raw integers (exact decimals; APYs (rate / 1e27) ^
// 31536000 - 1 to 30 decimals, worked out with Python's decimal module at 400 digits):
//   tron COIN  (1250000000123456789012345678 - 421000000000000000000000000) / 1e18
//              = 829000000.123456789012345678;  sCOIN 400000000e18 / 1e18 = 400000000
//   eth  COIN  (3456789012345678901234567890 - 1040000000000000000000000000) / 1e18
//              = 2416789012.34567890123456789;  sCOIN 950000000.000000000000000001
//   bsc  COIN  (987654321e18 - what the protocol holds itself: sCOIN's 125308641.3425e18, the
//              20000123.45e18 in LITE-PSM-USDC-A (what fill() drew into it and 123.45 of fees not yet
//              chugged), the 1000000.25e18 in ALLOC-SPARK-A's buffer, the treasury's 2500000e18 that
//              protocol_holders names) / 1e18 = 838845555.9575;  sCOIN 123456789.5
//   bsc coin_price = par 1.0001 (every other chain 1); scoin_price = convertToAssets(1e18)
//              / 1e18 x coin_price = 1.015 x 1.0001 = 1.0151015; earn_tvl 125308641.3425 x 1.0001
//   TRX-A debt = Art x rate / 1e45 = 12345678901234567890123456 x 1021234567890123456789012345 / 1e45;
//              locked = 120000000.5 WTRX x (spot 166666666666666666666666666 x mat 1.5 x par 1
//              = 0.249999999999999999999999999 -> 0.25 at 18 decimals) = 30000000.125
//   ETH-A locked = 45678.901234567890123456 WETH x (2383986206896551724137931034482 x 1.45
//              = 3456.7799999999999999999999999989 -> 3456.78) = 157901912.209629591220960232
//   bsc PSM-USDT-A stability fee: base 158153903837946257 + duty 1e27 (0.5% a year)
//   JustLend (aave-v3): currentLiquidityRate 0.035e27 a year -> 1109842719431760528 per second
//              (rounded) -> APY 0.035619708779509197802633919104; holding 25312345.678901 USDT,
//              earnings 25312345.678901 - 25000000 = 312345.678901
//   Spark (erc4626 on plasma): 5900000 shares x chi 1.023456789012345678901234567 = 6038395.055172
//   SA-USDT-A (tron) APY = (25312345.678901 x 0.0356... + 6038395.055172 x 0.0449...) / 31350740.734073
//   bsc's dss-family shapes:
//   LITE-PSM-USDC-A (a dss-lite-psm): minted = min(Art 100000000.5, the pocket's 80000000.5 USDC in
//              18 decimals) = 80000000.5, not Art - its COIN 20000123.45 = 79999877.05, which the 123.45
//              of fees would move when chugged (rate 1: debt the same); locked = the pocket's 80000000.5
//              USDC x (spot 0.999900009999000099990000999 x par 1.0001 = 0.99999999999999999999999999990
//              -> 1 at 18 decimals) = 80000000.5; fee tin 0.001
//   ALLOC-SPARK-A (a dss-allocator AllocatorVault): minted = its urn's art 30000000, debt x 1.01 =
//              30300000; locked = its buffer's 1000000.25 COIN x par 1.0001 (the COIN it drew and has
//              not placed, which backs its debt: in its locked value, not in circulation) + the
//              positions' 20000000 + 5100000 + the buffer's 2000000 USDC = 28100100.250025
//   Aave (a real Aave v3 market, chain/aave.mjs): liquidity rate 0.025e27 a year (borrow rate 5% at
//              50% use) -> 792744799594114663 per second -> APY 0.025315120514268675324360156365;
//              the operator's aToken balance is its supply, 20000000 USDC, earnings 1000000
//   Spark (a Spark Vault V2, rate getter vsr 5%): 5000000 shares x chi 1.02 = 5100000
//   Buffer (a plain balance: the buffer's 2000000 USDC, which earns nothing): APY 0, earnings 0
//   ALLOC-SPARK-A APY = (20000000 x 0.0253... + 5100000 x 0.0499... + 2000000 x 0) / 27100000
//              = 0.02809233986292891167197722218; earnings 761302.410285373506310583
//   6.14 apy = 100 x the same over all seven positions = 3.6862924258643068349639734472

#include <gtest/gtest.h>

#include <string>
#include <thread>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::chain_test {
namespace {

class Indexed : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    chain_ = new LocalChain();
    stack_ = new e2e::Stack("empty");
    status_ = run_indexer(*stack_, {"--config", chain_->config_path(), "--once"}, &log_);
  }
  static void TearDownTestSuite() {
    delete stack_;
    delete chain_;
  }

  static std::string query(const std::string& sql) { return stack_->query("postgres", sql); }

  static e2e::Json data(const std::string& path) {
    const e2e::HttpResponse response = e2e::http("GET", stack_->url(path));
    EXPECT_EQ(response.status, 200) << path;
    return e2e::Json::parse(response.body)["data"];
  }

  static std::string address(const std::string& chain, int vault, const std::string& key) {
    return chain_->config()["chains"][chain]["vaults"][vault][key].asString();
  }

  static inline LocalChain* chain_ = nullptr;
  static inline e2e::Stack* stack_ = nullptr;
  static inline int status_ = -1;
  static inline std::string log_;
};

TEST_F(Indexed, EveryChainIsWrittenOnce) {
  EXPECT_EQ(status_, 0) << log_;
  for (const std::string chain : {"tron", "eth", "bsc"}) {
    EXPECT_NE(log_.find(chain + ": written at "), std::string::npos) << log_;
  }
  // One taken_at for every row of the round: the start of the current 5-minute round.
  EXPECT_EQ(query("SELECT count(DISTINCT taken_at), bool_and(extract(epoch FROM taken_at)::bigint % 300 = 0), "
                  "bool_and(taken_at > now() - interval '301 seconds') FROM ("
                  "SELECT taken_at FROM snapshot.chain_state UNION ALL SELECT taken_at FROM snapshot.vault_state "
                  "UNION ALL SELECT taken_at FROM snapshot.allocator_position_state) AS t"),
            "1|t|t\n");
}

TEST_F(Indexed, ChainStatesAreTheDeployedSupplyAndSavings) {
  EXPECT_EQ(query("SELECT chain, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl "
                  "FROM snapshot.chain_state ORDER BY chain"),
            "tron|829000000.123456789012345678|400000000|1|1.052345678901234567|"
            "0.039999999999999999955492083946|420938271.560493827156049382\n"
            "eth|2416789012.34567890123456789|950000000.000000000000000001|1|1.087654321098765432|"
            "0.049999999999999999965368547801|1033271605.043827160504382716\n"
            "bsc|838845555.9575|123456789.5|1.0001|1.0151015|0.059999999999999999953368072466|125321172.20663425\n");
}

TEST_F(Indexed, VaultsAreTheDeployedConfiguration) {
  // psm_fee is null (empty here) on every Vault but the PSMs.
  EXPECT_EQ(query("SELECT chain, vault_type, collateral_type, min_collateral_ratio, stability_fee, debt_ceiling, "
                  "dust, psm_fee FROM snapshot.vault ORDER BY vault_id"),
            "tron|TRX-A|1|1.5|0.049999999999999999965368547801|50000000|10000|\n"
            "tron|PSM-USDT-A|2|1|0|500000000|0|0\n"
            "tron|SA-USDT-A|3|1|0.019999999999999999967999501318|100000000|0|\n"
            "eth|ETH-A|1|1.45|0.059999999999999999953368072466|200000000|7500|\n"
            "eth|PSM-USDC-A|2|1|0|1000000000|0|0.0005\n"
            "eth|SA-USDC-A|3|1|0.029999999999999999983543728012|200000000|0|\n"
            "bsc|BNB-A|1|1.7|0.04519999999351671954869451971|100000000|5000|\n"
            "bsc|PSM-USDT-A|2|1|0.004999999999999999968239863477|300000000|0|0\n"
            "bsc|SA-USDT-A|3|1|0.004999999999999999968239863477|50000000|0|\n"
            "bsc|LITE-PSM-USDC-A|2|1|0.004999999999999999968239863477|500000000|0|0.001\n"
            "bsc|ALLOC-SPARK-A|3|1|0.025099999996789527367216445995|100000000|0|\n");
  // The contract shown: a PSM Vault's PSM, every other Vault's join; Base58 on tron.
  EXPECT_EQ(query("SELECT string_agg(contract_address, ' ' ORDER BY vault_id) FROM snapshot.vault WHERE chain = 'tron'"),
            address("tron", 0, "join") + " " + address("tron", 1, "psm") + " " + address("tron", 2, "join") + "\n");
  EXPECT_EQ(address("tron", 0, "join").substr(0, 1), "T");
  EXPECT_EQ(query("SELECT contract_address FROM snapshot.vault WHERE chain = 'eth' AND vault_type = 'ETH-A'"),
            address("eth", 0, "join") + "\n");
}

TEST_F(Indexed, VaultStatesAreTheDeployedDebtAndCollateral) {
  EXPECT_EQ(query("SELECT vault_type, minted, debt, locked_value, apy, estimated_annual_earnings "
                  "FROM snapshot.vault_state JOIN snapshot.vault USING (vault_id) ORDER BY vault_id"),
            "TRX-A|12345678.901234567890123456|12607834.05801249808467642046220698072743194635806432|30000000.125||\n"
            "PSM-USDT-A|300000123.456789|300000123.456789|300000123.456789||\n"
            "SA-USDT-A|31000000|31382716.045938271604593827136|1500000|0.037426425392757341234025054301|"
            "1173346.159091461655456758\n"
            "ETH-A|98765432.109876543210987654|108520042.689727175736860234335949093118916034140423716|"
            "157901912.209629591220960232||\n"
            "PSM-USDC-A|750000000|750000000|750000000||\n"
            "SA-USDC-A|50000000.123456789012345678|50172839.574500837029164761629231825554031398766651426|2500000|"
            "0.043255047655567395127415210549|1735542.035514813194244\n"
            "BNB-A|55555555.555555555555555555|58024691.35802469135802469075308641975308641975308642|153085000||\n"
            "PSM-USDT-A|120000000|120000000|120000000||\n"
            "SA-USDT-A|20000000|20020000|1000000|0.034999999999999999979829832096|684949.99999999999960527\n"
            "LITE-PSM-USDC-A|80000000.5|80000000.5|80000000.5||\n"
            "ALLOC-SPARK-A|30000000|30300000|28100100.250025|0.02809233986292891167197722218|"
            "761302.410285373506310583\n");
}

TEST_F(Indexed, PositionsAreTheDeployedHoldings) {
  // tron's operator 0xa110c0...01 in Base58Check (worked out with Python's hashlib).
  EXPECT_EQ(query("SELECT platform, chain, gem_symbol, operator_address, strategy, coalesce(tag, '(null)'), "
                  "holding_amount, apy_holding_amount, apy, actual_earnings FROM snapshot.allocator_position "
                  "JOIN snapshot.allocator_position_state USING (position_id) ORDER BY position_id"),
            "JustLend|tron|USDT|TQeqrkh3c5HUrxExdD4Tjk49CXeN2jbCqD|Investment|(null)|25312345.678901|"
            "25312345.678901|0.035619708779509197802633919104|312345.678901\n"
            "Spark|plasma|USDT0|0xa110c00000000000000000000000000000000002|Investment||6038395.055172|"
            "6038395.055172|0.044999999999999999981066627328|38395.055172\n"
            "Aave|eth|USDC|0xa110c00000000000000000000000000000000003|Investment|Core|40123456.789012|"
            "40123456.789012|0.043255047655567395127415210549|123456.789012\n"
            "Venus|bsc|USDT|0xa110c00000000000000000000000000000000004|Investment|(null)|19570000|19570000|"
            "0.034999999999999999979829832096|69999.5\n"
            "Aave|bsc|USDC|0xa110c00000000000000000000000000000000005|Investment|Core|20000000|20000000|"
            "0.025315120514268675324360156365|1000000\n"
            "Spark|bsc|USDC|0xa110c00000000000000000000000000000000006|Investment|(null)|5100000|5100000|"
            "0.049999999999999999965368547801|100000\n"
            "Buffer|bsc|USDC|0xb0ffe70000000000000000000000000000000001|Reserve|(null)|2000000|2000000|0|0\n");
}

// Every row keeps the block it was read at: the node's newest, as read here apart
// from the indexer (nothing is mined after the deploy); tron's rows, read at "latest", none.
// tron's Spark position is on plasma, which pins its block like every chain but tron.
TEST_F(Indexed, EveryRowKeepsTheBlockItWasReadAt) {
  std::string latest;
  ASSERT_EQ(e2e::run_node_script("tests/chain/latest_block.mjs", "--rpc " + chain_->url(), &latest), 0) << latest;
  const std::string block =
      "SELECT DISTINCT block_number || '|' || block_hash || '|' || extract(epoch FROM block_time)::bigint ";
  EXPECT_EQ(query(block + "FROM (SELECT * FROM snapshot.chain_state WHERE chain <> 'tron') AS s"), latest);
  EXPECT_EQ(query(block + "FROM snapshot.vault_state JOIN snapshot.vault USING (vault_id) WHERE chain <> 'tron'"), latest);
  EXPECT_EQ(query(block + "FROM snapshot.allocator_position_state JOIN snapshot.allocator_position USING (position_id) "
                          "WHERE chain <> 'tron'"),
            latest);
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.chain_state WHERE chain = 'tron' AND block_number IS NULL"), "1\n");
  EXPECT_EQ(query("SELECT count(*) FROM snapshot.vault_state JOIN snapshot.vault USING (vault_id) "
                  "WHERE chain = 'tron' AND block_number IS NULL"),
            "3\n");
  EXPECT_EQ(query("SELECT platform || ' ' || (block_number IS NULL) FROM snapshot.allocator_position_state "
                  "JOIN snapshot.allocator_position USING (position_id) WHERE chain IN ('tron', 'plasma') ORDER BY 1"),
            "JustLend true\nSpark false\n");
}

TEST_F(Indexed, SecondIndexerInTheSameRoundWritesNothing) {
  std::string log;
  EXPECT_EQ(run_indexer(*stack_, {"--config", chain_->config_path(), "--once"}, &log), 0) << log;
  for (const std::string chain : {"tron", "eth", "bsc"}) {
    EXPECT_NE(log.find(chain + ": already written at "), std::string::npos) << log;
  }
  EXPECT_EQ(query("SELECT (SELECT count(*) FROM snapshot.chain_state) || ' ' || (SELECT count(*) FROM snapshot.vault) "
                  "|| ' ' || (SELECT count(*) FROM snapshot.vault_state) || ' ' || "
                  "(SELECT count(*) FROM snapshot.allocator_position_state)"),
            "3 11 11 7\n");
}

TEST_F(Indexed, SupplyEndpointsAnswerTheIndexedSupplies) {
  // 6.1: COIN + sCOIN on every chain.
  EXPECT_EQ(e2e::http("GET", stack_->url("/totalSupply")).body, "5558091357.926635690246913569");
  const e2e::Json coin = data("/api/v1/external/total-supply/coin");  // 6.4
  EXPECT_EQ(coin["totalSupply"].text(), "4084634568.426635690246913568");
  EXPECT_EQ(coin["tron"].text(), "829000000.123456789012345678");
  EXPECT_EQ(coin["eth"].text(), "2416789012.34567890123456789");
  EXPECT_EQ(coin["bsc"].text(), "838845555.9575");
  const e2e::Json scoin = data("/api/v1/external/total-supply/scoin");  // 6.5
  EXPECT_EQ(scoin["totalSupply"].text(), "1473456789.500000000000000001");
  EXPECT_EQ(scoin["eth"].text(), "950000000.000000000000000001");
}

TEST_F(Indexed, VaultEndpointsAnswerTheIndexedVaults) {
  // 6.11: the regular Vault types, in the order first seen.
  const e2e::Json collaterals = data("/api/v1/vault/collaterals")["items"];
  ASSERT_EQ(collaterals.size(), 3u);
  EXPECT_EQ(collaterals[0]["ilk"].text(), "TRX-A");
  EXPECT_EQ(collaterals[0]["minCollateralRatio"].text(), "1.5");
  EXPECT_EQ(collaterals[0]["stabilityFee"].text(), "0.049999999999999999965368547801");
  EXPECT_EQ(collaterals[0]["maxMinted"].text(), "50000000");
  EXPECT_EQ(collaterals[0]["dust"].text(), "10000");
  EXPECT_EQ(collaterals[0]["curMinted"].text(), "12345678.901234567890123456");
  EXPECT_EQ(collaterals[0]["totalCollateral"].text(), "30000000.125");
  EXPECT_EQ(collaterals[1]["ilk"].text(), "ETH-A");
  EXPECT_EQ(collaterals[2]["ilk"].text(), "BNB-A");
  EXPECT_EQ(collaterals[2]["stabilityFee"].text(), "0.04519999999351671954869451971");

  // 6.12 on eth: 2416789012.34567890123456789 + 950000000.000000000000000001 x 1.087654321098765432
  // of supply value; 157901912.209629591220960232 + 750000000 + 2500000 of collateral.
  const e2e::Json eth = data("/api/v1/data-platform/latest-collateral?chain=eth");
  EXPECT_EQ(eth["apy"].number(), "0.049999999999999999965368547801");
  EXPECT_EQ(eth["coinTotalSupply"].number(), "2416789012.34567890123456789");
  EXPECT_EQ(eth["totalSupplyValue"].number(), "3450060617.389506061634567891087654321098765432");
  EXPECT_EQ(eth["totalCollateralValue"].number(), "910401912.209629591220960232");
  EXPECT_EQ(eth["earnTvl"].number(), "1033271605.043827160504382716");
  const e2e::Json& items = eth["items"];
  ASSERT_EQ(items.size(), 3u);
  EXPECT_EQ(items[0]["vaultType"].text(), "ETH-A");
  EXPECT_EQ(items[0]["contractAddress"].text(), address("eth", 0, "join"));
  EXPECT_EQ(items[0]["debt"].number(), "108520042.689727175736860234335949093118916034140423716");
  EXPECT_EQ(items[0]["lockedValue"].number(), "157901912.209629591220960232");
  EXPECT_TRUE(items[0]["apy"].is_null());
  EXPECT_TRUE(items[0]["psmFee"].is_null());
  EXPECT_EQ(items[1]["vaultType"].text(), "PSM-USDC-A");
  EXPECT_EQ(items[1]["contractAddress"].text(), address("eth", 1, "psm"));
  EXPECT_EQ(items[1]["psmFee"].text(), "0.0005");
  EXPECT_EQ(items[2]["vaultType"].text(), "SA-USDC-A");
  EXPECT_EQ(items[2]["mintedCOIN"].number(), "50000000.123456789012345678");
  EXPECT_EQ(items[2]["apy"].number(), "0.043255047655567395127415210549");
  EXPECT_EQ(items[2]["estimatedAnnualEarnings"].number(), "1735542.035514813194244");
  EXPECT_EQ(items[2]["line"].text(), "200000000");
}

TEST_F(Indexed, AllocatorEndpointAnswersTheIndexedPositions) {
  const e2e::Json allocator = data("/api/v1/smart-allocator/detail-overview");  // 6.14
  EXPECT_EQ(allocator["apy"].number(), "3.6862924258643068349639734472");
  // 31382716.045938271604593827136 + 50172839.574500837029164761629231825554031398766651426 + 20020000
  // + 30300000
  EXPECT_EQ(allocator["debt"].number(), "131875555.620439108633758588765231825554031398766651426");
  const e2e::Json& positions = allocator["platformSummaryInfos"];
  ASSERT_EQ(positions.size(), 7u);
  // By platform, then chain: Aave bsc and eth, Buffer bsc, JustLend tron, Spark bsc and plasma,
  // Venus bsc.
  EXPECT_EQ(positions[0]["platform"].text(), "Aave");
  EXPECT_EQ(positions[0]["chain"].text(), "bsc");
  EXPECT_EQ(positions[0]["holdingAmount"].number(), "20000000");
  EXPECT_EQ(positions[0]["apy"].number(), "0.025315120514268675324360156365");
  EXPECT_EQ(positions[2]["platform"].text(), "Buffer");
  EXPECT_EQ(positions[2]["gemSymbol"].text(), "USDC");
  EXPECT_EQ(positions[2]["holdingAmount"].number(), "2000000");
  EXPECT_EQ(positions[2]["apy"].number(), "0");
  EXPECT_EQ(positions[2]["actualEarnings"].number(), "0");
  EXPECT_EQ(positions[3]["platform"].text(), "JustLend");
  EXPECT_EQ(positions[3]["operatorAddress"].text(), "TQeqrkh3c5HUrxExdD4Tjk49CXeN2jbCqD");
  EXPECT_EQ(positions[3]["holdingAmount"].number(), "25312345.678901");
  EXPECT_EQ(positions[3]["actualEarnings"].number(), "312345.678901");
  EXPECT_TRUE(positions[3]["tag"].is_null());
  EXPECT_EQ(positions[4]["platform"].text(), "Spark");
  EXPECT_EQ(positions[4]["apy"].number(), "0.049999999999999999965368547801");
  EXPECT_EQ(positions[5]["chain"].text(), "plasma");
  EXPECT_EQ(positions[5]["apy"].number(), "0.044999999999999999981066627328");
  EXPECT_EQ(positions[5]["tag"].text(), "");
  EXPECT_EQ(positions[6]["platform"].text(), "Venus");
  const e2e::Json& vaults = allocator["vaultInfos"];
  ASSERT_EQ(vaults.size(), 4u);
  EXPECT_EQ(vaults[0]["vaultType"].text(), "SA-USDT-A");
  EXPECT_EQ(vaults[0]["contractAddress"].text(), address("tron", 2, "join"));
  // bsc's by type: a dss-allocator Vault shows its AllocatorVault.
  EXPECT_EQ(vaults[2]["vaultType"].text(), "ALLOC-SPARK-A");
  EXPECT_EQ(vaults[2]["contractAddress"].text(), address("bsc", 4, "allocator_vault"));
  EXPECT_EQ(vaults[2]["debt"].number(), "30300000");
  EXPECT_EQ(vaults[3]["debt"].number(), "20020000");
}

}  // namespace
}  // namespace coin::chain_test
