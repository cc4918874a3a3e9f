#pragma once
// JSON-RPC 2.0's messages (https://www.jsonrpc.org/specification), as MCP sends them: parsed
// with bounds (nesting), and written with their results spliced in as they are, so that an
// answer's JSON never passes through a parser (its numbers keep every digit), and a request's
// id sent back as it came.

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

// The deepest a body may nest. A level is one array or object, whatever it holds: `[[1]]` and
// `[[]]` are two levels deep, `5` none.
inline constexpr int max_levels = 64;

// `text` parsed as JSON (RFC 8259, strictly: one value of any kind, UTF-8, no comments, no
// trailing commas; a number of any length, its exponent up to 2^31 - 1 either way, which the
// digits of a long number past its 19th move), with no duplicate keys and at most `levels`
// deep; nullopt when it is not. Each number keeps where its text is in `text` (Json::Value's
// offsets), for id_json.
std::optional<Json::Value> parse_json(std::string_view text, int levels = max_levels);

// A request's id as JSON-RPC sends it back, as it came: a number exactly as `body` (the text
// parse_json read it from) writes it (`1.50`, `1e400`, every digit), a string with its
// characters (escapes written anew), anything else null.
std::string id_json(const Json::Value& id, std::string_view body);

// `value` as compact JSON text.
std::string json_text(const Json::Value& value);

// `text` as a JSON string literal, quotes included.
std::string quoted(std::string_view text);

// {"jsonrpc":"2.0","id":<id>,"result":<result_json>}: the id (id_json) and result_json
// spliced in as they are.
std::string result_message(std::string_view id, std::string_view result_json);

// {"jsonrpc":"2.0","id":<id>,"error":{"code":<code>,"message":<message>}}; the id (id_json)
// "null" when the request's could not be read.
std::string error_message(std::string_view id, int code, std::string_view message);

}  // namespace coin::mcp
