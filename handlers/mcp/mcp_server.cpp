#include "handlers/mcp/mcp_server.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <set>
#include <stdexcept>

#include "handlers/mcp/json_rpc.hpp"
#include "shared/chain_names.hpp"
#include "shared/rendered_answer.hpp"
#include "shared/server.hpp"

namespace coin::mcp {
namespace {

// A request refused with a JSON-RPC error.
struct RpcError {
  int code;
  std::string message;
};

// The error of a call the API could not answer (the database is away): ask again as an HTTP
// client is told to, after the Retry-After of a server error.
const std::string cannot_answer_now =
    "the API cannot answer now; ask again in " + std::string(retry_after_seconds) + " s";

// What the server says of itself to a client that initializes.
std::string instructions() {
  return "Read-only protocol data of COIN, a dollar-pegged stablecoin, and sCOIN, its staked form, on " +
         protocol_chain_names() +
         ". Each tool answers exactly what its GET endpoint answers. JSON answers are {code, message, data}: "
         "read data only when code is 0. Amounts are exact decimals (parse them as such, not as floats); APYs "
         "are decimals (0.045 = 4.5%) except 6.14's apy, a percent; daily points are at 00:00 UTC+8; "
         "statisticTime is epoch milliseconds. The full guide: /llms-full.txt on this host.";
}

// A media type in lower case, without its parameters and surrounding blanks.
std::string media_type(std::string_view value) {
  value = value.substr(0, value.find(';'));
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  std::string type(value);
  std::transform(type.begin(), type.end(), type.begin(), [](unsigned char c) { return std::tolower(c); });
  return type;
}

// Whether a media range of an Accept header weighs nothing, which refuses its types: q=0, 0.0,
// 0.000 (RFC 9110, section 12.4.2).
bool weighs_nothing(std::string_view range) {
  for (std::size_t semicolon = range.find(';'); semicolon != std::string_view::npos;
       semicolon = range.find(';', semicolon + 1)) {
    std::string_view parameter = range.substr(semicolon + 1);
    while (!parameter.empty() && (parameter.front() == ' ' || parameter.front() == '\t')) parameter.remove_prefix(1);
    if (parameter.size() > 2 && (parameter[0] == 'q' || parameter[0] == 'Q') && parameter[1] == '=') {
      const std::string_view weight = parameter.substr(2, parameter.find_first_of("; \t") - 2);
      return weight.substr(0, 1) == "0" && weight.find_first_of("123456789") == std::string_view::npos;
    }
  }
  return false;
}

// Whether an Accept header takes JSON: the most specific of its media ranges that covers
// application/json decides (RFC 9110, section 12.5.1), and takes it unless it weighs nothing.
// No header takes anything.
bool accepts_json(std::string_view accept) {
  if (accept.empty()) return true;
  int decided_by = 0;  // how specific the deciding range is: 3 application/json, 2 application/*, 1 */*
  bool takes = false;
  while (!accept.empty()) {
    const std::size_t comma = accept.find(',');
    const std::string_view range = accept.substr(0, comma);
    const std::string type = media_type(range);
    const int specific = type == "application/json" ? 3 : type == "application/*" ? 2 : type == "*/*" ? 1 : 0;
    if (specific > decided_by) {
      decided_by = specific;
      takes = !weighs_nothing(range);
    }
    accept.remove_prefix(comma == std::string_view::npos ? accept.size() : comma + 1);
  }
  return takes;
}

bool speaks(std::string_view version) {
  return std::find(std::begin(protocol_versions), std::end(protocol_versions), version) != std::end(protocol_versions);
}

// A success of the API: a 200 that is not an error envelope (errors are always JSON).
bool succeeded(const ApiAnswer& answer) {
  return answer.status == 200 &&
         (answer.content_type != "application/json" || answer.body.rfind("{\"code\":0,", 0) == 0);
}

const Endpoint* endpoint_at(std::string_view path) {
  for (const Endpoint& endpoint : endpoints()) {
    if (endpoint.path == path) return &endpoint;
  }
  return nullptr;
}

// The values the data has for each parameter checked by the data, over all its endpoints.
DataValues data_values(Api& api) {
  std::map<const Parameter*, std::set<std::string>> found;
  for (const Endpoint& endpoint : endpoints()) {
    bool by_data = false;
    for (const Parameter* parameter : endpoint.parameters) by_data = by_data || parameter->checked_by_data();
    if (!by_data) continue;
    for (const std::vector<std::string>& values : api.published_values(endpoint)) {
      for (std::size_t i = 0; i < values.size() && i < endpoint.parameters.size(); ++i) {
        if (endpoint.parameters[i]->checked_by_data()) found[endpoint.parameters[i]].insert(values[i]);
      }
    }
  }
  DataValues values;
  for (const auto& [parameter, set] : found) values[parameter].assign(set.begin(), set.end());
  return values;
}

std::string text_content(std::string_view text) {
  return "[{\"type\":\"text\",\"text\":" + quoted(text) + "}]";
}

HttpReply refused(int status, int code, std::string_view message) {
  return {status, error_message("null", code, message)};
}

}  // namespace

// What a message gets: a JSON-RPC message to send back (none for a notification or a response),
// and whether the message was not JSON-RPC at all.
struct McpServer::Outcome {
  std::optional<std::string> reply;
  bool invalid = false;
};

McpServer::McpServer(const Json::Value& openapi, std::string_view version) : catalog_(openapi), version_(version) {}

HttpReply McpServer::handle(const HttpPost& post, Api& api) const {
  if (post.body_too_large) {
    return refused(413, invalid_request, "the body is over " + std::to_string(max_request_body / 1024) + " KB");
  }
  if (!post.protocol_version.empty() && !speaks(post.protocol_version)) {
    return refused(400, invalid_request, "unsupported MCP-Protocol-Version " + std::string(post.protocol_version));
  }
  if (media_type(post.content_type) != "application/json") {
    return refused(415, invalid_request, "Content-Type must be application/json");
  }
  if (!accepts_json(post.accept)) return refused(406, invalid_request, "Accept must take application/json");
  const std::optional<Json::Value> body = parse_json(post.body);
  if (!body) return refused(400, parse_error, "the body is not JSON");
  if (!body->isArray()) {
    const Outcome outcome = answer(*body, post.body, api);
    if (!outcome.reply) return {202, ""};
    return {outcome.invalid ? 400 : 200, *outcome.reply};
  }
  if (body->empty()) return refused(400, invalid_request, "an empty batch");
  if (body->size() > max_batch) {
    return refused(400, invalid_request, "a batch of at most " + std::to_string(max_batch) + " messages");
  }
  std::string replies;
  for (const Json::Value& message : *body) {
    const Outcome outcome = answer(message, post.body, api);
    if (outcome.reply) replies += (replies.empty() ? "[" : ",") + *outcome.reply;
  }
  if (replies.empty()) return {202, ""};
  return {200, replies + ']'};
}

McpServer::Outcome McpServer::answer(const Json::Value& message, std::string_view body, Api& api) const {
  const auto invalid = [](std::string_view id) {
    return Outcome{error_message(id, invalid_request, "not a JSON-RPC 2.0 request"), true};
  };
  if (!message.isObject() || message["jsonrpc"] != "2.0") return invalid("null");
  if (!message.isMember("method")) {
    if (message.isMember("result") || message.isMember("error")) return {};  // a client's response
    return invalid("null");
  }
  const bool request = message.isMember("id");
  const std::string id = id_json(message["id"], body);  // "null" when it is neither string nor number
  if (!message["method"].isString() || (request && id == "null")) return invalid(id);
  if (!request) return {};  // a notification: nothing to do
  const std::string method = message["method"].asString();
  const Json::Value& params = message["params"];
  try {
    if (!params.isNull() && !params.isObject()) throw RpcError{invalid_params, "params must be an object"};
    if (method == "initialize") return {result_message(id, initialized(params))};
    if (method == "ping") return {result_message(id, "{}")};
    if (method == "tools/list") return {result_message(id, json_text(catalog_.list(data_values(api))))};
    if (method == "tools/call") return {result_message(id, call(params, api))};
    if (method == "resources/list") return {result_message(id, resources(api))};
    if (method == "resources/templates/list") return {result_message(id, resource_templates())};
    if (method == "resources/read") return {result_message(id, read(params, api))};
    throw RpcError{method_not_found, "no method " + method};
  } catch (const RpcError& error) {
    return {error_message(id, error.code, error.message)};
  } catch (const std::exception&) {  // the API failed (the database is away): the Api logged why
    return {error_message(id, internal_error, cannot_answer_now)};
  }
}

std::string McpServer::initialized(const Json::Value& params) const {
  const Json::Value& asked = params["protocolVersion"];
  Json::Value result(Json::objectValue);
  result["protocolVersion"] =
      std::string(asked.isString() && speaks(asked.asString()) ? asked.asString() : protocol_versions[0]);
  result["capabilities"]["tools"]["listChanged"] = false;
  result["capabilities"]["resources"]["listChanged"] = false;
  result["serverInfo"]["name"] = "coin-api";
  result["serverInfo"]["title"] = "coin-api: COIN and sCOIN protocol data";
  result["serverInfo"]["version"] = version_;
  result["instructions"] = instructions();
  return json_text(result);
}

std::string McpServer::call(const Json::Value& params, Api& api) const {
  if (!params["name"].isString()) throw RpcError{invalid_params, "tools/call needs the tool's name"};
  const Tool* tool = catalog_.find(params["name"].asString());
  if (tool == nullptr) throw RpcError{invalid_params, "no tool " + params["name"].asString()};
  const Endpoint& endpoint = *tool->endpoint;
  const CallQuery asked = call_query(*tool, params["arguments"]);
  if (asked.invalid) throw RpcError{invalid_params, *asked.invalid};
  const ApiAnswer answer = api.get(endpoint, asked.query);
  const bool success = succeeded(answer);
  std::string result = "{\"content\":" + text_content(answer.body);
  if (success && endpoint.body == Body::envelope) {
    // CSV is the text; the structured content is always the JSON answer, as the outputSchema says.
    if (answer.content_type == "application/json") {
      result += ",\"structuredContent\":" + answer.body;
    } else {
      Json::Value json_arguments = params["arguments"];
      json_arguments.removeMember("format");
      const ApiAnswer json = api.get(endpoint, call_query(*tool, json_arguments).query);
      if (succeeded(json)) result += ",\"structuredContent\":" + json.body;
    }
  }
  return result + ",\"isError\":" + (success ? "false" : "true") + '}';
}

std::string McpServer::resources(Api& api) const {
  Json::Value list(Json::arrayValue);
  for (const Tool& tool : catalog_.tools()) {
    const Endpoint& endpoint = *tool.endpoint;
    for (const std::vector<std::string>& values : api.published_values(endpoint)) {
      const std::string query = canonical_query(endpoint, values);
      Json::Value resource(Json::objectValue);
      resource["uri"] = std::string(uri_scheme) + std::string(endpoint.path) + (query.empty() ? "" : "?" + query);
      resource["name"] = tool.name + (query.empty() ? "" : "?" + query);
      resource["title"] = tool.definition["title"].asString() + (query.empty() ? "" : " (" + query + ")");
      resource["mimeType"] = std::string(content_type_of(endpoint));
      list.append(resource);
    }
  }
  Json::Value result(Json::objectValue);
  result["resources"] = list;
  return json_text(result);
}

std::string McpServer::resource_templates() const {
  Json::Value list(Json::arrayValue);
  for (const Tool& tool : catalog_.tools()) {
    const Endpoint& endpoint = *tool.endpoint;
    if (endpoint.parameters.empty()) continue;
    std::string query;
    for (const Parameter* parameter : endpoint.parameters) {
      const std::string name(parameter->name);
      query += (query.empty() ? "?" : "&") + name + "={" + name + "}";
    }
    Json::Value resource_template(Json::objectValue);
    resource_template["uriTemplate"] = std::string(uri_scheme) + std::string(endpoint.path) + query;
    resource_template["name"] = tool.name;
    resource_template["title"] = tool.definition["title"];
    resource_template["mimeType"] = std::string(content_type_of(endpoint));
    list.append(resource_template);
  }
  Json::Value result(Json::objectValue);
  result["resourceTemplates"] = list;
  return json_text(result);
}

std::string McpServer::read(const Json::Value& params, Api& api) const {
  if (!params["uri"].isString()) throw RpcError{invalid_params, "resources/read needs a uri"};
  const std::string uri = params["uri"].asString();
  const std::string_view rest = std::string_view(uri).substr(uri.rfind(uri_scheme, 0) == 0 ? uri_scheme.size() : 0);
  const std::size_t question = rest.find('?');
  const Endpoint* endpoint = uri.rfind(uri_scheme, 0) == 0 ? endpoint_at(rest.substr(0, question)) : nullptr;
  if (endpoint == nullptr) throw RpcError{resource_not_found, "no resource " + uri};
  const ApiAnswer answer =
      api.get(*endpoint, question == std::string_view::npos ? "" : std::string(rest.substr(question + 1)));
  if (answer.status != 200) throw RpcError{internal_error, cannot_answer_now};
  if (!succeeded(answer)) throw RpcError{resource_not_found, "no resource " + uri + ": " + answer.body};
  return "{\"contents\":[{\"uri\":" + quoted(uri) + ",\"mimeType\":" + quoted(media_type(answer.content_type)) +
         ",\"text\":" + quoted(answer.body) + "}]}";
}

}  // namespace coin::mcp
