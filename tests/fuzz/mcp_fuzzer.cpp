// libFuzzer target over what a POST /mcp controls (handlers/mcp, mcp_server.hpp): its body, as
// JSON-RPC, and the headers that decide whether it is read at all. It drives McpServer::handle,
// the library the handler serves with (mcp_core), against a stub of the API that needs no
// database. scripts/test/fuzz.sh builds and runs it.
//
// The input is the body, then up to four slices split on '\0' (which no header ever holds):
//   body \0 Content-Type \0 Accept \0 MCP-Protocol-Version \0 <anything: body over 64 KB>
// Without a '\0' the body is sent as a client sends it: application/json, an Accept of
// "application/json, text/event-stream", no MCP-Protocol-Version.
// A broken invariant calls abort(), which libFuzzer reports with the input that caused it.

#include <json/json.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "handlers/mcp/json_rpc.hpp"
#include "handlers/mcp/mcp_server.hpp"
#include "shared/endpoints.hpp"
#include "shared/openapi_document.hpp"
#include "tests/fuzz/utf8.hpp"

namespace coin::mcp {
namespace {

[[noreturn]] void fail(const char* condition, int line) {
  std::fprintf(stderr, "mcp_fuzzer.cpp:%d: invariant violated: %s\n", line, condition);
  std::abort();
}

#define REQUIRE(condition) ((condition) ? void() : fail(#condition, __LINE__))

// The stub's answers: a small success envelope, a parameter error, the 503 of a database away
// (the handlers' own body), a CSV.
constexpr std::string_view success_body = R"({"code":0,"message":"SUCCESS","data":{"x":1}})";
constexpr std::string_view error_body = R"({"code":10002,"message":"Invalid chain.","data":null})";
constexpr std::string_view unavailable_body = R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})";
constexpr std::string_view csv_body = "statisticTime,x\r\n1778601600000,1\r\n";

// The API, deterministic and without I/O. published_values gives each endpoint with parameters
// two combinations (eth, ETH-A, MONTHLY and tron, TRX-A, WEEKLY, as far as it has parameters);
// a GET whose query starts with one of them (or is empty, for an endpoint without parameters)
// succeeds, with CSV for format=csv, except chain=bsc, which gets a 503; any other query gets
// the parameter error.
class StubApi : public Api {
 public:
  ApiAnswer get(const Endpoint& endpoint, const std::string& query) override {
    if (query.find("chain=bsc") != std::string::npos) {
      return {503, "application/json", std::string(unavailable_body)};
    }
    if (endpoint.body == Body::text) return {200, "text/plain; charset=utf-8", "12.5"};
    bool known = false;
    for (const std::vector<std::string>& values : published_values(endpoint)) {
      const std::string canonical = canonical_query(endpoint, values);
      known = known || (query.rfind(canonical, 0) == 0 &&
                        (query.size() == canonical.size() || canonical.empty() || query[canonical.size()] == '&'));
    }
    if (!known) return {200, "application/json", std::string(error_body)};
    if (query.find("format=csv") != std::string::npos && endpoint.has_csv()) {
      return {200, "text/csv; charset=utf-8", std::string(csv_body)};
    }
    return {200, "application/json", std::string(success_body)};
  }

  std::vector<std::vector<std::string>> published_values(const Endpoint& endpoint) override {
    if (endpoint.parameters.empty()) return {{}};
    std::vector<std::vector<std::string>> combinations(2);
    for (const Parameter* parameter : endpoint.parameters) {
      const bool chain = parameter == &api_parameter("chain");
      const bool interval = parameter == &api_parameter("interval");
      combinations[0].emplace_back(chain ? "eth" : interval ? "MONTHLY" : "ETH-A");
      combinations[1].emplace_back(chain ? "tron" : interval ? "WEEKLY" : "TRX-A");
    }
    return combinations;
  }
};

// The server, made once: the compiled-in OpenAPI document, as handlers/mcp makes it.
const McpServer& server() {
  static const McpServer made = [] {
    Json::Value document;
    std::istringstream text{std::string(openapi_document)};
    if (!Json::parseFromStream(Json::CharReaderBuilder(), text, &document, nullptr)) {
      fail("the compiled-in OpenAPI document parses", __LINE__);
    }
    return McpServer(document, "0.0.0-fuzz");
  }();
  return made;
}

// `text` as JSON, deeper than max_levels too (parse_json's grammar: Boost.JSON's, RFC 8259's;
// its limit on levels is the handler's, which the checks below hold it to); nullopt when not.
std::optional<Json::Value> json_of(std::string_view text) { return parse_json(text, 1000); }

// One JSON-RPC message the server sent: an object with "jsonrpc":"2.0", an id (a string, a
// number or null), and either a result or an error with an integer code and a string message.
void check_message(const Json::Value& message) {
  REQUIRE(message.isObject());
  REQUIRE(message["jsonrpc"].isString() && message["jsonrpc"].asString() == "2.0");
  REQUIRE(message.isMember("id"));
  const Json::Value& id = message["id"];
  REQUIRE(id.isString() || id.isNumeric() || id.isNull());
  REQUIRE(message.isMember("result") != message.isMember("error"));
  if (message.isMember("error")) {
    const Json::Value& error = message["error"];
    REQUIRE(error.isObject());
    REQUIRE(error["code"].isInt());
    REQUIRE(error["message"].isString());
  } else {
    REQUIRE(message["result"].isObject());
  }
}

bool json_equal(const Json::Value& value, std::string_view text) {
  const std::optional<Json::Value> parsed = json_of(text);
  return parsed && *parsed == value;
}

// A tools/call's result: the API's answer as text, and whether it is an error.
void check_call_result(const Json::Value& result) {
  REQUIRE(result["content"].isArray() && result["content"].size() == 1);
  REQUIRE(result["content"][0]["type"] == "text");
  REQUIRE(result["content"][0]["text"].isString());
  REQUIRE(result["isError"].isBool());
  const std::string text = result["content"][0]["text"].asString();
  REQUIRE(text == success_body || text == error_body || text == unavailable_body || text == csv_body ||
          text == "12.5");
  // Only a success is not an error; an envelope's success (JSON, or its CSV) has the JSON
  // answer as its structured content, nothing else has any.
  REQUIRE(result["isError"].asBool() == (text == error_body || text == unavailable_body));
  REQUIRE(result.isMember("structuredContent") == (text == success_body || text == csv_body));
  if (result.isMember("structuredContent")) REQUIRE(json_equal(result["structuredContent"], success_body));
}

// An id as the server must send it back, as it came: a string of the same characters, a number
// of the same text byte for byte (`body` and `reply`: the texts each was parsed from).
bool same_id(const Json::Value& sent, std::string_view body, const Json::Value& got, std::string_view reply) {
  return (sent.isString() || sent.isNumeric()) && id_json(sent, body) == id_json(got, reply);
}

// A single message the client sent that the server must answer with its id: a request of
// JSON-RPC 2.0 (its method may be of the wrong type: then "Invalid Request", with the id).
bool request_with_id(const Json::Value& message) {
  return message.isObject() && message["jsonrpc"] == "2.0" && message.isMember("method") &&
         (message["id"].isString() || message["id"].isNumeric());
}

// A message that gets no reply: a notification of JSON-RPC 2.0 (a method, a string, and no id)
// or a client's response (no method; a result or an error).
bool unanswered(const Json::Value& message) {
  if (!message.isObject() || !message["jsonrpc"].isString() || message["jsonrpc"].asString() != "2.0") return false;
  if (message.isMember("method")) return message["method"].isString() && !message.isMember("id");
  return message.isMember("result") || message.isMember("error");
}

// How deep `value` nests arrays and objects (a scalar: 0).
int depth(const Json::Value& value) {
  int deepest = 0;
  if (value.isArray() || value.isObject()) {
    for (const Json::Value& member : value) deepest = std::max(deepest, depth(member));
    return deepest + 1;
  }
  return 0;
}

void fuzz_one(std::string_view input) {
  // The slices: body, Content-Type, Accept, MCP-Protocol-Version, the rest.
  std::vector<std::string_view> slices;
  for (std::string_view rest = input;;) {
    const std::size_t nul = slices.size() < 4 ? rest.find('\0') : std::string_view::npos;
    slices.push_back(rest.substr(0, nul));
    if (nul == std::string_view::npos) break;
    rest.remove_prefix(nul + 1);
  }
  HttpPost post;
  post.body = slices[0];
  post.content_type = slices.size() > 1 ? slices[1] : "application/json";
  post.accept = slices.size() > 1 ? (slices.size() > 2 ? slices[2] : "") : "application/json, text/event-stream";
  post.protocol_version = slices.size() > 3 ? slices[3] : "";
  post.body_too_large = slices.size() > 4 && !slices[4].empty();

  StubApi api;
  const HttpReply reply = server().handle(post, api);

  REQUIRE(reply.status == 200 || reply.status == 202 || reply.status == 400 || reply.status == 406 ||
          reply.status == 413 || reply.status == 415);
  REQUIRE(reply.body.empty() == (reply.status == 202));
  if (post.body_too_large) REQUIRE(reply.status == 413);

  const std::optional<Json::Value> sent_parsed = json_of(post.body);
  const bool sent_json = sent_parsed.has_value();
  const Json::Value sent = sent_parsed.value_or(Json::Value());
  // Messages that must be answered, of a batch or of a single message.
  std::size_t to_answer = 0;
  if (sent_json) {
    if (sent.isArray()) {
      for (const Json::Value& message : sent) to_answer += unanswered(message) ? 0 : 1;
    } else {
      to_answer = unanswered(sent) ? 0 : 1;
    }
  }
  // A body the server read (it answered it) is JSON, at most max_levels deep.
  if (reply.status == 200 || reply.status == 202) REQUIRE(sent_json && depth(sent) <= max_levels);
  // Nothing to answer: only notifications and responses, none of them refused.
  if (reply.status == 202) {
    REQUIRE(to_answer == 0 && (!sent.isArray() || !sent.empty()));
    return;
  }

  REQUIRE(fuzz::valid_utf8(reply.body));
  const std::optional<Json::Value> parsed_reply = json_of(reply.body);
  REQUIRE(parsed_reply);
  const Json::Value& root = *parsed_reply;
  REQUIRE(root.isObject() || root.isArray());

  if (root.isArray()) {
    // Only a batch is answered with a batch: a reply per message that is not a notification or
    // a response, never more than the batch had, never an empty one; each names one of the
    // batch's ids, or none (null).
    REQUIRE(reply.status == 200);
    REQUIRE(sent_json && sent.isArray());
    REQUIRE(!root.empty() && root.size() <= sent.size());
    REQUIRE(root.size() == to_answer);
    for (const Json::Value& message : root) {
      check_message(message);
      bool named = message["id"].isNull();
      for (const Json::Value& request : sent) {
        named = named || (request.isObject() && request.isMember("id") &&
                          same_id(request["id"], post.body, message["id"], reply.body));
      }
      REQUIRE(named);
    }
    return;
  }
  check_message(root);
  if (reply.status != 200) {
    REQUIRE(root.isMember("error"));
    // A body refused as not JSON is not JSON, or nests deeper than the levels it may.
    if (reply.status == 400 && root["error"]["code"].asInt() == -32700) REQUIRE(!sent_json || depth(sent) > max_levels);
  }
  // A refusal of the whole POST (413, 415, 406, a version it does not speak, a body that is not
  // JSON, an empty batch or one too long) names no request; a request's reply names it.
  const bool whole_post_refused = reply.status != 200 && root["error"]["message"] != "not a JSON-RPC 2.0 request";
  if (sent_json && request_with_id(sent) && !whole_post_refused) {
    REQUIRE(same_id(sent["id"], post.body, root["id"], reply.body));
    if (sent["method"] == "tools/call" && root.isMember("result")) check_call_result(root["result"]);
  }
}

}  // namespace
}  // namespace coin::mcp

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Nothing here may throw: McpServer::handle answers every POST.
  try {
    coin::mcp::fuzz_one(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (...) {
    coin::mcp::fail("no exception escapes", __LINE__);
  }
  return 0;
}
