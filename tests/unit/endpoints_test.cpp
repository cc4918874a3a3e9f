// The endpoint list read from an OpenAPI document, and what is made from it: statements, the
// parameter combinations the publisher renders, their files, the --routes table.

#include "shared/chains.hpp"
#include "shared/endpoint_list.hpp"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <string>

namespace coin {
namespace {

using Values = std::vector<std::string>;

const Endpoint& endpoint(std::string_view spec) {
  for (const Endpoint& candidate : endpoints()) {
    if (candidate.spec == spec) return candidate;
  }
  throw std::runtime_error("no endpoint " + std::string(spec));
}

// A document of the test's own, with one endpoint of each kind the reader knows.
constexpr std::string_view small_document = R"({
  "paths": {
    "/v1/events": {"get": {"tags": ["events"], "summary": "Event stream"}},
    "/v1/shades": {"get": {
      "tags": ["beta"], "summary": "9.10 Shades",
      "x-endpoint": {"view": "api.shades", "payload": "data", "csvRows": "{items}", "csvColumns": "{a,b}", "pool": "shades"},
      "parameters": [{"$ref": "#/components/parameters/colour"}, {"$ref": "#/components/parameters/kind"},
                     {"$ref": "#/components/parameters/from"}, {"$ref": "#/components/parameters/Header"}],
      "responses": {"200": {"content": {"application/json": {}}}}}},
    "/total": {"get": {
      "tags": ["alpha"], "summary": "9.2 Total",
      "x-endpoint": {"view": "api.total", "column": "total"},
      "responses": {"200": {"content": {"text/plain": {}}}}}},
    "/v1/days": {"get": {
      "tags": ["alpha"], "summary": "9.9 Days",
      "x-endpoint": {"view": "api.days", "payload": "rows", "aliasColumn": "symbol", "refreshed": true},
      "responses": {"200": {"content": {"application/json": {}}}}}},
    "/v1/one": {"get": {
      "tags": ["beta"], "summary": "9.1 One",
      "x-endpoint": {"view": "api.one", "payload": "row", "tables": ["bark", "vault"]},
      "responses": {"200": {"content": {"application/json": {}}}}}}
  },
  "components": {"parameters": {
    "colour": {"name": "colour", "in": "query", "required": true, "schema": {"type": "string", "enum": ["red", "blue"]}},
    "kind": {"name": "kind", "in": "query", "required": true, "schema": {"type": "string"}},
    "from": {"name": "from", "in": "query", "required": false, "schema": {"type": "string"}},
    "Header": {"name": "If-None-Match", "in": "header", "required": false, "schema": {"type": "string"}}
  }}
})";

TEST(EndpointList, ReadsTheOperationsWithAnXEndpointInSpecOrder) {
  const EndpointList list(small_document);
  std::vector<std::string_view> specs;
  for (const Endpoint& each : list.endpoints()) specs.push_back(each.spec);
  EXPECT_EQ(specs, (std::vector<std::string_view>{"9.1", "9.2", "9.9", "9.10"}));
  const Endpoint& total = list.endpoints()[1];
  EXPECT_EQ(total.path, "/total");
  EXPECT_EQ(total.group, "alpha");
  EXPECT_EQ(total.view, "api.total");
  EXPECT_EQ(total.payload, "v.\"total\"::text");
  EXPECT_EQ(total.body, Body::text);
  EXPECT_EQ(list.endpoints()[0].payload, "row_to_json(v)::text");
  EXPECT_EQ(list.endpoints()[0].body, Body::envelope);
  EXPECT_EQ(list.endpoints()[2].payload, R"(coalesce(json_agg(v ORDER BY "statisticTime"), '[]')::text)");
  EXPECT_EQ(list.endpoints()[2].alias_column, "symbol");
  EXPECT_TRUE(list.endpoints()[2].refreshed);
  EXPECT_FALSE(list.endpoints()[0].refreshed);
  EXPECT_EQ(list.endpoints()[0].tables, (std::vector<std::string_view>{"bark", "vault"}));
  EXPECT_TRUE(list.endpoints()[1].tables.empty());
  EXPECT_EQ(list.endpoints()[3].payload, "data::text");
}

TEST(EndpointList, TakesTheRequiredQueryParametersAndTheirValues) {
  const EndpointList list(small_document);
  const Endpoint& shades = list.endpoints().back();
  EXPECT_EQ(shades.parameters, (std::vector<const Parameter*>{&list.parameter("colour"), &list.parameter("kind")}));
  EXPECT_EQ(list.parameter("colour").allowed, (std::vector<std::string_view>{"red", "blue"}));
  EXPECT_EQ(list.parameter("colour").invalid_message, "Invalid colour.");
  EXPECT_TRUE(list.parameter("kind").checked_by_data());
  EXPECT_THROW(list.parameter("from"), std::out_of_range) << "optional: not one of an endpoint's parameters";
  EXPECT_TRUE(shades.ranged) << "it takes from";
  EXPECT_FALSE(list.endpoints()[0].ranged);
  EXPECT_EQ(shades.csv.rows, "{items}");
  EXPECT_EQ(shades.csv.columns, "{a,b}");
  EXPECT_FALSE(list.endpoints()[0].has_csv());
  EXPECT_EQ(shades.pool_name(), "shades");
  EXPECT_EQ(list.endpoints()[0].pool_name(), "beta");
}

TEST(EndpointList, RefusesAnUnknownPayloadAndADocumentThatIsNotJson) {
  EXPECT_THROW(EndpointList("{"), std::logic_error);
  EXPECT_THROW(EndpointList(R"({"paths": {"/x": {"get": {"summary": "1.1 X", "tags": ["a"],
                                 "x-endpoint": {"view": "api.x", "payload": "table"}}}}})"),
               std::logic_error);
}

TEST(Endpoints, HaveUniqueSpecsAndPathsAndAreAnsweredByApiViews) {
  std::set<std::string_view> specs, paths;
  for (const Endpoint& each : endpoints()) {
    EXPECT_EQ(each.path.substr(0, 1), "/") << each.spec;
    EXPECT_EQ(each.path.find_first_of("?#"), std::string_view::npos) << each.spec;
    EXPECT_EQ(each.view.substr(0, 4), "api.") << each.spec;
    specs.insert(each.spec);
    paths.insert(each.path);
  }
  EXPECT_FALSE(endpoints().empty());
  EXPECT_EQ(specs.size(), endpoints().size()) << "two endpoints share a spec number";
  EXPECT_EQ(paths.size(), endpoints().size()) << "two endpoints share a path";
}

TEST(EndpointsOf, GivesAGroupsEndpointsInListOrder) {
  std::size_t grouped = 0;
  for (const std::string_view group : {"supply", "protocol"}) {
    const std::vector<Endpoint> of_group = endpoints_of(group);
    EXPECT_FALSE(of_group.empty()) << group;
    for (std::size_t i = 1; i < of_group.size(); ++i) EXPECT_LT(&endpoint(of_group[i - 1].spec), &endpoint(of_group[i].spec));
    grouped += of_group.size();
  }
  EXPECT_EQ(grouped, endpoints().size());
  EXPECT_TRUE(endpoints_of("").empty());
  EXPECT_TRUE(endpoints_of("Supply").empty());
}

TEST(StatementOf, SelectsThePayloadTheNewestSnapshotAndItsBlocks) {
  EXPECT_EQ(statement_of(endpoint("6.1")),
            "SELECT v.\"totalSupply\"::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.total_supply AS v");
}

// The publisher's statements: the payload alone, the snapshot's columns read once per set.
TEST(StatementOf, SelectsThePayloadAloneForThePublisher) {
  EXPECT_EQ(statement_of(endpoint("6.12"), Rendering::plain, Beside::nothing),
            "SELECT data::text FROM api.latest_collateral AS v WHERE v.\"chain\" = $1");
  EXPECT_EQ(statement_of(endpoint("6.16"), Rendering::plain, Beside::nothing),
            "SELECT data::text FROM api.urns($1, $2, $3, $4, $5) AS v");
  EXPECT_EQ(snapshot_statement().sql,
            "SELECT (SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text)");
}

// The publisher renders a view's answers a chain at a time; a function's one at a time.
TEST(ChainRowsStatementOf, SelectsAChainsAnswersWithTheirOtherParameters) {
  EXPECT_TRUE(renders_by_chain(endpoint("6.15")));
  EXPECT_TRUE(renders_by_chain(endpoint("6.12")));
  EXPECT_FALSE(renders_by_chain(endpoint("6.16")));  // api.urns(...), a function
  EXPECT_FALSE(renders_by_chain(endpoint("6.1")));   // no parameter
  const Statement rows = chain_rows_statement_of(endpoint("6.15"));
  EXPECT_EQ(rows.name, "/api/v1/data-platform/vault-history of a chain");
  // A kept endpoint: kept (null where its key is held), live, kept_key, then the parameters.
  EXPECT_EQ(rows.sql,
            "SELECT CASE WHEN v.kept_key = ANY($2::text[]) THEN NULL ELSE v.kept END, v.live, v.kept_key, "
            "v.\"vaultType\"::text, v.\"interval\"::text FROM api.vault_history AS v WHERE v.\"chain\" = $1");
  EXPECT_EQ(chain_rows_statement_of(endpoint("6.12")).sql,
            "SELECT data::text FROM api.latest_collateral AS v WHERE v.\"chain\" = $1");
  // A segmented endpoint alike: its kept and live parts are text[] (Kept::segments).
  EXPECT_EQ(endpoint("6.21").kept, Kept::segments);
  EXPECT_EQ(chain_rows_statement_of(endpoint("6.21")).sql,
            "SELECT CASE WHEN v.kept_key = ANY($2::text[]) THEN NULL ELSE v.kept END, v.live, v.kept_key, "
            "v.\"interval\"::text FROM api.liquidation_totals AS v WHERE v.\"chain\" = $1");
}

TEST(StatementOf, BindsEachParameterToItsColumnInOrder) {
  // A kept endpoint's payload in two parts: kept first, live last.
  EXPECT_EQ(statement_of(endpoint("6.13")),
            "SELECT v.kept, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text), v.live "
            "FROM api.collateral_history AS v WHERE v.\"chain\" = $1 AND v.\"interval\" = $2");
  EXPECT_EQ(statement_of(endpoint("6.12")),
            "SELECT data::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.latest_collateral AS v WHERE v.\"chain\" = $1");
  // A segmented endpoint's handlers read its payload whole, and compress it whole.
  EXPECT_EQ(statement_of(endpoint("6.21")),
            "SELECT v.\"payload\"::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.liquidation_totals AS v WHERE v.\"chain\" = $1 AND v.\"interval\" = $2");
}

TEST(StatementOf, KeepsTheRangesPointsAfterTheParameters) {
  EXPECT_EQ(statement_of(endpoint("6.13"), Rendering::range),
            "SELECT api.points_between((v.\"payload\"::text)::json, $3, $4)::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.collateral_history AS v WHERE v.\"chain\" = $1 AND v.\"interval\" = $2");
  EXPECT_EQ(statement_of(endpoint("6.9"), Rendering::range),
            "SELECT api.points_between((" + std::string(endpoint("6.9").payload) + ")::json, $1, $2)::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.supply_value_history AS v");
}

TEST(StatementOf, RendersTheCsvOfTheRangeWhereThereIsOne) {
  EXPECT_EQ(statement_of(endpoint("6.10"), Rendering::csv),
            "SELECT api.csv(api.points_between((" + std::string(endpoint("6.10").payload) +
                ")::json, $1, $2), '{}', '{statisticTime,collateralValue[]}'), "
                "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
                "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
                "FROM api.collateral_value_history AS v");
  EXPECT_EQ(statement_of(endpoint("6.12"), Rendering::csv).rfind(
                "SELECT api.csv((data::text)::json, '{items}', '{vaultType,chain,", 0),
            0u);
}

TEST(StatementOf, CallsAFunctionWithTheParametersThenTheOptions) {
  EXPECT_EQ(statement_of(endpoint("6.16")),
            "SELECT data::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.urns($1, $2, $3, $4, $5) AS v");
  // A function keeps the range's points itself: the bounds are its last arguments, open (null)
  // in the plain statement.
  EXPECT_EQ(statement_of(endpoint("6.19"), Rendering::csv),
            "SELECT api.csv((data::text)::json, '{items}', "
            "'{statisticTime,time,block,transaction,kind,dink,dart,collateral,debt,collateralization,price}'), "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.urn_history($1, $2, $3, $4, $5) AS v");
  EXPECT_EQ(statement_of(endpoint("6.19"), Rendering::range),
            "SELECT data::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.urn_history($1, $2, $3, $4, $5) AS v");
  EXPECT_EQ(statement_of(endpoint("6.19")),
            "SELECT data::text, "
            "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot), "
            "(SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text) "
            "FROM api.urn_history($1, $2, $3, NULL, NULL) AS v");
}

TEST(StatementsOf, NamesEachOfAnEndpointsStatements) {
  std::set<std::string> names;
  for (const Statement& statement : statements_of(endpoints())) names.insert(statement.name);
  std::size_t expected = 0;
  for (const Endpoint& each : endpoints()) expected += 1u + (each.ranged ? 1u : 0u) + (each.has_csv() ? 1u : 0u);
  EXPECT_EQ(names.size(), expected);
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

TEST(PublishedValues, AreAViewsRowsThatArePublishable) {
  std::vector<Statement> asked;
  const auto rows = [&](const Statement& statement) {
    asked.push_back(statement);
    return std::vector<Values>{{"tron", "TRX-A", "WEEKLY"}, {"eth", "TRX A", "WEEKLY"}, {"bsc", "BNB-A", "DAILY"}};
  };
  EXPECT_EQ(published_values(endpoint("6.15"), rows), (std::vector<Values>{{"tron", "TRX-A", "WEEKLY"}, {"bsc", "BNB-A", "DAILY"}}));
  ASSERT_EQ(asked.size(), 1u);
  EXPECT_EQ(asked[0].name, "/api/v1/data-platform/vault-history values");
}

TEST(PublishedValues, AreAFunctionsCombinationsWithItsOptionsDefaultsNotAskedOfTheDatabase) {
  const auto rows = [](const Statement& statement) -> std::vector<Values> {
    ADD_FAILURE() << "asked " << statement.sql;
    return {};
  };
  std::vector<Values> expected;
  for (const std::string_view chain : protocol_chains()) expected.push_back({std::string(chain), "10"});
  EXPECT_EQ(published_values(endpoint("6.17"), rows), expected);
  EXPECT_TRUE(endpoint("6.17").published());
  EXPECT_TRUE(published_values(endpoint("6.16"), rows).empty()) << "an urn list is its handler's alone: no answer to publish";
  EXPECT_FALSE(endpoint("6.16").published());
  EXPECT_FALSE(endpoint("6.19").published());
  EXPECT_TRUE(endpoint("6.18").published()) << "a view: a row per Vault type";
  EXPECT_EQ(published_values(endpoint("6.1"), rows), std::vector<Values>{Values{}}) << "no parameter: one answer";
}

HistoryOptions options_of(std::string_view query, const Endpoint& of) {
  return check_options(QueryString::parse(query), of.ranged, of.has_csv(), of.as_of).options;
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

TEST(RenderingOf, IsPlainWithoutOptionsOrWhereTheyDoNotApply) {
  EXPECT_EQ(rendering_of(endpoint("6.9"), options_of("", endpoint("6.9"))), Rendering::plain);
  EXPECT_EQ(rendering_of(endpoint("6.9"), options_of("format=json", endpoint("6.9"))), Rendering::plain);
  EXPECT_EQ(rendering_of(endpoint("6.9"), options_of("to=2026-05-12", endpoint("6.9"))), Rendering::range);
  EXPECT_EQ(rendering_of(endpoint("6.9"), options_of("from=1&format=csv", endpoint("6.9"))), Rendering::csv);
  EXPECT_EQ(rendering_of(endpoint("6.14"), options_of("from=1", endpoint("6.14"))), Rendering::plain);
  EXPECT_EQ(rendering_of(endpoint("6.1"), options_of("from=1&format=csv", endpoint("6.1"))), Rendering::plain);
}

TEST(StatementParameters, AddTheRangesBoundsWhereTheStatementTakesThem) {
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
  // 6.20's options follow its chain; those left empty (every Vault type, the first page) name nothing.
  EXPECT_EQ(csv_file_name(endpoint("6.20"), {"tron", "", "100", ""}, options_of("format=csv", endpoint("6.20")), snapshot),
            "liquidations_tron_100_20260513T000000Z.csv");
}

TEST(Publishable, AsksWordsOfTheParametersAloneNotOfTheOptions) {
  EXPECT_TRUE(publishable(endpoint("6.20"), {"tron", "", "100", ""}));  // every Vault type, the first page
  EXPECT_FALSE(publishable(endpoint("6.20"), {"", "", "100", ""}));
  EXPECT_TRUE(publishable(endpoint("6.15"), {"tron", "TRX-A", "WEEKLY"}));
  EXPECT_FALSE(publishable(endpoint("6.15"), {"tron", "TRX A", "WEEKLY"}));
}

TEST(ValueCombinations, VaryTheFirstParameterSlowest) {
  const Parameter colour{"colour", {"red", "blue"}, "Invalid colour."};
  const Parameter size{"size", {"S", "M", "L"}, "Invalid size."};
  const Parameter kind{"kind", {}, "Invalid kind."};
  Endpoint two{"9.1", "/two", "test", "api.two", "data::text", Body::envelope, {&colour, &size}};
  EXPECT_EQ(value_combinations(two),
            (std::vector<Values>{{"red", "S"}, {"red", "M"}, {"red", "L"}, {"blue", "S"}, {"blue", "M"}, {"blue", "L"}}));
  two.parameters = {&colour};
  EXPECT_EQ(value_combinations(two), (std::vector<Values>{{"red"}, {"blue"}}));
  two.parameters = {};
  EXPECT_EQ(value_combinations(two), std::vector<Values>{Values{}});
  two.parameters = {&colour, &kind};
  EXPECT_TRUE(value_combinations(two).empty()) << "a kind's values are the data's";
  Parameter page{"page", {}, "Invalid page."};
  page.default_value = "1";
  page.integer = true;
  two.parameters = {&colour};
  two.options = {&page};
  two.function = true;
  EXPECT_EQ(value_combinations(two), (std::vector<Values>{{"red", "1"}, {"blue", "1"}})) << "each with the default";
  two.parameters = {&colour, &kind};
  EXPECT_TRUE(value_combinations(two).empty()) << "a function of a data word: not published";
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
  EXPECT_EQ(std::set<std::string>(files.begin(), files.end()).size(), files.size());
  for (const std::string& file : files) {
    for (const std::string& other : files) EXPECT_NE(other.rfind(file + '/', 0), 0u) << file << " / " << other;
  }
}

TEST(RoutesTable, IsOneTabSeparatedLinePerEndpoint) {
  const std::string table = routes_table(endpoints());
  std::string chains;
  for (const std::string_view chain : protocol_chains()) chains += (chains.empty() ? "" : ",") + std::string(chain);
  EXPECT_EQ(table.rfind("6.1\t/totalSupply\tsupply\tapi.total_supply\ttext/plain\t-\tsupply\t-\tpublished\n", 0), 0u) << table;
  EXPECT_NE(table.find("\n6.13\t/api/v1/data-platform/collateral-history\tprotocol\tapi.collateral_history\t"
                       "application/json\tchain=" + chains + "&interval=WEEKLY,MONTHLY,BIANNUAL,ANNUAL\tprotocol\t-\tpublished\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("\n6.12\t/api/v1/data-platform/latest-collateral\tprotocol\tapi.latest_collateral\t"
                       "application/json\tchain=" + chains + "\tprotocol\t-\tpublished\n"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("\n6.15\t/api/v1/data-platform/vault-history\tprotocol\tapi.vault_history\t"
                       "application/json\tchain=" + chains + "&vaultType=*&interval=WEEKLY,MONTHLY,BIANNUAL,ANNUAL\t"
                       "vault-history\t-\tpublished\n"),
            std::string::npos)
      << table;
  std::size_t lines = 0;
  for (const char c : table) lines += c == '\n';
  EXPECT_EQ(lines, endpoints().size());
  EXPECT_NE(table.find("\n6.4\t/api/v1/external/total-supply/coin\tsupply\tapi.coin_supply\t"
                       "application/json\t-\tsupply\tsymbol\tpublished\n"),
            std::string::npos)
      << table;
  EXPECT_EQ(routes_table({endpoint("6.1")}), "6.1\t/totalSupply\tsupply\tapi.total_supply\ttext/plain\t-\tsupply\t-\tpublished\n");
  EXPECT_NE(table.find("\n6.16\t/api/v1/risk/urns\tprotocol\tapi.urns\tapplication/json\tchain=" + chains +
                       "&vaultType=*\tprotocol\t-\thandler\n"),
            std::string::npos)
      << table;
  EXPECT_EQ(routes_table({}), "");
}

}  // namespace
}  // namespace coin
