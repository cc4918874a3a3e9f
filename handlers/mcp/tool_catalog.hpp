#pragma once
// The API's endpoints as MCP tools (https://modelcontextprotocol.io/specification, "Tools"),
// derived from the endpoint list (shared/endpoints.hpp) and the OpenAPI document: adding an
// endpoint adds its tool, with nothing else to write.
//
// - name: the path without its leading "/" and "api/v1/", each '/' and '-' an '_':
//   "/api/v1/data-platform/vault-history" is data_platform_vault_history.
// - title, description: the operation's summary, and the first paragraph of its description.
// - inputSchema: an object of the endpoint's parameters (required, in list order; chain and
//   interval with their allowed values as an enum, a parameter checked by the data, vaultType,
//   with the values the data has), then from and to on a history, format where it has CSV;
//   each described as the OpenAPI document describes it. No other property.
// - outputSchema (JSON answers only): the document's schema of the endpoint's success, made
//   self-contained (the components it refers to under $defs).
// - annotations: read-only, idempotent, a closed world.

#include <json/value.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shared/endpoints.hpp"

namespace coin::mcp {

// The values the data has for each parameter checked by the data (6.15's vaultType: its values
// over every chain; 6.18's, the regular Vault types with a price), for the inputSchemas' enums.
using DataValues = std::map<const Parameter*, std::vector<std::string>>;

std::string tool_name(const Endpoint& endpoint);

struct Tool {
  const Endpoint* endpoint = nullptr;
  std::string name;
  Json::Value definition;  // as tools/list lists it, without the data's enums
};

class ToolCatalog {
 public:
  // Throws std::runtime_error when `openapi` lacks an endpoint's GET or one of its parameters.
  explicit ToolCatalog(const Json::Value& openapi);

  const std::vector<Tool>& tools() const { return tools_; }
  const Tool* find(std::string_view name) const;

  // tools/list's result: every tool, the data's values as their enums.
  Json::Value list(const DataValues& values) const;

 private:
  std::vector<Tool> tools_;
};

// The query of the GET a call of `tool` with `arguments` stands for, its parameters in the
// endpoint's order and then from, to and format, each value percent-encoded (an integer as its
// digits: epoch milliseconds sent as a number); or, when the arguments are not an object of
// strings (or integers) named by the tool's inputSchema, why not (a JSON-RPC "Invalid params").
// Values are not checked here: the API checks them as it checks a GET's.
struct CallQuery {
  std::string query;
  std::optional<std::string> invalid;
};
CallQuery call_query(const Tool& tool, const Json::Value& arguments);

// The OpenAPI operation of `endpoint` (its GET), or null.
const Json::Value& operation_of(const Json::Value& openapi, const Endpoint& endpoint);

// The first paragraph of an OpenAPI description (up to the first blank line).
std::string first_paragraph(const std::string& description);

// The query parameters an endpoint's tool takes, in order: its own, then from and to (a
// history), then format (an endpoint with CSV).
std::vector<std::string_view> argument_names(const Endpoint& endpoint);

}  // namespace coin::mcp
