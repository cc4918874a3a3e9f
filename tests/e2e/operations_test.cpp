// What operators get (docs/operating.md): /healthz on the fixture (6 months old: failing) and
// on fresh data (healthy), through a database outage and a stopped publisher, never cached;
// /metrics (every process's counts, exactly as many as were asked) and who may read it; mtail
// (on nginx's access log) and prometheus-nginx-exporter on the stack, counting what was asked; --version everywhere.
//
// By hand, from tests/sql/fixture.sql: each chain's newest snapshot is tron 2026-05-13 08:00,
// eth 07:55, bsc 07:50 UTC+8, i.e. 2026-05-13T00:00:00Z, 2026-05-12T23:55:00Z and 23:50:00Z.
// Each Vault's newest state (api.vault_freshness's order: chain, then vault id): tron TRX-A
// 08:00 and TRX-B 00:01 UTC+8; eth PSM-USDT-A, SA-USDT-A and WBTC-A 07:55; bsc WBTC-A and
// SA-USDT-A 07:50, i.e. 2026-05-13T00:00:00Z, 2026-05-12T16:01:00Z, 23:55:00Z and 23:50:00Z.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/other_chains.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

using namespace std::chrono_literals;

// "2026-05-13T00:00:00Z" in seconds since the epoch.
std::time_t epoch_of(const std::string& utc_time) {
  std::tm time{};
  strptime(utc_time.c_str(), "%Y-%m-%dT%H:%M:%SZ", &time);
  return timegm(&time);
}

// The clock read before a request was sent and after its answer came: what the server stamped
// on the answer lies between them, however long the exchange took.
struct Exchange {
  std::time_t asked;
  std::time_t answered;
};

// A JSON number as a double; NaN, which no expectation accepts, for anything else.
double number_of(const Json& value) { return value.is_number() ? std::stod(value.number()) : std::nan(""); }

// Expects `age`, whole seconds from `since` to the server's moment in `exchange`, to be that
// (a second either way: a server floors fractions of a second).
void expect_age(double age, std::time_t since, const Exchange& exchange, const std::string& context) {
  EXPECT_GE(age, exchange.asked - since - 1) << context;
  EXPECT_LE(age, exchange.answered - since + 1) << context;
}

// The value of the sample `series` ("name{labels}" exactly as exposed) in Prometheus' text,
// or 0 when it is absent.
double sample(const std::string& text, const std::string& series) {
  const std::string lines = "\n" + text;
  const std::size_t at = lines.find("\n" + series + " ");
  return at == std::string::npos ? 0 : std::stod(lines.substr(at + 1 + series.size() + 1));
}

bool is_ok(const HttpResponse& response) { return response.status == 200; }

void expect_live(const HttpResponse& response, const std::string& context) {
  EXPECT_EQ(response.header("cache-control"), "no-store") << context;
  EXPECT_FALSE(response.has_header("etag")) << context;
  EXPECT_FALSE(response.has_header("last-modified")) << context;
  expect_cors(response, context);
  expect_security_headers(response, context);
}

TEST(Healthz, TheFixtureIsTooOldAndSaysWhy) {
  const std::time_t asked = std::time(nullptr);
  const HttpResponse response = http("GET", fixture_stack().url("/healthz"));
  const Exchange exchange{asked, std::time(nullptr)};
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(response.header("content-type"), "application/json");
  expect_live(response, "/healthz");
  const Json health = Json::parse(response.body);
  EXPECT_EQ(health["status"].text(), "failing");
  EXPECT_EQ(health["version"].text(), COIN_VERSION);
  EXPECT_GE(epoch_of(health["time"].text()), exchange.asked);
  EXPECT_LE(epoch_of(health["time"].text()), exchange.answered);
  EXPECT_EQ(health["maxAgeSeconds"].number(), "900");
  EXPECT_EQ(health["database"]["reachable"].text(), "true");
  const std::map<std::string, const char*> newest = {
      {"tron", "2026-05-13T00:00:00Z"}, {"eth", "2026-05-12T23:55:00Z"}, {"bsc", "2026-05-12T23:50:00Z"}};
  for (const auto& [chain, time] : newest) {
    EXPECT_EQ(health["chains"][chain]["snapshotAt"].text(), time) << chain;
    expect_age(number_of(health["chains"][chain]["ageSeconds"]), epoch_of(time), exchange, chain);
  }
  const std::vector<std::vector<std::string>> vaults = {  // chain, vault, newest state
      {"tron", "TRX-A", "2026-05-13T00:00:00Z"},     {"tron", "TRX-B", "2026-05-12T16:01:00Z"},
      {"eth", "PSM-USDT-A", "2026-05-12T23:55:00Z"}, {"eth", "SA-USDT-A", "2026-05-12T23:55:00Z"},
      {"eth", "WBTC-A", "2026-05-12T23:55:00Z"},     {"bsc", "WBTC-A", "2026-05-12T23:50:00Z"},
      {"bsc", "SA-USDT-A", "2026-05-12T23:50:00Z"}};
  for (const std::vector<std::string>& vault : vaults) {
    const Json& newest_state = health["vaults"][vault[0]][vault[1]];
    EXPECT_EQ(newest_state["snapshotAt"].text(), vault[2]) << vault[1] << " on " << vault[0];
    expect_age(number_of(newest_state["ageSeconds"]), epoch_of(vault[2]), exchange, vault[1] + " on " + vault[0]);
  }
  EXPECT_EQ(health["publisher"]["reachable"].text(), "true");
  EXPECT_EQ(health["publisher"]["snapshotAt"].text(), "2026-05-13T00:00:00Z");
  const Json& problems = health["problems"];
  std::vector<std::string> starts = {"the newest snapshot of tron is ", "the newest snapshot of eth is ",
                                     "the newest snapshot of bsc is "};
  for (const std::string& chain : other_chains()) starts.push_back(chain + " has no snapshot");
  for (const std::vector<std::string>& vault : vaults) {
    starts.push_back("the newest state of Vault " + vault[1] + " on " + vault[0] + " is ");
  }
  starts.push_back("the published answers are ");
  ASSERT_EQ(problems.size(), starts.size());
  for (size_t i = 0; i < starts.size(); ++i) {
    EXPECT_EQ(problems[i].text().rfind(starts[i], 0), 0u) << problems[i].text();
    const bool old = starts[i].find(" has no snapshot") == std::string::npos;
    EXPECT_EQ(problems[i].text().find(" s old (limit 900 s)") != std::string::npos, old) << problems[i].text();
  }
}

TEST(Healthz, HeadAndPreflightAnswerLikeTheApiAndOtherMethodsAre405) {
  EXPECT_EQ(http("HEAD", fixture_stack().url("/healthz")).status, 503);
  EXPECT_EQ(http("OPTIONS", fixture_stack().url("/healthz")).status, 204);
  const HttpResponse post = http("POST", fixture_stack().url("/healthz"));
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(post.header("allow"), "GET, HEAD, OPTIONS");
}

// A stack of its own, written to: fresh snapshots, an outage, a stopped publisher.
class FreshStack : public testing::Test {
 protected:
  static void SetUpTestSuite() { stack = new Stack("fixture", {"METRICS_ALLOW=10.0.0.0/8"}); }
  static void TearDownTestSuite() {
    delete stack;
    stack = nullptr;
  }
  // Every chain's newest snapshot (an empty one of a chain without any) and every Vault's newest
  // state again, `seconds_ago` seconds ago.
  static void write_snapshots(int seconds_ago) {
    const std::string taken = "now() - interval '" + std::to_string(seconds_ago) + " seconds'";
    ASSERT_TRUE(stack->psql("postgres", "INSERT INTO snapshot.chain_state SELECT chain, " + taken +
                                            ", coin_supply, scoin_supply, coin_price, scoin_price, "
                                            "earn_apy, earn_tvl FROM (SELECT DISTINCT ON (chain) * FROM "
                                            "snapshot.chain_state ORDER BY chain, taken_at DESC) AS newest "
                                            "UNION ALL SELECT chain, " + taken + ", 0, 0, 1, 1, 0, 0 "
                                            "FROM unnest(enum_range(NULL::snapshot.chain)) AS chain "
                                            "WHERE chain NOT IN (SELECT chain FROM snapshot.chain_state); "
                                            "INSERT INTO snapshot.vault_state SELECT vault_id, " + taken +
                                            ", minted, debt, locked_value, apy, estimated_annual_earnings FROM "
                                            "(SELECT DISTINCT ON (vault_id) * FROM snapshot.vault_state "
                                            "ORDER BY vault_id, taken_at DESC) AS newest"));
  }
  static Stack* stack;
};
Stack* FreshStack::stack = nullptr;

TEST_F(FreshStack, FreshDataAreHealthyAndAgeByTheClockNotByACache) {
  const std::time_t written = std::time(nullptr);
  write_snapshots(60);
  const HttpResponse first = http_until(stack->url("/healthz"), is_ok);
  // Written and asked for in that time: taken 60 s before a moment in it, and answered later.
  const Exchange exchange{written, std::time(nullptr)};
  ASSERT_EQ(first.status, 200) << first.body;
  expect_live(first, "/healthz");
  const Json health = Json::parse(first.body);
  EXPECT_EQ(health["status"].text(), "ok");
  EXPECT_EQ(health["problems"].size(), 0u);
  for (const char* chain : {"tron", "eth", "bsc"}) {
    const std::time_t taken = epoch_of(health["chains"][chain]["snapshotAt"].text());
    EXPECT_GE(taken, exchange.asked - 60 - 1) << chain;
    EXPECT_LE(taken, exchange.answered - 60) << chain;
    expect_age(number_of(health["chains"][chain]["ageSeconds"]), taken, exchange, chain);
    // At least 60 s old: the answer came after the commit.
    EXPECT_GE(number_of(health["chains"][chain]["ageSeconds"]), 60 - 1) << chain;
  }
  expect_age(number_of(health["publisher"]["ageSeconds"]), epoch_of(health["publisher"]["snapshotAt"].text()),
             exchange, "publisher");

  std::this_thread::sleep_for(3s);  // a quiet moment: the next answer is of its own moment
  const Json later = Json::parse(http("GET", stack->url("/healthz")).body);
  EXPECT_GE(std::stoll(later["chains"]["tron"]["ageSeconds"].number()),
            std::stoll(health["chains"]["tron"]["ageSeconds"].number()) + 3);
}

TEST_F(FreshStack, WithTheDatabaseDownItFailsSayingSoAndRecovers) {
  write_snapshots(30);
  ASSERT_EQ(http_until(stack->url("/healthz"), is_ok).status, 200);
  ASSERT_TRUE(stack->stop_database());
  const HttpResponse down = http("GET", stack->url("/healthz"));
  EXPECT_EQ(down.status, 503);
  const Json health = Json::parse(down.body);
  EXPECT_EQ(health["database"]["reachable"].text(), "false");
  EXPECT_TRUE(health["chains"].is_null());
  ASSERT_EQ(health["problems"].size(), 1u);
  EXPECT_EQ(health["problems"][0].text(), "the database is unreachable");
  EXPECT_EQ(health["publisher"]["reachable"].text(), "true") << "it keeps its set and reconnects";
  ASSERT_TRUE(stack->start_database());
  EXPECT_EQ(http_until(stack->url("/healthz"), is_ok).status, 200);
}

TEST_F(FreshStack, AStoppedPublisherIsReportedWhileItsAnswersAreFresh) {
  write_snapshots(30);
  ASSERT_EQ(http_until(stack->url("/healthz"), is_ok).status, 200);
  const pid_t publisher = publisher_pid(stack->var());
  ASSERT_GT(publisher, 0);
  ASSERT_EQ(::kill(publisher, SIGSTOP), 0);
  const HttpResponse stopped = http_until(stack->url("/healthz"), [](const HttpResponse& r) {
    return Json::parse(r.body)["publisher"]["reachable"].text() == "false";
  });
  ::kill(publisher, SIGCONT);
  EXPECT_EQ(stopped.status, 200) << "the published answers are still fresh";
  EXPECT_EQ(Json::parse(stopped.body)["publisher"]["reachable"].text(), "false") << stopped.body;
  const HttpResponse back = http_until(stack->url("/healthz"), [](const HttpResponse& r) {
    return Json::parse(r.body)["publisher"]["reachable"].text() == "true";
  });
  EXPECT_EQ(Json::parse(back.body)["publisher"]["reachable"].text(), "true");
}

// The indexer leaves out of its rounds a Vault it cannot read and writes the rest of the chain:
// the Vault keeps its last state, which ages into a problem of its own. Here eth's WBTC-A keeps
// the fixture's, 2026-05-13 07:55 UTC+8 (2026-05-12T23:55:00Z), and all else is fresh.
TEST_F(FreshStack, AVaultLeftOutOfTheRoundsAgesIntoAProblemOfItsOwn) {
  const std::time_t asked = std::time(nullptr);
  write_snapshots(30);
  ASSERT_TRUE(stack->psql("postgres", "DELETE FROM snapshot.vault_state WHERE taken_at > '2026-05-13 07:55:00+08' "
                                      "AND vault_id = (SELECT vault_id FROM snapshot.vault "
                                      "WHERE chain = 'eth' AND vault_type = 'WBTC-A')"));
  // Until the publisher has published the fresh snapshots: the Vault's is the one problem left.
  const HttpResponse response = http_until(
      stack->url("/healthz"), [](const HttpResponse& r) { return Json::parse(r.body)["problems"].size() == 1; });
  const Exchange exchange{asked, std::time(nullptr)};
  EXPECT_EQ(response.status, 503);
  expect_live(response, "/healthz");
  const Json health = Json::parse(response.body);
  EXPECT_EQ(health["status"].text(), "failing");
  const Json& wbtc = health["vaults"]["eth"]["WBTC-A"];
  EXPECT_EQ(wbtc["snapshotAt"].text(), "2026-05-12T23:55:00Z");
  expect_age(number_of(wbtc["ageSeconds"]), epoch_of("2026-05-12T23:55:00Z"), exchange, "WBTC-A on eth");
  ASSERT_EQ(health["problems"].size(), 1u) << response.body;
  EXPECT_EQ(health["problems"][0].text(),
            "the newest state of Vault WBTC-A on eth is " + wbtc["ageSeconds"].number() + " s old (limit 900 s)");
  write_snapshots(30);
  EXPECT_EQ(http_until(stack->url("/healthz"), is_ok).status, 200) << "healthy again once the Vault is read";
}

// A Vault configured (in snapshot.vault) but never read is a problem too, with nulls.
TEST_F(FreshStack, AVaultWithoutStateIsAProblem) {
  write_snapshots(30);
  ASSERT_TRUE(stack->psql("postgres",
                          "INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address, "
                          "min_collateral_ratio, stability_fee, debt_ceiling, dust) VALUES "
                          "('eth', 'ETH-A', 1, '0x1111111111111111111111111111111111111111', 1.5, 0.02, 1000000, 100)"));
  const HttpResponse response = http_until(
      stack->url("/healthz"), [](const HttpResponse& r) { return Json::parse(r.body)["problems"].size() == 1; });
  const Json health = Json::parse(response.body);
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(health["problems"][0].text(), "Vault ETH-A on eth has no state") << response.body;
  EXPECT_TRUE(health["vaults"]["eth"]["ETH-A"]["snapshotAt"].is_null()) << response.body;
  EXPECT_TRUE(health["vaults"]["eth"]["ETH-A"]["ageSeconds"].is_null()) << response.body;
  ASSERT_TRUE(stack->psql("postgres", "DELETE FROM snapshot.vault WHERE chain = 'eth' AND vault_type = 'ETH-A'"));
  EXPECT_EQ(http_until(stack->url("/healthz"), is_ok).status, 200);
}

TEST_F(FreshStack, MetricsAreForTheAllowedAddressesOnly) {
  // This stack allows 10.0.0.0/8 only; the test asks from 127.0.0.1.
  for (const char* path : {"/metrics", "/stub_status"}) {
    const HttpResponse response = http("GET", stack->url(path));
    EXPECT_EQ(response.status, 403) << path;
    EXPECT_EQ(response.header("content-type"), "text/html") << path;
    EXPECT_NE(response.body.find("403 Forbidden"), std::string::npos) << path;
    expect_cors(response, path);
  }
}

TEST(Metrics, CountEveryProcesssAnswersAndShowTheDataAge) {
  const Stack& stack = fixture_stack();  // allows 127.0.0.1, the default
  const std::string path = "/api/v1/data-platform/latest-collateral";
  const auto handled = [&](const std::string& text) {
    double sum = 0;
    for (const char* process : {"protocol-1", "protocol-2"}) {
      sum += sample(text, "coin_handler_answers_total{process=\"" + std::string(process) + "\",path=\"" + path +
                              "\",status=\"200\"}");
    }
    return sum;
  };
  const HttpResponse before = http("GET", stack.url("/metrics"));
  const std::time_t asked = std::time(nullptr);
  ASSERT_EQ(before.status, 200);
  EXPECT_EQ(before.header("content-type"), "text/plain; version=0.0.4");
  expect_live(before, "/metrics");
  // Not published (an unknown parameter): the handlers answer each one.
  for (int i = 0; i < 3; ++i) ASSERT_EQ(http("GET", stack.url(path + "?chain=eth&x=" + std::to_string(i))).status, 200);
  const HttpResponse after = http_until(stack.url("/metrics"), [&](const HttpResponse& r) {
    return handled(r.body) >= handled(before.body) + 3;  // the files are rewritten every second
  });
  EXPECT_EQ(handled(after.body), handled(before.body) + 3) << after.body;

  const Exchange exchange{asked, std::time(nullptr)};
  const std::string& text = after.body;
  EXPECT_EQ(sample(text, "coin_snapshot_timestamp_seconds{chain=\"tron\"}"), 1778630400);  // 2026-05-13T00:00:00Z
  EXPECT_EQ(sample(text, "coin_snapshot_timestamp_seconds{chain=\"bsc\"}"), 1778629800);
  // The fixture's Vaults are as old as their chains, or older: each its series.
  EXPECT_EQ(sample(text, "coin_vault_snapshot_timestamp_seconds{chain=\"tron\",vault=\"TRX-B\"}"),
            1778601660);  // 2026-05-12T16:01:00Z
  EXPECT_EQ(sample(text, "coin_vault_snapshot_timestamp_seconds{chain=\"eth\",vault=\"WBTC-A\"}"),
            1778630100);  // 2026-05-12T23:55:00Z
  expect_age(sample(text, "coin_vault_snapshot_age_seconds{chain=\"tron\",vault=\"TRX-B\"}"),
             epoch_of("2026-05-12T16:01:00Z"), exchange, "TRX-B's age");
  expect_age(sample(text, "coin_snapshot_age_seconds{chain=\"tron\"}"), epoch_of("2026-05-13T00:00:00Z"), exchange,
             "tron's age");
  EXPECT_EQ(sample(text, "coin_health_ok"), 0);
  EXPECT_EQ(sample(text, "coin_database_reachable"), 1);
  EXPECT_EQ(sample(text, "coin_publisher_reachable"), 1);
  EXPECT_EQ(sample(text, "coin_build_info{version=\"" COIN_VERSION "\"}"), 1);
  EXPECT_GE(sample(text, "coin_publisher_sets_total{process=\"publisher\",outcome=\"published\"}"), 1);
  EXPECT_EQ(sample(text, "coin_publisher_snapshot_timestamp_seconds{process=\"publisher\"}"), 1778630400);
  // Each family once, whatever the number of processes that have it.
  EXPECT_EQ(text.find("# TYPE coin_process_start_time_seconds"),
            text.rfind("# TYPE coin_process_start_time_seconds"));
  for (const char* process : {"supply-1", "supply-2", "protocol-1", "protocol-2", "publisher", "ops"}) {
    EXPECT_GT(sample(text, "coin_process_start_time_seconds{process=\"" + std::string(process) + "\"}"), 0)
        << process;
  }
}

// A process of the test's, ended when it goes out of scope.
class Daemon {
 public:
  Daemon(const std::vector<std::string>& argv, const std::vector<std::string>& environment, const std::string& log)
      : pid_(spawn(argv, environment, log)) {}
  ~Daemon() {
    ::kill(pid_, SIGTERM);
    wait_status(pid_);
  }
  Daemon(const Daemon&) = delete;
  Daemon& operator=(const Daemon&) = delete;

 private:
  pid_t pid_;
};

TEST(Metrics, MtailCountsTheRequestsByPathStatusAndWhoAnswered) {
  const Stack& stack = fixture_stack();
  const std::string port = std::to_string(free_port());
  const std::string mtail_url = "http://127.0.0.1:" + port + "/metrics";
  const Daemon mtail({"mtail", "--progs", std::string(COIN_SOURCE_DIR) + "/deploy/monitoring", "--logs",
                      stack.var() + "/nginx/access.log", "--address", "127.0.0.1", "--port", port, "--logtostderr"},
                     {}, stack.var() + "/mtail.log");
  const std::string prefix = "coin_api_requests_total{path=";
  const std::string published = prefix + "\"/totalSupply\",prog=\"requests.mtail\",source=\"published\",status=\"200\"}";
  const std::string handler = prefix +
                              "\"/api/v1/data-platform/latest-collateral\",prog=\"requests.mtail\","
                              "source=\"handler\",status=\"200\"}";
  const std::string error = prefix + "\"other\",prog=\"requests.mtail\",source=\"nginx\",status=\"404\"}";
  // Until mtail answers and has read every line nginx wrote for the requests before (it flushes
  // them within a second, flush=1s; mtail reads a file from where it was when it started): its
  // count of lines read is the same twice, a flush period apart.
  std::this_thread::sleep_for(1500ms);
  std::string before;
  const HttpResponse settled = http_until(
      mtail_url,
      [&before](const HttpResponse& now) {
        const std::string lines = "mtail_lines_total";
        const bool same = !before.empty() && sample(now.body, lines) == sample(before, lines);
        before = now.body;
        return same;
      },
      1100ms);
  ASSERT_EQ(settled.status, 200) << settled.body;
  for (int i = 0; i < 5; ++i) http("GET", stack.url("/totalSupply"));
  for (int i = 0; i < 2; ++i) http("GET", stack.url("/api/v1/data-platform/latest-collateral?chain=tron&y=" + std::to_string(i)));
  http("GET", stack.url("/no/such/path"));
  const HttpResponse after = http_until(mtail_url, [&](const HttpResponse& r) {
    return sample(r.body, error) >= sample(before, error) + 1 && sample(r.body, published) >= sample(before, published) + 5;
  });
  EXPECT_EQ(sample(after.body, published), sample(before, published) + 5) << after.body;
  EXPECT_EQ(sample(after.body, handler), sample(before, handler) + 2) << after.body;
  EXPECT_EQ(sample(after.body, error), sample(before, error) + 1) << after.body;
}

TEST(Metrics, TheNginxExporterReadsStubStatus) {
  const Stack& stack = fixture_stack();
  const int port = free_port();
  const Daemon exporter({"prometheus-nginx-exporter", "-nginx.scrape-uri", stack.url("/stub_status"),
                         "-web.listen-address", "127.0.0.1:" + std::to_string(port)},
                        {}, stack.var() + "/nginx-exporter.log");
  const std::string url = "http://127.0.0.1:" + std::to_string(port) + "/metrics";
  const HttpResponse response = http_until(url, [](const HttpResponse&) { return true; });  // once it listens
  EXPECT_EQ(sample(response.body, "nginx_up"), 1) << response.body;
  EXPECT_GT(sample(response.body, "nginx_http_requests_total"), 0) << response.body;
}

TEST(Version, EveryBinaryNamesItselfAndTheRelease) {
  for (const char* binary : {"supply", "protocol", "ops", "publisher", "coin-indexer"}) {
    const std::string command = std::string(COIN_HANDLER_DIR) + "/" + binary + " --version";
    FILE* const output = ::popen(command.c_str(), "r");
    ASSERT_NE(output, nullptr);
    char line[128] = {};
    const bool read = std::fgets(line, sizeof line, output) != nullptr;
    EXPECT_EQ(::pclose(output), 0) << binary;
    EXPECT_TRUE(read) << binary;
    EXPECT_EQ(std::string(line), std::string(binary) + " (coin-api) " COIN_VERSION "\n");
  }
}

}  // namespace
}  // namespace coin::e2e
