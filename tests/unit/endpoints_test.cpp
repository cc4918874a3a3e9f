// The one endpoint list (shared/endpoints.hpp) and what is made from it: statements, the
// parameter combinations the publisher renders, their files, the --routes table.

#include "shared/endpoints.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

namespace coin {
namespace {

const Endpoint& endpoint(std::string_view spec) {
  for (const Endpoint& candidate : endpoints()) {
    if (candidate.spec == spec) return candidate;
  }
  throw std::runtime_error("no endpoint " + std::string(spec));
}

TEST(Endpoints, AreTheSpecsFourteenAndTheVaultHistoryInOrderWithUniquePaths) {
  const std::vector<Endpoint>& list = endpoints();
  ASSERT_EQ(list.size(), 15u);
  std::set<std::string_view> paths;
  for (std::size_t i = 0; i < list.size(); ++i) {
    EXPECT_EQ(list[i].spec, "6." + std::to_string(i + 1));
    EXPECT_EQ(list[i].path.substr(0, 1), "/") << list[i].spec;
    EXPECT_EQ(list[i].path.find_first_of("?#"), std::string_view::npos) << list[i].spec;
    EXPECT_EQ(list[i].view.substr(0, 4), "api.") << list[i].spec;
    EXPECT_FALSE(list[i].payload.empty()) << list[i].spec;
    paths.insert(list[i].path);
  }
  EXPECT_EQ(paths.size(), list.size()) << "two endpoints share a path";
}

TEST(Endpoints, OnlyTheHistoriesByChainTakeParameters) {
  for (const Endpoint& each : endpoints()) {
    if (each.spec == "6.12") {
      EXPECT_EQ(each.parameters, std::vector<const Parameter*>{&chain_parameter});
    } else if (each.spec == "6.13") {
      EXPECT_EQ(each.parameters, (std::vector<const Parameter*>{&chain_parameter, &interval_parameter}));
    } else if (each.spec == "6.15") {
      EXPECT_EQ(each.parameters,
                (std::vector<const Parameter*>{&chain_parameter, &vault_type_parameter, &interval_parameter}));
    } else {
      EXPECT_TRUE(each.parameters.empty()) << each.spec;
    }
  }
}

TEST(Endpoints, TheHistoriesTakeARangeAndTheyAndTheListsACsv) {
  const std::set<std::string_view> ranged = {"6.8", "6.9", "6.10", "6.13", "6.15"};
  const std::set<std::string_view> csv = {"6.8", "6.9", "6.10", "6.12", "6.13", "6.14", "6.15"};
  for (const Endpoint& each : endpoints()) {
    EXPECT_EQ(each.ranged, ranged.count(each.spec) == 1) << each.spec;
    EXPECT_EQ(each.has_csv(), csv.count(each.spec) == 1) << each.spec;
  }
  EXPECT_EQ(endpoint("6.9").csv.columns, "{statisticTime,coin[],scoin[]}");
  EXPECT_EQ(endpoint("6.8").csv.rows, "{items,items}");
  EXPECT_EQ(endpoint("6.14").csv.rows, "{platformSummaryInfos}");
}

TEST(Endpoints, OnlyTheTwoSuppliesAreBareText) {
  for (const Endpoint& each : endpoints()) {
    const bool text = each.spec == "6.1" || each.spec == "6.2";
    EXPECT_EQ(each.body, text ? Body::text : Body::envelope) << each.spec;
    EXPECT_EQ(content_type_of(each), text ? "text/plain" : "application/json") << each.spec;
  }
}

TEST(EndpointsOf, GivesAGroupsEndpointsInListOrder) {
  const std::vector<Endpoint> supply = endpoints_of("supply");
  ASSERT_EQ(supply.size(), 5u);
  for (std::size_t i = 0; i < supply.size(); ++i) EXPECT_EQ(supply[i].spec, "6." + std::to_string(i + 1));
  const std::vector<Endpoint> protocol = endpoints_of("protocol");
  ASSERT_EQ(protocol.size(), 10u);
  for (std::size_t i = 0; i < protocol.size(); ++i) EXPECT_EQ(protocol[i].spec, "6." + std::to_string(i + 6));
  EXPECT_TRUE(endpoints_of("").empty());
  EXPECT_TRUE(endpoints_of("Supply").empty());
}

TEST(StatementOf, SelectsThePayloadTheNewestSnapshotAndItsBlocks) {
  EXPECT_EQ(statement_of(endpoint("6.1")),
            "SELECT v.\"totalSupply\"::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text) "
            "FROM api.total_supply AS v");
}

TEST(StatementOf, BindsEachParameterToItsColumnInOrder) {
  EXPECT_EQ(statement_of(endpoint("6.13")),
            "SELECT data::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text) "
            "FROM api.collateral_history AS v WHERE v.\"chain\" = $1 AND v.\"interval\" = $2");
  EXPECT_EQ(statement_of(endpoint("6.12")),
            "SELECT data::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text) "
            "FROM api.latest_collateral AS v WHERE v.\"chain\" = $1");
}

TEST(StatementOf, KeepsTheRangesPointsAfterTheParameters) {
  EXPECT_EQ(statement_of(endpoint("6.13"), Rendering::range),
            "SELECT api.points_between((data::text)::json, $3, $4)::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text) "
            "FROM api.collateral_history AS v WHERE v.\"chain\" = $1 AND v.\"interval\" = $2");
  EXPECT_EQ(statement_of(endpoint("6.9"), Rendering::range),
            "SELECT api.points_between((" + std::string(endpoint("6.9").payload) + ")::json, $1, $2)::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text) "
            "FROM api.supply_value_history AS v");
}

TEST(StatementOf, RendersTheCsvOfTheRangeWhereThereIsOne) {
  EXPECT_EQ(statement_of(endpoint("6.10"), Rendering::csv),
            "SELECT api.csv(api.points_between((" + std::string(endpoint("6.10").payload) +
                ")::json, $1, $2), '{}', '{statisticTime,collateralValue[]}'), "
                "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
                "(SELECT blocks FROM api.snapshot_blocks_text) "
                "FROM api.collateral_value_history AS v");
  EXPECT_EQ(statement_of(endpoint("6.12"), Rendering::csv).rfind(
                "SELECT api.csv((data::text)::json, '{items}', '{vaultType,chain,", 0),
            0u);
}

TEST(StatementsOf, NamesEachOfAnEndpointsStatements) {
  std::set<std::string> names;
  for (const Statement& statement : statements_of(endpoints())) names.insert(statement.name);
  EXPECT_EQ(names.size(), 15u + 5 + 7);
  EXPECT_EQ(names.count("/api/v1/data-platform/vault-history range"), 1u);
  EXPECT_EQ(names.count("/api/v1/smart-allocator/detail-overview csv"), 1u);
  EXPECT_EQ(names.count("/api/v1/smart-allocator/detail-overview range"), 0u);
  EXPECT_EQ(names.count("/totalSupply"), 1u);
}

TEST(ValuesStatementOf, SelectsTheParametersColumns) {
  const Statement values = values_statement_of(endpoint("6.15"));
  EXPECT_EQ(values.name, "/api/v1/data-platform/vault-history values");
  EXPECT_EQ(values.sql, "SELECT \"chain\", \"vaultType\", \"interval\" FROM api.vault_history");
}

HistoryOptions options_of(std::string_view query, const Endpoint& of) {
  return check_options(QueryString::parse(query), of.ranged, of.has_csv()).options;
}

TEST(AliasStatementOf, SelectsTheAliasColumn) {
  const Statement alias = alias_statement_of(endpoint("6.4"));
  EXPECT_EQ(alias.name, "/api/v1/external/total-supply/coin alias");
  EXPECT_EQ(alias.sql, "SELECT v.\"symbol\" FROM api.coin_supply AS v");
  EXPECT_EQ(alias_statement_of(endpoint("6.5")).sql, "SELECT v.\"symbol\" FROM api.scoin_supply AS v");
}

TEST(AliasName, IsTheSymbolInLowerCaseUnlessItIsThePathsOwn) {
  EXPECT_EQ(alias_name(endpoint("6.4"), "USDD"), "usdd");
  EXPECT_EQ(alias_name(endpoint("6.5"), "sUSDD"), "susdd");
  EXPECT_EQ(alias_name(endpoint("6.4"), "U2"), "u2");
  EXPECT_EQ(alias_name(endpoint("6.4"), "COIN"), "");  // the default: its own path
  EXPECT_EQ(alias_name(endpoint("6.4"), "Coin"), "");
  EXPECT_EQ(alias_name(endpoint("6.5"), "sCOIN"), "");
  EXPECT_EQ(alias_name(endpoint("6.5"), "COIN"), "coin");  // the database refuses it (token_symbols)
  for (const char* bad : {"", "2U", "US-D", "US D", "../x", "us/dd", "USD\xc3\x90"}) {
    EXPECT_EQ(alias_name(endpoint("6.4"), bad), "") << bad;
  }
  EXPECT_EQ(alias_name(endpoint("6.1"), "USDD"), "");  // no alias column
}

TEST(AliasFile, IsUnderAliasesBesideNoAnswer) {
  EXPECT_EQ(alias_file(endpoint("6.4"), "usdd"), "aliases/api/v1/external/total-supply/coin/usdd");
  EXPECT_EQ(alias_file(endpoint("6.5"), "susdd"), "aliases/api/v1/external/total-supply/scoin/susdd");
}

TEST(Endpoints, OnlyTheTwoTokenSuppliesHaveAnAliasColumn) {
  std::vector<std::string> aliased;
  for (const Endpoint& each : endpoints()) {
    if (!each.alias_column.empty()) aliased.push_back(std::string(each.spec) + " " + std::string(each.alias_column));
  }
  EXPECT_EQ(aliased, (std::vector<std::string>{"6.4 symbol", "6.5 symbol"}));
}

TEST(RenderingOf, IsPlainWithoutOptionsOrWhereTheyDoNotApply) {
  EXPECT_EQ(rendering_of(endpoint("6.9"), options_of("", endpoint("6.9"))), Rendering::plain);
  EXPECT_EQ(rendering_of(endpoint("6.9"), options_of("format=json", endpoint("6.9"))), Rendering::plain);
  EXPECT_EQ(rendering_of(endpoint("6.9"), options_of("to=2026-05-12", endpoint("6.9"))), Rendering::range);
  EXPECT_EQ(rendering_of(endpoint("6.9"), options_of("from=1&format=csv", endpoint("6.9"))), Rendering::csv);
  EXPECT_EQ(rendering_of(endpoint("6.14"), options_of("from=1", endpoint("6.14"))), Rendering::plain);
  EXPECT_EQ(rendering_of(endpoint("6.1"), options_of("from=1&format=csv", endpoint("6.1"))), Rendering::plain);
}

TEST(StatementParameters, AddTheRangesBoundsWhereTheStatementTakesThem) {
  using Values = std::vector<std::string>;
  const Endpoint& history = endpoint("6.13");
  EXPECT_EQ(statement_parameters(history, {"eth", "WEEKLY"}, options_of("", history)), (Values{"eth", "WEEKLY"}));
  EXPECT_EQ(statement_parameters(history, {"eth", "WEEKLY"}, options_of("from=5", history)),
            (Values{"eth", "WEEKLY", "5", "9223372036854775807"}));
  EXPECT_EQ(statement_parameters(history, {"eth", "WEEKLY"}, options_of("format=csv", history)),
            (Values{"eth", "WEEKLY", "-9223372036854775808", "9223372036854775807"}));
  EXPECT_EQ(statement_parameters(endpoint("6.12"), {"eth"}, options_of("format=csv", endpoint("6.12"))),
            (Values{"eth"}));
}

TEST(CsvFileName, SaysWhatAndWhen) {
  const std::time_t snapshot = 1778630400;  // 2026-05-13T00:00:00Z
  EXPECT_EQ(csv_file_name(endpoint("6.9"), {}, options_of("format=csv", endpoint("6.9")), snapshot),
            "supply-value-history_20260513T000000Z.csv");
  EXPECT_EQ(csv_file_name(endpoint("6.15"), {"tron", "TRX-A", "MONTHLY"},
                          options_of("from=2026-05-01&to=1778630400000", endpoint("6.15")), snapshot),
            "vault-history_tron_TRX-A_MONTHLY_from-2026-05-01_to-1778630400000_20260513T000000Z.csv");
}

TEST(ValueCombinations, VaryTheFirstParameterSlowest) {
  const std::vector<std::vector<std::string>> combinations = value_combinations(endpoint("6.13"));
  ASSERT_EQ(combinations.size(), 12u);
  using Values = std::vector<std::string>;
  EXPECT_EQ(combinations.front(), (Values{"tron", "WEEKLY"}));
  EXPECT_EQ(combinations[1], (Values{"tron", "MONTHLY"}));
  EXPECT_EQ(combinations[3], (Values{"tron", "ANNUAL"}));
  EXPECT_EQ(combinations[4], (Values{"eth", "WEEKLY"}));
  EXPECT_EQ(combinations[10], (Values{"bsc", "BIANNUAL"}));
  EXPECT_EQ(combinations.back(), (Values{"bsc", "ANNUAL"}));
  EXPECT_EQ(std::set<Values>(combinations.begin(), combinations.end()).size(), 12u);

  EXPECT_EQ(value_combinations(endpoint("6.12")), (std::vector<Values>{{"tron"}, {"eth"}, {"bsc"}}));
  EXPECT_EQ(value_combinations(endpoint("6.1")), std::vector<Values>{Values{}});
  EXPECT_TRUE(value_combinations(endpoint("6.15")).empty()) << "its Vault types are the data's";
}

TEST(CanonicalQuery, NamesTheParametersInListOrder) {
  EXPECT_EQ(canonical_query(endpoint("6.13"), {"eth", "WEEKLY"}), "chain=eth&interval=WEEKLY");
  EXPECT_EQ(canonical_query(endpoint("6.12"), {"tron"}), "chain=tron");
  EXPECT_EQ(canonical_query(endpoint("6.1"), {}), "");
}

TEST(PublishedFile, IsThePathWithTheQueryAndTheTypesExtension) {
  EXPECT_EQ(published_file(endpoint("6.1"), {}), "totalSupply.txt");
  EXPECT_EQ(published_file(endpoint("6.2"), {}), "circulatingSupply.txt");
  EXPECT_EQ(published_file(endpoint("6.3"), {}), "api/v1/external/earn-apy.json");
  EXPECT_EQ(published_file(endpoint("6.12"), {"eth"}), "api/v1/data-platform/latest-collateral/chain=eth.json");
  EXPECT_EQ(published_file(endpoint("6.13"), {"bsc", "ANNUAL"}),
            "api/v1/data-platform/collateral-history/chain=bsc&interval=ANNUAL.json");
}

TEST(PublishedFile, EveryAnswerHasAFileOfItsOwnAndNoFileIsAnotherOnesDirectory) {
  std::vector<std::string> files;
  for (const Endpoint& each : endpoints()) {
    for (const std::vector<std::string>& values : value_combinations(each)) {
      files.push_back(published_file(each, values));
    }
  }
  EXPECT_EQ(files.size(), 12u + 3 + 12);
  EXPECT_EQ(std::set<std::string>(files.begin(), files.end()).size(), files.size());
  for (const std::string& file : files) {
    for (const std::string& other : files) EXPECT_NE(other.rfind(file + '/', 0), 0u) << file << " / " << other;
  }
}

TEST(RoutesTable, IsOneTabSeparatedLinePerEndpoint) {
  const std::string table = routes_table(endpoints());
  EXPECT_EQ(table.rfind("6.1\t/totalSupply\tsupply\tapi.total_supply\ttext/plain\t-\tsupply\t-\t-\n", 0), 0u) << table;
  EXPECT_NE(table.find("\n6.13\t/api/v1/data-platform/collateral-history\tprotocol\tapi.collateral_history\t"
                       "application/json\tchain=tron,eth,bsc&interval=WEEKLY,MONTHLY,BIANNUAL,ANNUAL\tprotocol\t-\tsendfile\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("\n6.12\t/api/v1/data-platform/latest-collateral\tprotocol\tapi.latest_collateral\t"
                       "application/json\tchain=tron,eth,bsc\tprotocol\t-\t-\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("\n6.15\t/api/v1/data-platform/vault-history\tprotocol\tapi.vault_history\t"
                       "application/json\tchain=tron,eth,bsc&vaultType=*&interval=WEEKLY,MONTHLY,BIANNUAL,ANNUAL\t"
                       "vault-history\t-\tsendfile\n"),
            std::string::npos)
      << table;
  std::size_t lines = 0;
  for (const char c : table) lines += c == '\n';
  EXPECT_EQ(lines, 15u);
  EXPECT_NE(table.find("\n6.4\t/api/v1/external/total-supply/coin\tsupply\tapi.coin_supply\t"
                       "application/json\t-\tsupply\tsymbol\t-\n"),
            std::string::npos)
      << table;
  EXPECT_EQ(routes_table({endpoint("6.1")}), "6.1\t/totalSupply\tsupply\tapi.total_supply\ttext/plain\t-\tsupply\t-\t-\n");
  EXPECT_EQ(routes_table({}), "");
}

}  // namespace
}  // namespace coin
