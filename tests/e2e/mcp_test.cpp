// POST /mcp and /llms.txt through nginx (nginx/mcp.conf, handlers/mcp) on the fixture stack:
// what an MCP call answers against the GET of the same answer and the fixture's hand-worked
// figures; the statuses of hostile bodies and methods, CORS, the 64 KB limit, chunked or not,
// the requests an address may have in progress while their bodies come, and the rate limit. (The official SDK's client and the Inspector: mcp_client_test.cpp.)

#include <gtest/gtest.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "shared/endpoints.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/raw_http.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

// The bytes of a POST /mcp carrying `body` (Content-Length), with `more_headers` (each ending
// in \r\n); those of an MCP client by default.
std::string mcp_post(std::string_view body,
                     std::string_view more_headers = "Content-Type: application/json\r\n"
                                                     "Accept: application/json, text/event-stream\r\n") {
  return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + std::string(more_headers) +
         "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + std::string(body);
}

HttpResponse send(const Stack& stack, std::string_view bytes) { return raw_http(stack.url(""), bytes); }
HttpResponse call(std::string_view body) { return send(fixture_stack(), mcp_post(body)); }

// A tool call's JSON-RPC request.
std::string tool_call(std::string_view tool, std::string_view arguments) {
  return R"({"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":")" + std::string(tool) +
         R"(","arguments":)" + std::string(arguments) + "}}";
}

// The reply of every MCP request: JSON, never stored, CORS for a POST.
void expect_reply(const HttpResponse& response, long status, const std::string& context) {
  EXPECT_EQ(response.status, status) << context;
  EXPECT_EQ(response.header("content-type"), "application/json") << context;
  EXPECT_EQ(response.header("cache-control"), "no-store") << context;
  EXPECT_EQ(response.header("access-control-allow-origin"), "*") << context;
  EXPECT_EQ(response.header("access-control-allow-methods"), "POST, OPTIONS") << context;
  expect_security_headers(response, context);
}

TEST(Mcp, ACallAnswersTheGetsBytesAsTextAndStructuredContent) {
  const std::string earn_apy = http("GET", fixture_stack().url("/api/v1/external/earn-apy")).body;
  const HttpResponse response = call(tool_call("external_earn_apy", "{}"));
  expect_reply(response, 200, "6.3's tool");
  const Json reply = Json::parse(response.body);
  EXPECT_EQ(reply["id"].number(), "1");
  EXPECT_EQ(reply["result"]["content"][0]["type"].text(), "text");
  EXPECT_EQ(reply["result"]["content"][0]["text"].text(), earn_apy);
  EXPECT_EQ(reply["result"]["structuredContent"]["data"]["tronApy"].text(), "0.0456");
  EXPECT_EQ(reply["result"]["isError"].text(), "false");
  // The structured content is the answer as it is: 6.4's numbers keep every digit.
  const Json coin = Json::parse(call(tool_call("external_total_supply_coin", "{}")).body);
  EXPECT_EQ(coin["result"]["structuredContent"]["data"]["tron"].number(), "123456789.123456789012345678");
  // 6.1, text: the same bytes, no structured content.
  const Json total = Json::parse(call(tool_call("totalSupply", "{}")).body);
  EXPECT_EQ(total["result"]["content"][0]["text"].text(), http("GET", fixture_stack().url("/totalSupply")).body);
  EXPECT_FALSE(total["result"].has("structuredContent"));
}

TEST(Mcp, ACallWithValuesTheApiRefusesIsAnErrorWithItsEnvelope) {
  for (const auto& [arguments, body] :
       {std::pair<std::string, std::string>{R"({"chain":"TRON"})", chain_invalid},
        {"{}", chain_missing},
        {R"({"chain":"eth","format":"xml"})", R"({"code":10002,"message":"Invalid format.","data":null})"}}) {
    const Json reply = Json::parse(call(tool_call("data_platform_latest_collateral", arguments)).body);
    EXPECT_EQ(reply["result"]["content"][0]["text"].text(), body) << arguments;
    EXPECT_EQ(reply["result"]["isError"].text(), "true") << arguments;
  }
  // A Vault type the chain lacks: the database says so, as for a GET.
  const Json vault = Json::parse(call(tool_call("data_platform_vault_history",
                                                R"({"chain":"eth","vaultType":"TRX-A","interval":"WEEKLY"})"))
                                     .body);
  EXPECT_EQ(vault["result"]["content"][0]["text"].text(), R"({"code":10002,"message":"Invalid vaultType.","data":null})");
}

TEST(Mcp, ListsTheFixturesVaultTypesAndItsPublishedAnswers) {
  const Json tools = Json::parse(call(R"({"jsonrpc":"2.0","id":2,"method":"tools/list"})").body)["result"]["tools"];
  ASSERT_EQ(tools.size(), endpoints().size());
  const Json& vault_types = tools[14]["inputSchema"]["properties"]["vaultType"]["enum"];
  std::string names;
  for (const Json& name : vault_types.elements()) names += name.text() + " ";
  EXPECT_EQ(names, "PSM-USDT-A SA-USDT-A TRX-A TRX-B WBTC-A ");  // the fixture's, every chain's, sorted
  // What the publisher renders: every endpoint's answers, 6.15's for each of the fixture's Vaults.
  const Json resources =
      Json::parse(call(R"({"jsonrpc":"2.0","id":3,"method":"resources/list"})").body)["result"]["resources"];
  EXPECT_EQ(resources.size(), published_requests().size());
}

TEST(Mcp, NotificationsAre202WithoutABody) {
  const HttpResponse response = call(R"({"jsonrpc":"2.0","method":"notifications/initialized"})");
  EXPECT_EQ(response.status, 202);
  EXPECT_EQ(response.body, "");
}

TEST(Mcp, HostileBodiesGetJsonRpcErrors) {
  const auto error_of = [](const HttpResponse& response) {
    return std::to_string(response.status) + " " + Json::parse(response.body)["error"]["code"].number();
  };
  EXPECT_EQ(error_of(call("{\"jsonrpc\":")), "400 -32700");
  EXPECT_EQ(error_of(call(std::string(20000, '[') + std::string(20000, ']'))), "400 -32700");  // too deep
  EXPECT_EQ(error_of(call("[]")), "400 -32600");
  EXPECT_EQ(error_of(call(R"({"id":1,"method":"ping"})")), "400 -32600");
  EXPECT_EQ(error_of(call(R"({"jsonrpc":"2.0","id":1,"method":"sampling/createMessage"})")), "200 -32601");
  EXPECT_EQ(error_of(call(tool_call("data_platform_latest_collateral", R"({"chain":["eth"]})"))), "200 -32602");
  EXPECT_EQ(error_of(send(fixture_stack(), mcp_post("{}", "Content-Type: text/plain\r\n"))), "415 -32600");
  EXPECT_EQ(error_of(send(fixture_stack(), mcp_post("{}", "Content-Type: application/json\r\nAccept: text/html\r\n"))),
            "406 -32600");
  expect_reply(call("nope"), 400, "not JSON");
}

TEST(Mcp, ABodyOver64KBIs413ChunkedOrNot) {
  const std::string ping = R"({"jsonrpc":"2.0","id":1,"method":"ping","params":{"pad":")";
  const std::string large = ping + std::string(70000, 'x') + "\"}}";
  EXPECT_EQ(call(large).status, 413);
  char size[16];
  std::snprintf(size, sizeof size, "%zx", large.size());
  const HttpResponse chunked = send(
      fixture_stack(), "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                       "Transfer-Encoding: chunked\r\n\r\n" + std::string(size) + "\r\n" + large + "\r\n0\r\n\r\n");
  EXPECT_EQ(chunked.status, 413);
  // In 70 chunks of 1,000 bytes: found too large halfway, and answered with the page all the same.
  std::string chunks;
  for (int i = 0; i < 70; ++i) chunks += "3e8\r\n" + std::string(1000, ' ') + "\r\n";
  const HttpResponse small_chunks = send(
      fixture_stack(), "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\n"
                       "Transfer-Encoding: chunked\r\n\r\n" + chunks + "0\r\n\r\n");
  for (const HttpResponse* response : {&chunked, &small_chunks}) {
    EXPECT_EQ(response->status, 413);
    EXPECT_EQ(response->header("content-type"), "text/html");
    EXPECT_NE(response->body.find("POST /mcp at most 64 KB"), std::string::npos) << response->body;
  }
  // Just under the limit is read and answered.
  const std::string fits = ping + std::string(65536 - ping.size() - 3, 'x') + "\"}}";
  ASSERT_EQ(fits.size(), 65536u);
  EXPECT_EQ(call(fits).status, 200);
}

TEST(Mcp, OtherMethodsAre405AndAPreflightAllowsPost) {
  for (const char* method : {"GET", "HEAD", "PUT", "DELETE"}) {
    const HttpResponse response = http(method, fixture_stack().url("/mcp"));
    EXPECT_EQ(response.status, 405) << method;
    EXPECT_EQ(response.header("allow"), "POST, OPTIONS") << method;
  }
  // Its page says what is true here too: the Allow header lists what the path takes.
  EXPECT_NE(http("GET", fixture_stack().url("/mcp")).body.find("the Allow header lists those it does"), std::string::npos);
  const HttpResponse preflight =
      http("OPTIONS", fixture_stack().url("/mcp"),
           {"Origin: https://agent.example", "Access-Control-Request-Method: POST",
            "Access-Control-Request-Headers: content-type, mcp-protocol-version"});
  EXPECT_EQ(preflight.status, 204);
  EXPECT_EQ(preflight.header("access-control-allow-origin"), "*");
  EXPECT_EQ(preflight.header("access-control-allow-methods"), "POST, OPTIONS");
  EXPECT_EQ(preflight.header("access-control-allow-headers"), "content-type, mcp-protocol-version");
  // And the API's endpoints still take no POST.
  EXPECT_EQ(http("POST", fixture_stack().url("/totalSupply")).header("allow"), "GET, HEAD, OPTIONS");
}

// Whether nginx has answered on `socket` (or closed it): a trickled request refused or timed out.
bool answered(int socket) {
  pollfd waiting{socket, POLLIN, 0};
  return ::poll(&waiting, 1, 0) > 0;
}

// A body trickled in (a part every few seconds, under nginx's 10 s between parts) holds its
// connection, never a handler: nginx reads a body whole first. An address may have 64 requests
// in progress (MCP_REQUESTS, render_nginx's default); the next is 429 until one ends. A probe
// is itself a request in progress: sent while nginx still reads the trickled ones' headers, it
// may take the 64th place and a trickled one the 429, so a trickled request nginx answered is
// replaced before the next probe.
TEST(Mcp, AnAddressMayHave64RequestsInProgressTheirBodiesComingOrNot) {
  const Stack& stack = fixture_stack();
  const int port = std::stoi(stack.url("").substr(stack.url("").rfind(':') + 1));
  const std::string ping = R"({"jsonrpc":"2.0","id":1,"method":"ping"})";
  const std::string started = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                              "Content-Length: " + std::to_string(ping.size()) + "\r\n\r\n" + ping.substr(0, 5);
  const auto trickle = [&] {
    const int socket = connect_loopback(port);
    if (socket >= 0) ::send(socket, started.data(), started.size(), MSG_NOSIGNAL);
    return socket;
  };
  std::vector<int> trickling(64, -1);
  HttpResponse refused;
  EXPECT_TRUE(eventually([&] {
    for (int& socket : trickling) {
      if (socket >= 0 && !answered(socket)) continue;
      if (socket >= 0) ::close(socket);
      socket = trickle();
    }
    return (refused = call(ping)).status == 429;
  })) << refused.status << " " << refused.body;
  EXPECT_EQ(refused.header("retry-after"), "1");
  EXPECT_EQ(refused.header("content-type"), "application/json");
  for (const int socket : trickling) ::close(socket);
  HttpResponse answered_ping;
  EXPECT_TRUE(eventually([&] { return (answered_ping = call(ping)).status == 200; })) << answered_ping.status;
  EXPECT_EQ(answered_ping.body, R"({"jsonrpc":"2.0","id":1,"result":{}})");
}

TEST(Mcp, LlmsTxtListsEveryEndpointAndIsRevalidated) {
  const HttpResponse text = http("GET", fixture_stack().url("/llms.txt"));
  EXPECT_EQ(text.status, 200);
  EXPECT_EQ(text.header("content-type"), "text/plain; charset=utf-8");
  for (const Endpoint& endpoint : endpoints()) {
    EXPECT_NE(text.body.find("](" + std::string(endpoint.path) + "): "), std::string::npos) << endpoint.path;
  }
  EXPECT_NE(text.body.find("[The full guide](/llms-full.txt)"), std::string::npos);
  ASSERT_FALSE(text.header("etag").empty());
  EXPECT_EQ(http("GET", fixture_stack().url("/llms.txt"), {"If-None-Match: " + text.header("etag")}).status, 304);
  const HttpResponse full = http("GET", fixture_stack().url("/llms-full.txt"), {"Accept-Encoding: gzip"});
  EXPECT_EQ(full.status, 200);
  EXPECT_EQ(full.header("content-encoding"), "gzip");
}

// Its own stack, rate-limited: POST /mcp counts as any request.
TEST(Mcp, TheRateLimitApplies) {
  const Stack stack("fixture", {"RATE_LIMIT=on", "RATE=1r/s", "BURST=2"});
  int limited = 0;
  for (int i = 0; i < 6; ++i) {
    limited += send(stack, mcp_post(R"({"jsonrpc":"2.0","id":1,"method":"ping"})")).status == 429;
  }
  EXPECT_GE(limited, 2);  // at most 1 + 2 pass within the burst, whatever the machine's pace
}

}  // namespace
}  // namespace coin::e2e
