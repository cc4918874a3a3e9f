// /healthz's verdict and body, and the freshness metrics, from freshness figures given by hand
// (chains and Vaults): a limit of 900 s, a clock at 2026-11-25T00:00:00Z (1795564800).

#include "handlers/ops/health.hpp"

#include <gtest/gtest.h>

namespace coin {
namespace {

constexpr std::time_t now = 1795564800;

Freshness fresh() {
  Freshness freshness;
  freshness.now = now;
  freshness.database_reachable = true;
  freshness.chains = {{"tron", now - 60, 60}, {"eth", now - 300, 300}, {"bsc", now - 900, 900}};
  freshness.vaults = {{"tron", "TRX-A", now - 60, 60},
                      {"eth", "ETH-A", now - 300, 300},
                      {"eth", "PSM-USDC-A", now - 120, 120},
                      {"bsc", "BNB-A", now - 900, 900}};
  freshness.blocks = {{"tron", now - 60, std::nullopt, std::nullopt, std::nullopt, std::nullopt, false},  // at latest
                      {"eth", now - 300, 21000000, "0x" + std::string(64, 'a'), now - 312, 20999936, false},
                      {"bsc", now - 900, 40000000, "0x" + std::string(64, 'c'), now - 903, 40000000, true}};
  freshness.publisher = PublishedState{now - 1, now - 60};
  return freshness;
}

TEST(Health, DataYoungerThanTheLimitAreHealthy) {
  EXPECT_TRUE(problems_of(fresh(), 900).empty());  // bsc and BNB-A are exactly 900 s old: not past it
  const Response response = health_answer(fresh(), 900);
  EXPECT_EQ(response.status, 200);
  EXPECT_TRUE(response.live);
  EXPECT_EQ(response.body,
            R"({"blocks":{"bsc":{"final":true,"finalized":40000000,"hash":"0x)" + std::string(64, 'c') +
                R"(","number":40000000,"snapshotAt":"2026-11-24T23:45:00Z","time":"2026-11-24T23:44:57Z"},)"
            R"("eth":{"final":false,"finalized":20999936,"hash":"0x)" + std::string(64, 'a') +
                R"(","number":21000000,"snapshotAt":"2026-11-24T23:55:00Z","time":"2026-11-24T23:54:48Z"},)"
            R"("tron":{"final":false,"finalized":null,"hash":null,"number":null,"snapshotAt":"2026-11-24T23:59:00Z",)"
            R"("time":null}},)"
            R"("chains":{"bsc":{"ageSeconds":900,"snapshotAt":"2026-11-24T23:45:00Z"},)"
            R"("eth":{"ageSeconds":300,"snapshotAt":"2026-11-24T23:55:00Z"},)"
            R"("tron":{"ageSeconds":60,"snapshotAt":"2026-11-24T23:59:00Z"}},)"
            R"("database":{"reachable":true},"maxAgeSeconds":900,"problems":[],)"
            R"("publisher":{"ageSeconds":60,"reachable":true,"snapshotAt":"2026-11-24T23:59:00Z"},)"
            R"("status":"ok","time":"2026-11-25T00:00:00Z",)"
            R"("vaults":{"bsc":{"BNB-A":{"ageSeconds":900,"snapshotAt":"2026-11-24T23:45:00Z"}},)"
            R"("eth":{"ETH-A":{"ageSeconds":300,"snapshotAt":"2026-11-24T23:55:00Z"},)"
            R"("PSM-USDC-A":{"ageSeconds":120,"snapshotAt":"2026-11-24T23:58:00Z"}},)"
            R"("tron":{"TRX-A":{"ageSeconds":60,"snapshotAt":"2026-11-24T23:59:00Z"}}},)"
            R"("version":")" COIN_VERSION R"("})"
            "\n");
}

TEST(Health, EachProblemIsNamed) {
  Freshness freshness = fresh();
  freshness.chains[1].age_seconds = 901;
  freshness.chains[2] = {"bsc", std::nullopt, std::nullopt};
  freshness.vaults[3].age_seconds = 902;
  freshness.publisher->snapshot = now - 1000;
  EXPECT_EQ(problems_of(freshness, 900),
            (std::vector<std::string>{"the newest snapshot of eth is 901 s old (limit 900 s)", "bsc has no snapshot",
                                      "the newest state of Vault BNB-A on bsc is 902 s old (limit 900 s)",
                                      "the published answers are 1000 s old (limit 900 s)"}));
  EXPECT_EQ(health_answer(freshness, 900).status, 503);
  freshness.publisher->snapshot = std::nullopt;
  EXPECT_EQ(problems_of(freshness, 900).back(), "no answers are published");
}

// The indexer leaves out a Vault it cannot read and writes the rest of its chain: the chain is
// fresh, the Vault's last state ages.
TEST(Health, AVaultOlderThanTheLimitIsAProblemThoughItsChainIsFresh) {
  Freshness freshness = fresh();
  freshness.vaults[1] = {"eth", "ETH-A", now - 1210, 1210};  // 2026-11-24T23:39:50Z
  EXPECT_EQ(problems_of(freshness, 900),
            std::vector<std::string>{"the newest state of Vault ETH-A on eth is 1210 s old (limit 900 s)"});
  const Response response = health_answer(freshness, 900);
  EXPECT_EQ(response.status, 503);
  for (const char* part : {R"j("problems":["the newest state of Vault ETH-A on eth is 1210 s old (limit 900 s)"])j",
                           R"("status":"failing")",
                           R"("ETH-A":{"ageSeconds":1210,"snapshotAt":"2026-11-24T23:39:50Z"})"}) {
    EXPECT_NE(response.body.find(part), std::string::npos) << part << response.body;
  }
  const std::string text = freshness_metrics(freshness, 900);
  for (const char* line : {"coin_health_ok 0\n", "coin_vault_snapshot_age_seconds{chain=\"eth\",vault=\"ETH-A\"} 1210\n",
                           "coin_vault_snapshot_timestamp_seconds{chain=\"eth\",vault=\"ETH-A\"} 1795563590\n"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line << text;
  }
}

// Configured (in snapshot.vault) but never read: a problem too, shown with nulls, no series.
TEST(Health, AVaultWithoutStateIsAProblem) {
  Freshness freshness = fresh();
  freshness.vaults.push_back({"eth", "USDT-A", std::nullopt, std::nullopt});
  EXPECT_EQ(problems_of(freshness, 900), std::vector<std::string>{"Vault USDT-A on eth has no state"});
  const Response response = health_answer(freshness, 900);
  EXPECT_EQ(response.status, 503);
  EXPECT_NE(response.body.find(R"("USDT-A":{"ageSeconds":null,"snapshotAt":null})"), std::string::npos)
      << response.body;
  const std::string text = freshness_metrics(freshness, 900);
  EXPECT_NE(text.find("coin_health_ok 0\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("vault=\"USDT-A\""), std::string::npos) << text;
}

TEST(Health, AnUnreachableDatabaseLeavesTheChainsUnknown) {
  Freshness freshness = fresh();
  freshness.database_reachable = false;
  freshness.chains.clear();
  freshness.vaults.clear();
  freshness.blocks.clear();
  EXPECT_EQ(problems_of(freshness, 900), std::vector<std::string>{"the database is unreachable"});
  const Response response = health_answer(freshness, 900);
  EXPECT_EQ(response.status, 503);
  EXPECT_NE(response.body.find(R"({"blocks":null,"chains":null,"database":{"reachable":false})"), std::string::npos)
      << response.body;
  EXPECT_NE(response.body.find(R"("vaults":null)"), std::string::npos) << response.body;
}

TEST(Health, APublisherWithoutAHeartbeatIsReportedNotJudged) {
  Freshness freshness = fresh();
  freshness.publisher->heartbeat = now - publisher_heartbeat_seconds - 1;
  const Response response = health_answer(freshness, 900);
  EXPECT_EQ(response.status, 200);
  EXPECT_NE(response.body.find(R"("reachable":false)"), std::string::npos) << response.body;
  freshness.publisher->heartbeat = std::nullopt;
  EXPECT_EQ(health_answer(freshness, 900).status, 200);
}

TEST(Health, WithoutAPublisherOnlyTheChainsAndVaultsCount) {
  Freshness freshness = fresh();
  freshness.publisher = std::nullopt;
  const Response response = health_answer(freshness, 900);
  EXPECT_EQ(response.status, 200);
  EXPECT_NE(response.body.find(R"("publisher":null)"), std::string::npos) << response.body;
}

TEST(Health, TheMetricsSayTheSame) {
  const std::string text = freshness_metrics(fresh(), 900);
  for (const char* line : {"coin_health_ok 1\n", "coin_database_reachable 1\n", "coin_snapshot_age_seconds{chain=\"bsc\"} 900\n",
                           "coin_snapshot_timestamp_seconds{chain=\"tron\"} 1795564740\n",
                           "coin_vault_snapshot_age_seconds{chain=\"eth\",vault=\"PSM-USDC-A\"} 120\n",
                           "coin_vault_snapshot_timestamp_seconds{chain=\"bsc\",vault=\"BNB-A\"} 1795563900\n",
                           "coin_publisher_reachable 1\n", "coin_published_age_seconds 60\n",
                           "coin_build_info{version=\"" COIN_VERSION "\"} 1\n"}) {
    EXPECT_NE(text.find(line), std::string::npos) << line << text;
  }
  Freshness stale = fresh();
  stale.chains[0].age_seconds = 1000;
  EXPECT_NE(freshness_metrics(stale, 900).find("coin_health_ok 0\n"), std::string::npos);
}

}  // namespace
}  // namespace coin
