// The COIN the protocol holds itself, one rule (docs/indexer.md, "COIN the protocol holds
// itself"), shown by the contracts' own moves on the demo chain.
//
// A lite PSM's figures through its life: bsc's LITE-PSM-USDC-A (chain/demo-state.json) filled,
// sold to, chugged, bought from and trimmed with the test LitePsm, which does what dss-lite-psm's
// DssLitePsm does to the balances and the Vat (chain/contracts/LitePsm.sol); one round into empty
// tables after each step. minted (= debt: rate 1) and locked value follow the gem in the pocket,
// and COIN in circulation only what users hold: a fill, a chug or a trim moves none of 6.12's
// figures, a sale or a purchase moves exactly its own.
//
// By hand, from the deployed state: COIN's supply 987654321, of which the protocol holds sCOIN's
// 125308641.3425, the PSM's 20000123.45, the buffer's 1000000.25 and the treasury's 2500000;
// Art 100000000.5, the pocket's 80000000.5 USDC; 838845555.9575 in circulation. Then tin 1%,
// tout 0.5%, buf 30000000:
//   fill     rush = pocket 80000000.5 + buf 30000000 - Art 100000000.5 = 10000000 drawn into the
//            PSM: Art 110000000.5, the PSM's COIN 30000123.45, supply 997654321; minted
//            min(Art, pocket) = 80000000.5 as before, circulation 838845555.9575 as before
//   sell     1000000 USDC for 990000 COIN (fee 10000): pocket 81000000.5, the PSM's COIN
//            29010123.45; minted 81000000.5, circulation + 990000 = 839835555.9575
//   chug     cut = 29010123.45 + 81000000.5 - 110000000.5 = 10123.45 burnt from the PSM: its COIN
//            29000000, supply 997644197.55; minted 81000000.5, circulation 839835555.9575 as
//            before (Art - the PSM's COIN, the old rule, went from 80990877.05 to 81000000.5)
//   buy      500000 USDC for 502500 COIN (fee 2500): pocket 80500000.5, the PSM's COIN 29502500;
//            minted 80500000.5, circulation - 502500 = 839333055.9575
//   trim     with buf 20000000: gush = Art 110000000.5 - (80500000.5 + 20000000) = 9500000 burnt:
//            Art 100500000.5, the PSM's COIN 20002500, supply 988144197.55; minted 80500000.5,
//            circulation 839333055.9575 as before
// locked value = the pocket's USDC x price 1 (spot x mat x par to 18 decimals, indexer_test.cpp).

#include <gtest/gtest.h>

#include <string>

#include "tests/chain/local_chain.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/node_script.hpp"

namespace coin::chain_test {
namespace {

// Sends `calls` (tests/chain/transact.mjs's JSON) to `chain`, each mined.
void transact(const LocalChain& chain, const std::string& calls) {
  std::string output;
  ASSERT_EQ(e2e::run_node_script("tests/chain/transact.mjs", "--rpc " + chain.url() + " --calls '" + calls + "'", &output),
            0)
      << output;
}

class LitePsmLife : public ChainSuite {
 protected:
  // Sends `calls` and writes one round into empty tables.
  void step(const std::string& calls) {
    ASSERT_NO_FATAL_FAILURE(transact(*chain_, calls));
    std::string output;
    ASSERT_TRUE(empty_snapshot_tables(*stack_));
    ASSERT_EQ(run_indexer(*stack_, {"--config", chain_->config_path(), "--once"}, &output), 0) << output;
  }
  static std::string query(const std::string& sql) { return stack_->query("postgres", sql); }

  // circulation | minted | debt | locked value | fee of the lite PSM.
  static std::string figures() {
    return query("SELECT coin_supply || '|' || minted || '|' || debt || '|' || locked_value || '|' || v.psm_fee "
                 "FROM snapshot.chain_state AS c JOIN snapshot.vault AS v USING (chain) JOIN snapshot.vault_state "
                 "USING (vault_id) WHERE chain = 'bsc' AND vault_type = 'LITE-PSM-USDC-A'");
  }
  // Every figure of 6.12 on bsc, 6.4 and 6.2, as their views make them, but the total collateral
  // and ALLOC-SPARK-A's locked value, APY and earnings: its real Aave position earns by the
  // second of each new block.
  static std::string answers() {
    return query("SELECT json_build_object('items', (SELECT json_agg(i) FROM json_array_elements(data->'items') AS i "
                 "WHERE i->>'vaultType' <> 'ALLOC-SPARK-A'), 'supply', data->'coinTotalSupply', "
                 "'value', data->'totalSupplyValue', 'earnTvl', data->'earnTvl')::text "
                 "FROM api.latest_collateral WHERE chain = 'bsc'") +
           query("SELECT row_to_json(s)::text FROM api.coin_supply AS s") +
           query("SELECT row_to_json(s)::text FROM api.circulating_supply AS s");
  }
  static std::string psm() { return chain_->config()["chains"]["bsc"]["vaults"][3]["lite_psm"].asString(); }
  // The PSM's gem: LitePsm.gem() (0x7bd2bea7), the address in its answer's last 40 digits.
  static std::string gem() {
    const std::string answer = chain_->rpc("eth_call", R"([{"to":")" + psm() + R"(","data":"0x7bd2bea7"},"latest"])");
    return "0x" + e2e::Json::parse(answer).text().substr(26);
  }
  static std::string call(const std::string& method, const std::string& arguments = "") {
    return R"([")" + psm() + R"(","LitePsm",")" + method + R"(")" + arguments + "]";
  }
};

TEST_F(LitePsmLife, AChugFillOrTrimMovesNoFigureASwapMovesItsOwn) {
  step("[" + call("setTin", R"(,"10000000000000000")") + "," + call("setTout", R"(,"5000000000000000")") + "," +
       call("setBuf", R"(,"30000000000000000000000000")") + R"(,[")" + gem() +
       R"(","Token","setBalance","sender","1000000000000"]])");
  EXPECT_EQ(figures(), "838845555.9575|80000000.5|80000000.5|80000000.5|0.01\n");

  step("[" + call("fill") + "]");
  EXPECT_EQ(figures(), "838845555.9575|80000000.5|80000000.5|80000000.5|0.01\n");

  step("[" + call("sellGem", R"(,"sender","1000000000000")") + "]");
  EXPECT_EQ(figures(), "839835555.9575|81000000.5|81000000.5|81000000.5|0.01\n");
  const std::string sold = answers();

  step("[" + call("chug") + "]");
  EXPECT_EQ(figures(), "839835555.9575|81000000.5|81000000.5|81000000.5|0.01\n");
  EXPECT_EQ(answers(), sold);
  EXPECT_NE(sold.find(R"("mintedCOIN" : 81000000.5)"), std::string::npos) << sold;

  step("[" + call("buyGem", R"(,"sender","500000000000")") + "]");
  EXPECT_EQ(figures(), "839333055.9575|80500000.5|80500000.5|80500000.5|0.01\n");
  const std::string bought = answers();

  step("[" + call("setBuf", R"(,"20000000000000000000000000")") + "," + call("trim") + "]");
  EXPECT_EQ(figures(), "839333055.9575|80500000.5|80500000.5|80500000.5|0.01\n");
  EXPECT_EQ(answers(), bought);
}

// An AllocatorVault draws 1000000 COIN into its buffer (dss-allocator's draw(): Art and its urn's
// art up, the COIN minted to the buffer). Counted once, where the rule puts it: bsc's circulation
// stays 838845555.9575 (indexer_test.cpp); ALLOC-SPARK-A's minted 30000000 -> 31000000, debt
// x rate 1.01 -> 31310000, locked value its buffer's (1000000.25 + 1000000) x par 1.0001 =
// 2000200.250025 more than its positions' holdings (its real Aave position earns by the second).
class BufferDraw : public ChainSuite {};

TEST_F(BufferDraw, TheBuffersCoinIsLockedValueNotCirculation) {
  const Json::Value& bsc = chain_->config()["chains"]["bsc"];
  const std::string ilk = "0x414c4c4f432d535041524b2d41" + std::string(38, '0');  // "ALLOC-SPARK-A"
  const std::string vault = bsc["vaults"][4]["allocator_vault"].asString();
  const std::string buffer = "0xb0ffe70000000000000000000000000000000001";  // chain/demo-state.json
  const std::string token = bsc["token"].asString();
  // The state's values with 1000000 COIN more of debt, supply and buffer.
  const std::string calls = R"([[")" + bsc["vat"].asString() + R"(","Vat","setIlk",")" + ilk +
                            R"(","31000000000000000000000000","1010000000000000000000000000",)"
                            R"("999900009999000099990000999","100000000000000000000000000000000000000000000000000000","0"],)"
                            R"([")" + bsc["vat"].asString() + R"(","Vat","setUrn",")" + ilk + R"(",")" + vault +
                            R"(","1000000000000000000000000000000","31000000000000000000000000"],)"
                            R"([")" + token + R"(","Token","setTotalSupply","988654321000000000000000000"],)"
                            R"([")" + token + R"(","Token","setBalance",")" + buffer + R"(","2000000250000000000000000"]])";
  ASSERT_NO_FATAL_FAILURE(transact(*chain_, calls));
  std::string output;
  ASSERT_EQ(run_indexer(*stack_, {"--config", chain_->config_path(), "--once"}, &output), 0) << output;
  EXPECT_EQ(stack_->query("postgres",
                          "SELECT coin_supply || '|' || minted || '|' || debt || '|' || locked_value - "
                          "(SELECT sum(holding_amount) FROM snapshot.allocator_position_state JOIN "
                          "snapshot.allocator_position USING (position_id) WHERE platform IN ('Aave', 'Spark', 'Buffer') "
                          "AND chain = 'bsc') FROM snapshot.chain_state AS c JOIN snapshot.vault AS v USING (chain) "
                          "JOIN snapshot.vault_state USING (vault_id) WHERE chain = 'bsc' AND vault_type = 'ALLOC-SPARK-A'"),
            "838845555.9575|31000000|31310000|2000200.250025\n");
}

}  // namespace
}  // namespace coin::chain_test
