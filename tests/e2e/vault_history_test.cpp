// The Vault history added to the spec (6.15, GET /api/v1/data-platform/vault-history) over
// HTTP on the fixture: its windows and points, published and from the handlers alike, and its
// parameter errors. The values are worked out by hand from tests/sql/fixture.sql:
//   the newest snapshot (the live point) is tron's at 2026-05-13 08:00 UTC+8 = 1778630400000;
//   the daily points are 00:00 UTC+8 of 2026-05-11, -12, -13 = 1778428800000, 1778515200000,
//   1778601600000; TRX-A (tron) has states from 2026-05-11 20:00, so none at the first.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

const std::string vault_history = "/api/v1/data-platform/vault-history";

void expect_error(const std::string& query, const std::string& body) {
  for (const Stack* stack : {&fixture_stack(), &unpublished_stack()}) {
    const HttpResponse response = http("GET", stack->url(vault_history + query));
    EXPECT_EQ(response.status, 200) << query;
    EXPECT_EQ(response.header("content-type"), "application/json") << query;
    EXPECT_EQ(response.body, body) << query;
  }
}

std::string missing(const std::string& name) {
  return R"({"code":1,"message":"Required request parameter ')" + name + R"(' is not present","data":null})";
}
const std::string vault_type_invalid = R"({"code":10002,"message":"Invalid vaultType.","data":null})";

TEST(VaultHistory, TronTrxAMonthlyIsItsTwoDailyPointsThenTheLivePoint) {
  const Json items = fetch_data(fixture_stack(), vault_history + "?chain=tron&vaultType=TRX-A&interval=MONTHLY")["items"];
  ASSERT_EQ(items.size(), 3u);
  // 2026-05-12 00:00: the state of 2026-05-11 20:00
  EXPECT_EQ(items[0]["statisticTime"].number(), "1778515200000");
  EXPECT_EQ(items[0]["time"].text(), "2026-05-12 00:00 (UTC+8)");
  EXPECT_EQ(items[0]["mintedCOIN"].number(), "900000");
  EXPECT_EQ(items[0]["debt"].number(), "900050");
  EXPECT_EQ(items[0]["lockedValue"].number(), "2000000.5");
  EXPECT_EQ(items[0]["line"].text(), "50000000");
  EXPECT_TRUE(items[0]["apy"].is_null());
  // 2026-05-13 00:00: the state taken at that very moment
  EXPECT_EQ(items[1]["statisticTime"].number(), "1778601600000");
  EXPECT_EQ(items[1]["time"].text(), "2026-05-13 00:00 (UTC+8)");
  EXPECT_EQ(items[1]["mintedCOIN"].number(), "1210000.5");
  EXPECT_EQ(items[1]["debt"].number(), "1210160.75");
  EXPECT_EQ(items[1]["lockedValue"].number(), "2460000.123456");
  // the live point: as 6.12's TRX-A item
  EXPECT_EQ(items[2]["statisticTime"].number(), "1778630400000");
  EXPECT_TRUE(items[2]["time"].is_null());
  EXPECT_EQ(items[2]["mintedCOIN"].number(), "1234567.891234567891234567");
  EXPECT_EQ(items[2]["debt"].number(), "1234890.123456789012345678");
  EXPECT_EQ(items[2]["lockedValue"].number(), "2500000.75");
  EXPECT_EQ(items[2]["collateralRatio"].number(), "2.024472220250516437");
  EXPECT_EQ(items[2]["line"].text(), "50000000");
  std::vector<std::string> keys;
  for (const auto& [key, value] : items[2].members()) keys.push_back(key);
  EXPECT_EQ(keys, (std::vector<std::string>{"statisticTime", "time", "mintedCOIN", "debt", "lockedValue",
                                            "collateralRatio", "line", "apy"}));
}

TEST(VaultHistory, WeeklyIsHourlyAndAnAllocatorVaultHasItsApy) {
  // SA-USDT-A (eth) has states from 2026-05-13 00:00: the hours 00:00 to 07:00, then the live point.
  const Json items = fetch_data(fixture_stack(), vault_history + "?chain=eth&vaultType=SA-USDT-A&interval=WEEKLY")["items"];
  ASSERT_EQ(items.size(), 9u);
  EXPECT_EQ(items[0]["time"].text(), "2026-05-13 00:00 (UTC+8)");
  EXPECT_EQ(items[0]["apy"].number(), "0.05");
  EXPECT_EQ(items[0]["lockedValue"].number(), "4810000.5");
  EXPECT_EQ(items[7]["time"].text(), "2026-05-13 07:00 (UTC+8)");
  EXPECT_EQ(items[7]["statisticTime"].number(), "1778626800000");
  EXPECT_EQ(items[8]["apy"].number(), "0.052345678901234567890123456789");
  EXPECT_EQ(items[8]["line"].text(), "10000000");
  // TRX-B (tron) owes nothing now: its ratio is 0
  const Json trx_b = fetch_data(fixture_stack(), vault_history + "?chain=tron&vaultType=TRX-B&interval=ANNUAL")["items"];
  ASSERT_EQ(trx_b.size(), 2u);
  EXPECT_EQ(trx_b[0]["debt"].number(), "5000.5");
  EXPECT_EQ(trx_b[1]["debt"].number(), "0");
  EXPECT_EQ(trx_b[1]["collateralRatio"].number(), "0");
}

TEST(VaultHistory, EveryPublishedAnswerIsTheHandlersAnswer) {
  const std::string current = fixture_stack().published() + "/current/";
  size_t published = 0;
  for (const Request& request : published_requests()) {
    if (request.spec != "6.15") continue;
    ++published;
    const HttpResponse from_handlers = http("GET", unpublished_stack().url(request.path));
    EXPECT_EQ(from_handlers.status, 200) << request.name();
    EXPECT_EQ(http("GET", fixture_stack().url(request.path)).body, from_handlers.body) << request.name();
    EXPECT_EQ(read_file(current + published_file(*request.endpoint, request.values)), from_handlers.body)
        << request.name() << ": not published";
  }
  EXPECT_EQ(published, 28u);
}

TEST(VaultHistory, ChecksPresenceInOrderThenTheValues) {
  expect_error("", missing("chain"));
  expect_error("?vaultType=TRX-A&interval=WEEKLY", missing("chain"));
  expect_error("?chain=tron&interval=WEEKLY", missing("vaultType"));
  expect_error("?chain=tron&vaultType=TRX-A", missing("interval"));
  expect_error("?chain=sol&vaultType=TRX-A&interval=WEEKLY", chain_invalid);
  expect_error("?chain=tron&vaultType=TRX-A&interval=DAILY", interval_invalid);
  expect_error("?chain=sol&vaultType=NOPE&interval=DAILY", chain_invalid);
}

TEST(VaultHistory, AVaultTypeTheChainDoesNotHaveIsInvalid) {
  for (const char* vault_type : {"TRX-Z", "trx-a", "WBTC-A%20", "", "SA-USDT-A%27%20OR%20%271%27%3D%271", "..",
                                 "..%2F..%2Fetc", "TRX-A%00", "%E2%82%AC"}) {
    expect_error(std::string("?chain=tron&vaultType=") + vault_type + "&interval=WEEKLY", vault_type_invalid);
  }
  expect_error("?chain=tron&vaultType=WBTC-A&interval=WEEKLY", vault_type_invalid);  // an eth and bsc Vault
  expect_error("?chain=eth&vaultType=TRX-A&interval=MONTHLY", vault_type_invalid);
  // checked last, by the database: a bad interval is named first
  expect_error("?chain=tron&vaultType=TRX-Z&interval=DAILY", interval_invalid);
  expect_error("?chain=tron&vaultType=TRX-Z&interval=WEEKLY&from=x", R"({"code":10002,"message":"Invalid from.","data":null})");
}

}  // namespace
}  // namespace coin::e2e
