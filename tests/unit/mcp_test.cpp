// The MCP handler's pure part (handlers/mcp): the tools made from the endpoint list and the
// OpenAPI document, a call's query, JSON-RPC's framing and errors, llms.txt. The replies below
// are written out by hand from mcp_server.hpp's contract; the Api is a stub that records what
// it was asked.

#include <gtest/gtest.h>
#include <json/reader.h>

#include <functional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "handlers/mcp/json_rpc.hpp"
#include "handlers/mcp/llms_text.hpp"
#include "handlers/mcp/mcp_server.hpp"
#include "handlers/mcp/tool_catalog.hpp"
#include "shared/chains.hpp"
#include "shared/openapi_document.hpp"

namespace coin::mcp {
namespace {

const Json::Value& openapi() {
  static const Json::Value document = [] {
    Json::Value parsed;
    std::istringstream text{std::string(openapi_document)};
    EXPECT_TRUE(Json::parseFromStream(Json::CharReaderBuilder(), text, &parsed, nullptr));
    return parsed;
  }();
  return document;
}

const McpServer& server() {
  static const McpServer made(openapi(), "9.9.9");
  return made;
}

// An Api with fixed answers: an envelope of `data` for every GET, but an error envelope for a
// chain "TRON" and a 503 for chain "down"; CSV for format=csv. The Vault types of two chains.
class StubApi : public Api {
 public:
  ApiAnswer get(const Endpoint& endpoint, const std::string& query) override {
    asked.push_back(std::string(endpoint.path) + (query.empty() ? "" : "?" + query));
    if (endpoint.body == Body::text) return {200, "text/plain", "12.5"};
    if (query.find("chain=TRON") != std::string::npos) {
      return {200, "application/json", R"({"code":10002,"message":"Invalid chain.","data":null})"};
    }
    if (query.find("chain=down") != std::string::npos) {
      return {503, "application/json", R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})"};
    }
    if (query.find("format=csv") != std::string::npos) return {200, "text/csv", "a,b\r\n1,2\r\n"};
    return {200, "application/json", R"({"code":0,"message":"SUCCESS","data":{"x":1.000000000000000000001}})"};
  }
  std::vector<std::vector<std::string>> published_values(const Endpoint& endpoint) override {
    if (endpoint.parameters.empty()) return {{}};
    if (endpoint.path == "/api/v1/data-platform/vault-history") {
      return {{"tron", "TRX-A", "WEEKLY"}, {"eth", "WBTC-A", "WEEKLY"}, {"bsc", "WBTC-A", "ANNUAL"}};
    }
    if (endpoint.path == "/api/v1/data-platform/latest-collateral") return {{"eth"}};
    return {};
  }
  std::vector<std::string> asked;
};

HttpReply post(const std::string& body, Api& api, std::string_view content_type = "application/json",
               std::string_view accept = "application/json, text/event-stream", std::string_view version = "") {
  return server().handle({content_type, accept, version, body, false}, api);
}

Json::Value parsed(const std::string& text) {
  const std::optional<Json::Value> value = parse_json(text);
  EXPECT_TRUE(value) << text;
  return value.value_or(Json::Value());
}

TEST(McpTools, AreOnePerEndpointNamedByTheirPaths) {
  std::vector<std::string> names;
  for (const Tool& tool : server().catalog().tools()) names.push_back(tool.name);
  ASSERT_EQ(names.size(), endpoints().size());
  EXPECT_EQ(names[0], "totalSupply");                           // /totalSupply
  EXPECT_EQ(names[2], "external_earn_apy");                     // /api/v1/external/earn-apy
  EXPECT_EQ(names[7], "market_site_overview_apy");              // /api/v1/market-site/overview/apy
  EXPECT_EQ(names[14], "data_platform_vault_history");          // /api/v1/data-platform/vault-history
  EXPECT_EQ(std::set<std::string>(names.begin(), names.end()).size(), names.size());
}

TEST(McpTools, TakeTheEndpointsParametersWithTheListsAndTheDatasValues) {
  StubApi api;
  const Json::Value tools = parsed(post(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})", api).body)["result"]["tools"];
  ASSERT_EQ(tools.size(), endpoints().size());
  const Json::Value& vault_history = tools[14]["inputSchema"];
  EXPECT_EQ(vault_history["type"], "object");
  EXPECT_EQ(vault_history["additionalProperties"], false);
  EXPECT_EQ(json_text(vault_history["required"]), R"(["chain","vaultType","interval"])");
  Json::Value chains(Json::arrayValue);
  for (const std::string_view chain : protocol_chains()) chains.append(std::string(chain));
  EXPECT_EQ(vault_history["properties"]["chain"]["enum"], chains);
  EXPECT_EQ(json_text(vault_history["properties"]["interval"]["enum"]), R"(["WEEKLY","MONTHLY","BIANNUAL","ANNUAL"])");
  EXPECT_EQ(json_text(vault_history["properties"]["vaultType"]["enum"]), R"(["TRX-A","WBTC-A"])");  // sorted, once
  EXPECT_EQ(json_text(vault_history["properties"]["format"]["enum"]), R"(["json","csv"])");
  EXPECT_EQ(vault_history["properties"].getMemberNames(),
            (std::vector<std::string>{"at", "chain", "format", "from", "interval", "to", "vaultType"}));
  EXPECT_NE(vault_history["properties"]["from"]["description"].asString().find("epoch milliseconds"), std::string::npos);
  // 6.3 takes only at, and needs nothing; 6.1 answers text: no output schema.
  EXPECT_EQ(tools[2]["inputSchema"]["properties"].getMemberNames(), std::vector<std::string>{"at"});
  EXPECT_NE(tools[2]["inputSchema"]["properties"]["at"]["description"].asString().find("ISO 8601"), std::string::npos);
  EXPECT_EQ(json_text(tools[2]["inputSchema"]["required"]), "[]");
  EXPECT_FALSE(tools[0].isMember("outputSchema"));
  EXPECT_EQ(tools[0]["title"], "6.1 True total supply (bare number)");
  EXPECT_EQ(tools[0]["annotations"]["readOnlyHint"], true);
  EXPECT_EQ(tools[0]["annotations"]["destructiveHint"], false);
}

// Every "$ref" below `value`, and whether any OpenAPI-only keyword is left.
void collect_refs(const Json::Value& value, std::vector<std::string>& refs, bool& openapi_only) {
  if (value.isObject()) {
    for (const std::string& key : value.getMemberNames()) {
      if (key == "$ref") refs.push_back(value[key].asString());
      if (key == "example" || key.rfind("x-", 0) == 0) openapi_only = true;
      collect_refs(value[key], refs, openapi_only);
    }
  } else if (value.isArray()) {
    for (const Json::Value& item : value) collect_refs(item, refs, openapi_only);
  }
}

TEST(McpTools, HaveTheSuccessSchemaOfTheDocumentSelfContained) {
  const Json::Value& schema = server().catalog().find("data_platform_latest_collateral")->definition["outputSchema"];
  EXPECT_EQ(schema["type"], "object");
  EXPECT_EQ(schema["allOf"][0]["$ref"], "#/$defs/LatestCollateralAnswer");
  EXPECT_EQ(schema["$defs"].getMemberNames(),
            (std::vector<std::string>{"ChainVault", "Envelope", "LatestCollateral", "LatestCollateralAnswer"}));
  std::vector<std::string> refs;
  bool openapi_only = false;
  collect_refs(schema, refs, openapi_only);
  EXPECT_FALSE(openapi_only);
  for (const std::string& ref : refs) {
    EXPECT_TRUE(schema["$defs"].isMember(ref.substr(std::string("#/$defs/").size()))) << ref;
  }
}

TEST(McpTools, CallAGetWhoseQueryIsTheArgumentsInTheEndpointsOrderEncoded) {
  const Tool& tool = *server().catalog().find("data_platform_vault_history");
  const Json::Value arguments = parsed(R"({"interval":"WEEKLY","format":"csv","chain":"eth","vaultType":"A&B=C D"})");
  const CallQuery asked = call_query(tool, arguments);
  EXPECT_EQ(asked.invalid, std::nullopt);
  EXPECT_EQ(asked.query, "chain=eth&vaultType=A%26B%3DC%20D&interval=WEEKLY&format=csv");
  EXPECT_EQ(call_query(tool, Json::Value()).query, "");
  EXPECT_EQ(call_query(tool, parsed(R"({"chain":"eth","from":1778428800000})")).query, "chain=eth&from=1778428800000");
  // Past int64, the digits all the same (the API refuses them, as it would in a query).
  EXPECT_EQ(call_query(tool, parsed(R"({"from":18446744073709551615})")).query, "from=18446744073709551615");
  EXPECT_EQ(call_query(tool, parsed(R"({"from":1.5e19})")).query, "from=15000000000000000000");
  EXPECT_EQ(call_query(tool, parsed(R"({"from":-1})")).query, "from=-1");
  EXPECT_EQ(call_query(tool, parsed(R"({"chain":1.5})")).invalid, "argument 'chain' must be a string");
  EXPECT_EQ(call_query(tool, parsed(R"({"chain":true})")).invalid, "argument 'chain' must be a string");
  EXPECT_EQ(call_query(tool, parsed(R"({"where":"x"})")).invalid,
            "data_platform_vault_history takes no argument 'where'");
  EXPECT_EQ(call_query(tool, parsed(R"(["eth"])")).invalid, "arguments must be an object");
}

TEST(McpServer, InitializesWithTheClientsVersionOrItsNewest) {
  StubApi api;
  const Json::Value reply = parsed(
      post(R"({"jsonrpc":"2.0","id":"i","method":"initialize","params":{"protocolVersion":"2025-03-26"}})", api).body);
  EXPECT_EQ(reply["id"], "i");
  EXPECT_EQ(reply["result"]["protocolVersion"], "2025-03-26");
  EXPECT_EQ(reply["result"]["serverInfo"]["version"], "9.9.9");
  EXPECT_EQ(reply["result"]["capabilities"]["tools"]["listChanged"], false);
  const Json::Value newest =
      parsed(post(R"({"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2099-01-01"}})", api).body);
  EXPECT_EQ(newest["result"]["protocolVersion"], "2025-11-25");
}

TEST(McpServer, AnswersACallWithTheGetsBodyAsTextAndAsStructuredContent) {
  StubApi api;
  const HttpReply reply = post(
      R"({"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"data_platform_latest_collateral","arguments":{"chain":"eth"}}})",
      api);
  EXPECT_EQ(reply.status, 200);
  EXPECT_EQ(reply.body,
            R"({"jsonrpc":"2.0","id":7,"result":{"content":[{"type":"text","text":"{\"code\":0,\"message\":\"SUCCESS\",\"data\":{\"x\":1.000000000000000000001}}"}],)"
            R"("structuredContent":{"code":0,"message":"SUCCESS","data":{"x":1.000000000000000000001}},"isError":false}})");
  EXPECT_EQ(api.asked, (std::vector<std::string>{"/api/v1/data-platform/latest-collateral?chain=eth"}));
}

TEST(McpServer, AnswersTextCsvAndErrorsAsTheGetDoes) {
  StubApi api;
  const auto result = [&api](const std::string& name, const std::string& arguments) {
    return post(R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":")" + name +
                    R"(","arguments":)" + arguments + "}}",
                api)
        .body;
  };
  EXPECT_EQ(result("totalSupply", "{}"),
            R"({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"12.5"}],"isError":false}})");
  EXPECT_EQ(result("data_platform_latest_collateral", R"({"chain":"TRON"})"),
            R"({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"code\":10002,\"message\":\"Invalid chain.\",\"data\":null}"}],"isError":true}})");
  EXPECT_EQ(result("data_platform_latest_collateral", R"({"chain":"down"})"),
            R"({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"{\"code\":500,\"message\":\"INTERNAL_SERVER_ERROR\",\"data\":null}"}],"isError":true}})");
  api.asked.clear();
  EXPECT_EQ(result("data_platform_latest_collateral", R"({"chain":"eth","format":"csv"})"),
            R"({"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"a,b\r\n1,2\r\n"}],)"
            R"("structuredContent":{"code":0,"message":"SUCCESS","data":{"x":1.000000000000000000001}},"isError":false}})");
  EXPECT_EQ(api.asked, (std::vector<std::string>{"/api/v1/data-platform/latest-collateral?chain=eth&format=csv",
                                                 "/api/v1/data-platform/latest-collateral?chain=eth"}));
}

TEST(McpServer, ListsAndReadsThePublishedAnswersAsResources) {
  StubApi api;
  const Json::Value resources =
      parsed(post(R"({"jsonrpc":"2.0","id":1,"method":"resources/list"})", api).body)["result"]["resources"];
  std::size_t without_parameters = 0;
  for (const Endpoint& each : endpoints()) without_parameters += each.parameters.empty() ? 1u : 0u;
  ASSERT_EQ(resources.size(), without_parameters + 1u + 3u);  // and 6.12 for eth, 6.15 three times
  EXPECT_EQ(resources[0]["uri"], "coin-api:///totalSupply");
  EXPECT_EQ(resources[0]["mimeType"], "text/plain");
  EXPECT_EQ(resources[11]["uri"], "coin-api:///api/v1/data-platform/latest-collateral?chain=eth");
  EXPECT_EQ(resources[11]["name"], "data_platform_latest_collateral?chain=eth");
  EXPECT_EQ(resources[12]["uri"], "coin-api:///api/v1/smart-allocator/detail-overview");
  EXPECT_EQ(resources[15]["uri"], "coin-api:///api/v1/data-platform/vault-history?chain=bsc&vaultType=WBTC-A&interval=ANNUAL");
  EXPECT_EQ(post(R"({"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"coin-api:///totalSupply"}})", api).body,
            R"({"jsonrpc":"2.0","id":1,"result":{"contents":[{"uri":"coin-api:///totalSupply","mimeType":"text/plain","text":"12.5"}]}})");
  EXPECT_EQ(post(R"({"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"coin-api:///nothing"}})", api).body,
            R"({"jsonrpc":"2.0","id":1,"error":{"code":-32002,"message":"no resource coin-api:///nothing"}})");
  EXPECT_EQ(parsed(post(R"({"jsonrpc":"2.0","id":1,"method":"resources/read","params":{"uri":"coin-api:///api/v1/data-platform/latest-collateral?chain=down"}})", api).body)["error"]["code"], -32603);
  const Json::Value templates =
      parsed(post(R"({"jsonrpc":"2.0","id":1,"method":"resources/templates/list"})", api).body)["result"]["resourceTemplates"];
  ASSERT_EQ(templates.size(), 10u);  // 6.12, 6.13, 6.15, 6.16 to 6.19, 6.20 to 6.22
  EXPECT_EQ(templates[1]["uriTemplate"],
            "coin-api:///api/v1/data-platform/collateral-history?chain={chain}&interval={interval}");
}

TEST(McpServer, RefusesWhatIsNotMcpWithJsonRpcErrors) {
  StubApi api;
  const auto reply = [&api](const std::string& body) {
    const HttpReply got = post(body, api);
    return std::to_string(got.status) + " " + got.body;
  };
  EXPECT_EQ(reply("{"), R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the body is not JSON"}})");
  EXPECT_EQ(reply(R"({"a":1,"a":2})"), R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the body is not JSON"}})");
  EXPECT_EQ(reply(std::string(65, '[') + std::string(65, ']')),
            R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the body is not JSON"}})");
  EXPECT_EQ(reply("[]"), R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"an empty batch"}})");
  EXPECT_EQ(reply(R"({"jsonrpc":"1.0","id":1,"method":"ping"})"),
            R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request"}})");
  EXPECT_EQ(reply(R"({"jsonrpc":"2.0","id":{"x":1},"method":"ping"})"),
            R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request"}})");
  EXPECT_EQ(reply(R"({"jsonrpc":"2.0","id":3,"method":7})"),
            R"(400 {"jsonrpc":"2.0","id":3,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request"}})");
  EXPECT_EQ(reply(R"({"jsonrpc":"2.0","id":3,"method":"tools/delete"})"),
            R"(200 {"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"no method tools/delete"}})");
  EXPECT_EQ(reply(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":[1]})"),
            R"(200 {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"params must be an object"}})");
  EXPECT_EQ(reply(R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"rm"}})"),
            R"(200 {"jsonrpc":"2.0","id":3,"error":{"code":-32602,"message":"no tool rm"}})");
  // Not UTF-8: not JSON (RFC 8259, section 8.1), nor a lone surrogate.
  EXPECT_EQ(reply("{\"jsonrpc\":\"2.0\",\"id\":\"\xff\",\"method\":\"\xc3\"}"),
            R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the body is not JSON"}})");
  EXPECT_EQ(reply(R"({"jsonrpc":"2.0","id":"\udc00","method":"ping"})"),
            R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the body is not JSON"}})");
  EXPECT_EQ(reply(R"({"jsonrpc":"2.0","method":"notifications/initialized"})"), "202 ");
  EXPECT_EQ(reply(R"({"jsonrpc":"2.0","id":5,"result":{}})"), "202 ");
  EXPECT_TRUE(api.asked.empty());
}

// What the server answers a body: its status, a space, its reply.
std::string answer_to(const std::string& body, std::string_view accept = "application/json, text/event-stream") {
  StubApi api;
  const HttpReply got = post(body, api, "application/json", accept);
  return std::to_string(got.status) + " " + got.body;
}

constexpr std::string_view not_json =
    R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"the body is not JSON"}})";
constexpr std::string_view not_a_message =
    R"(400 {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request"}})";
constexpr std::string_view pong = R"(200 {"jsonrpc":"2.0","id":1,"result":{}})";

TEST(McpServer, RefusesCommentsAnywhereAsNotJson) {
  for (const std::string body : {
           R"(/* c */{"jsonrpc":"2.0","id":1,"method":"ping"})",
           R"(// c)" "\n" R"({"jsonrpc":"2.0","id":1,"method":"ping"})",
           R"({"jsonrpc":"2.0",/* c */"id":1,"method":"ping"})",
           R"({"jsonrpc":"2.0",// c)" "\n" R"("id":1,"method":"ping"})",
           R"({"jsonrpc":"2.0","id":1/* c */,"method":"ping"})",
           R"({"jsonrpc":"2.0","id":1,"method":"ping"/* c */})",
           R"({"jsonrpc":"2.0","id":1,"method":"ping"// c)" "\n}",
           R"({"jsonrpc":"2.0","id":1,"method":"ping"}/* c */)",
           R"({"jsonrpc":"2.0","id":1,"method":"ping"}// c)",
           R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{/* c */}})",
           R"([{"jsonrpc":"2.0","id":1,"method":"ping"}/* c */])",
       }) {
    EXPECT_EQ(answer_to(body), not_json) << body;
  }
  EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"c":"/* c */ // c"}})"), pong);
  EXPECT_EQ(answer_to(std::string(R"({"jsonrpc":"2.0","id":1,"method":"ping"})") + '\0'), not_json);
}

TEST(McpServer, RefusesJsonThatIsNotAMessageAsAnInvalidRequest) {
  for (const std::string body : {"5", "null", R"("ping")", "true", "false", "-1.5e3", " 0 "}) {
    EXPECT_EQ(answer_to(body), not_a_message) << body;
  }
}

TEST(McpServer, SendsAnIdBackAsItCame) {
  const auto ping_with_id = [](const std::string& id) {
    return answer_to(R"({"jsonrpc":"2.0","id":)" + id + R"(,"method":"ping"})");
  };
  for (const std::string id : {"18446744073709551617", "18446744073709551615", "-9223372036854775809", "-0", "1.50",
                               "1e400", "-1e-400", "1E+2", "0.1", "1e2147483647"}) {
    EXPECT_EQ(ping_with_id(id), R"(200 {"jsonrpc":"2.0","id":)" + id + R"(,"result":{}})");
  }
  const std::string digits = "1" + std::string(9999, '0');
  EXPECT_EQ(ping_with_id(digits), R"(200 {"jsonrpc":"2.0","id":)" + digits + R"(,"result":{}})");
  EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id" : 1.50 ,"method":"ping"})"),
            R"(200 {"jsonrpc":"2.0","id":1.50,"result":{}})");
  // A string: its characters, escaped anew.
  EXPECT_EQ(ping_with_id(R"("a\u00e9\n\"\/\ud83d\ude00")"),
            "200 {\"jsonrpc\":\"2.0\",\"id\":\"a\xc3\xa9\\n\\\"/\xf0\x9f\x98\x80\",\"result\":{}}");
  // In errors, and in a batch, where each id is found in the whole body.
  EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id":1e400,"method":"tools/delete"})"),
            R"(200 {"jsonrpc":"2.0","id":1e400,"error":{"code":-32601,"message":"no method tools/delete"}})");
  EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id":-0.0,"method":7})"),
            R"(400 {"jsonrpc":"2.0","id":-0.0,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request"}})");
  EXPECT_EQ(answer_to(R"([{"jsonrpc":"2.0","id":1.50,"method":"ping"}, {"jsonrpc":"2.0","id":2e0,"method":"ping"}])"),
            R"(200 [{"jsonrpc":"2.0","id":1.50,"result":{}},{"jsonrpc":"2.0","id":2e0,"result":{}}])");
}

TEST(McpServer, TakesNumbersOfAnyLengthAsNumbers) {
  const std::string digits(10000, '7');
  EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":1e400,"b":-1e-400,"c":[)" + digits +
                      R"(,-)" + digits + "." + digits + R"(e-99]}})"),
            pong);
  // Past the exponent the parser counts to, 2^31 - 1 either way (the digits of a long number
  // past its 19th move it).
  EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":1e2147483648}})"), not_json);
  EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":1e-2147483648}})"), not_json);
  EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":100000000000000000000e2147483647}})"),
            not_json);
  // Still not numbers: RFC 8259's grammar.
  for (const std::string number : {"01", "+1", ".5", "1.", "1e", "-", "NaN", "Infinity", "0x10"}) {
    EXPECT_EQ(answer_to(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":)" + number + "}}"), not_json)
        << number;
  }
}

// `body` wrapped in `levels` arrays, or objects ({"a":<body>}).
std::string nested(int levels, bool arrays, const std::string& body) {
  std::string text = body;
  for (int i = 0; i < levels; ++i) text = arrays ? "[" + text + "]" : R"({"a":)" + text + "}";
  return text;
}

TEST(McpServer, TakesAtMost64LevelsEachAnArrayOrAnObject) {
  // The message and its params are two of the levels.
  const auto ping = [](int levels, bool arrays, const std::string& innermost) {
    return answer_to(R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"p":)" +
                     nested(levels - 2, arrays, innermost) + "}}");
  };
  for (const bool arrays : {true, false}) {
    for (const std::string innermost : {"1", "[]", "{}", R"("x")", "[1]", R"({"b":null})"}) {
      const int inner_levels = innermost[0] == '[' || innermost[0] == '{' ? 1 : 0;
      EXPECT_EQ(ping(64 - inner_levels, arrays, innermost), pong) << arrays << innermost;
      EXPECT_EQ(ping(65 - inner_levels, arrays, innermost), not_json) << arrays << innermost;
    }
  }
  // A body of nothing but levels: 64 a batch (of one that is not a message), 65 not JSON.
  const std::string batch_error =
      R"(200 [{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request"}}])";
  EXPECT_EQ(answer_to(nested(64, true, "1")), batch_error);
  EXPECT_EQ(answer_to(nested(65, true, "1")), not_json);
  EXPECT_EQ(answer_to(nested(64, true, "")), batch_error);
  EXPECT_EQ(answer_to(nested(65, true, "")), not_json);
  EXPECT_EQ(answer_to(nested(64, false, "1")), not_a_message);
  EXPECT_EQ(answer_to(nested(65, false, "1")), not_json);
  // Never a deep recursion: 64 KB of brackets (ASan's stack check).
  EXPECT_EQ(answer_to(std::string(65536, '[')), not_json);
  EXPECT_EQ(answer_to(std::string(32768, '[') + std::string(32768, ']')), not_json);
}

TEST(McpServer, RefusesAnAcceptWhoseRangeForJsonWeighsNothing) {
  const std::string ping = R"({"jsonrpc":"2.0","id":1,"method":"ping"})";
  const std::string refused =
      R"(406 {"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Accept must take application/json"}})";
  for (const std::string accept :
       {"application/json;q=0, text/html", "application/json;q=0.0", "application/json; q=0.000",
        "application/json;Q=0", "application/json;charset=utf-8;q=0", "*/*;q=0", "application/*;q=0",
        "application/*;q=0, */*", "application/json;q=0, */*", "application/json;q=0, application/*;q=1, */*;q=1",
        "text/html, */*;q=0"}) {
    EXPECT_EQ(answer_to(ping, accept), refused) << accept;
  }
  for (const std::string accept :
       {"*/*;q=0, application/json", "*/*;q=0, application/*", "application/json;q=0.001", "application/json;q=1",
        "application/json;q=1.000", "application/json; q=0.5", "text/html;q=0, application/json",
        "application/*;q=0, application/json;q=0.1", "application/json;level=0", "text/html;q=0.9, */*;q=0.1"}) {
    EXPECT_EQ(answer_to(ping, accept), pong) << accept;
  }
}

TEST(McpServer, AnswersABatchOfAtMost32) {
  StubApi api;
  EXPECT_EQ(post(R"([{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"n"},5,{"jsonrpc":"2.0","id":"b","method":"ping"}])", api).body,
            R"([{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"not a JSON-RPC 2.0 request"}},{"jsonrpc":"2.0","id":"b","result":{}}])");
  std::string batch = "[";
  for (int i = 0; i < 33; ++i) batch += std::string(i ? "," : "") + R"({"jsonrpc":"2.0","id":1,"method":"ping"})";
  const HttpReply over = post(batch + "]", api);
  EXPECT_EQ(over.status, 400);
  EXPECT_EQ(over.body, R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"a batch of at most 32 messages"}})");
  const HttpReply notifications = post(R"([{"jsonrpc":"2.0","method":"a"},{"jsonrpc":"2.0","method":"b"}])", api);
  EXPECT_EQ(notifications.status, 202);
  EXPECT_EQ(notifications.body, "");
}

TEST(McpServer, RefusesTheWrongHeadersAndTooLargeABody) {
  StubApi api;
  const std::string ping = R"({"jsonrpc":"2.0","id":1,"method":"ping"})";
  EXPECT_EQ(post(ping, api, "text/plain").status, 415);
  EXPECT_EQ(post(ping, api, "Application/JSON; charset=utf-8").status, 200);
  EXPECT_EQ(post(ping, api, "application/json", "text/html").status, 406);
  EXPECT_EQ(post(ping, api, "application/json", "").status, 200);
  EXPECT_EQ(post(ping, api, "application/json", "text/html;q=0.9, */*;q=0.1").status, 200);
  EXPECT_EQ(post(ping, api, "application/json", "", "2024-11-05").status, 200);
  const HttpReply old = post(ping, api, "application/json", "", "2024-01-01");
  EXPECT_EQ(old.status, 400);
  EXPECT_EQ(old.body, R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"unsupported MCP-Protocol-Version 2024-01-01"}})");
  // A client's bytes echoed that are not UTF-8 become U+FFFD.
  EXPECT_EQ(post(ping, api, "application/json", "", "2024-\xff").body,
            R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"unsupported MCP-Protocol-Version 2024-\ufffd"}})");
  const HttpReply large = server().handle({"application/json", "", "", ping, true}, api);
  EXPECT_EQ(large.status, 413);
  EXPECT_EQ(large.body, R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"the body is over 64 KB"}})");
}

TEST(JsonRpc, QuotesTextAsJsonStrings) {
  EXPECT_EQ(quoted("a\"b\\c\r\n\t\x01 é"), "\"a\\\"b\\\\c\\r\\n\\t\\u0001 é\"");
  EXPECT_EQ(quoted("\xe2\x82"), "\"\\ufffd\\ufffd\"");  // a sequence cut short
  EXPECT_EQ(quoted("\xe0\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\"");  // an overlong form
  EXPECT_EQ(quoted("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"");  // a surrogate
  EXPECT_EQ(quoted("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");  // past U+10FFFF
  EXPECT_EQ(quoted("\xf0\x9f\x98\x80 \xe2\x82\xac \xd0\x96"), "\"\xf0\x9f\x98\x80 \xe2\x82\xac \xd0\x96\"");
}

TEST(LlmsText, NamesEveryEndpointItsToolAndTheUnits) {
  const std::string text = llms_text(openapi(), server().catalog());
  const std::string full = llms_full_text(openapi(), server().catalog());
  EXPECT_EQ(text.rfind("# coin-api", 0), 0u);
  for (const Endpoint& endpoint : endpoints()) {
    EXPECT_NE(text.find("](" + std::string(endpoint.path) + "): "), std::string::npos) << endpoint.path;
    EXPECT_NE(text.find("MCP tool `" + tool_name(endpoint) + "`"), std::string::npos) << endpoint.path;
    EXPECT_NE(full.find("\n## " + operation_of(openapi(), endpoint)["summary"].asString() + "\n"), std::string::npos)
        << endpoint.path;
  }
  for (const std::string_view units : {"**APYs are decimals** (0.045 = 4.5%), except `apy` of 6.14, a **percent**",
                                       "00:00 UTC+8", "A field of type `string` holds the same kind of decimal"}) {
    EXPECT_NE(text.find(units), std::string::npos) << units;
  }
  // Each argument's values: the enum, else the document's first sentence of it.
  EXPECT_NE(text.find("  - `vaultType` (required): The Vault: one of the Vault types the chain has, exactly as 6.12 "
                      "`items[].vaultType` names them"),
            std::string::npos);
  EXPECT_NE(text.find("  - `interval` (required): WEEKLY, MONTHLY, BIANNUAL, ANNUAL\n"), std::string::npos);
  EXPECT_NE(text.find("  - `format` (optional): json, csv\n"), std::string::npos);
  EXPECT_NE(full.find("- `data` (object): "), std::string::npos);
  EXPECT_NE(full.find("  - `data.items` (array of object): "), std::string::npos);
  EXPECT_NE(full.find("    - `data.items[].vaultType` (string): "), std::string::npos);
}

}  // namespace
}  // namespace coin::mcp
