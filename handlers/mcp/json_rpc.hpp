#pragma once
// JSON-RPC 2.0's messages (https://www.jsonrpc.org/specification), as MCP sends them: parsed
// with bounds (nesting), and written with their results spliced in as they are, so that an
// answer's JSON never passes through a parser (its numbers keep every digit).

#include <json/value.h>

#include <optional>
#include <string>
#include <string_view>

namespace coin::mcp {

// JSON-RPC's error codes, and MCP's for a resource that does not exist.
enum ErrorCode {
  parse_error = -32700,
  invalid_request = -32600,
  method_not_found = -32601,
  invalid_params = -32602,
  internal_error = -32603,
  resource_not_found = -32002,
};

// `text` parsed as strict JSON (one value, no comments, no duplicate keys, at most 64 levels
// deep); nullopt when it is not.
std::optional<Json::Value> parse_json(std::string_view text);

// `value` as compact JSON text.
std::string json_text(const Json::Value& value);

// `text` as a JSON string literal, quotes included.
std::string quoted(std::string_view text);

// {"jsonrpc":"2.0","id":<id>,"result":<result_json>}: result_json spliced in as it is.
std::string result_message(const Json::Value& id, std::string_view result_json);

// {"jsonrpc":"2.0","id":<id>,"error":{"code":<code>,"message":<message>}}; id null when the
// request's could not be read.
std::string error_message(const Json::Value& id, int code, std::string_view message);

}  // namespace coin::mcp
