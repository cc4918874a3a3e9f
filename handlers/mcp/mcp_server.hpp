#pragma once
// The API as an MCP server (https://modelcontextprotocol.io/specification), over the Streamable
// HTTP transport, stateless: every POST /mcp carries one JSON-RPC message, or a batch of at most
// max_batch, and is answered on its own with application/json (never a stream); no session is
// ever started, and a session ID a client sends is ignored. Read-only: every tool and resource
// is an answer of the API (tool_catalog.hpp), the same bytes a GET gets.
//
// Methods: initialize, ping, tools/list, tools/call, resources/list, resources/templates/list,
// resources/read; a notification or a client's response is taken with 202 and no body. What is
// not MCP is refused with a JSON-RPC error and, when no request could be read, an HTTP error:
//   413 a body over max_request_body; 400 an MCP-Protocol-Version this server does not speak;
//   415 a Content-Type other than application/json; 406 an Accept that takes no JSON;
//   400 a body that is not JSON (parse error), not a JSON-RPC message (invalid request), an
//   empty batch or one over max_batch.

#include <json/value.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "handlers/mcp/tool_catalog.hpp"
#include "shared/endpoints.hpp"

namespace coin::mcp {

// The protocol versions this server speaks, newest first: initialize answers with the client's
// if it is one of them, else with the newest.
inline constexpr std::string_view protocol_versions[] = {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"};

inline constexpr std::size_t max_batch = 32;

// The scheme of the resources' URIs: coin-api:///api/v1/data-platform/latest-collateral?chain=eth.
inline constexpr std::string_view uri_scheme = "coin-api://";

// What a GET of an endpoint answers: its status, Content-Type and body.
struct ApiAnswer {
  int status = 200;
  std::string content_type;
  std::string body;
};

// What the server reads of the API.
class Api {
 public:
  virtual ~Api() = default;
  // The answer of GET <endpoint's path>?<query>.
  virtual ApiAnswer get(const Endpoint& endpoint, const std::string& query) = 0;
  // The parameter values of every published answer of `endpoint`: its view's, or the one empty
  // combination of an endpoint without parameters.
  virtual std::vector<std::vector<std::string>> published_values(const Endpoint& endpoint) = 0;
};

// A POST to /mcp, as nginx passes it.
struct HttpPost {
  std::string_view content_type;
  std::string_view accept;
  std::string_view protocol_version;  // MCP-Protocol-Version
  std::string_view body;
  bool body_too_large = false;
};

// The HTTP answer: a JSON body, or none (202).
struct HttpReply {
  int status = 200;
  std::string body;
};

class McpServer {
 public:
  // Throws std::runtime_error when `openapi` lacks something a tool needs (ToolCatalog).
  McpServer(const Json::Value& openapi, std::string_view version);

  HttpReply handle(const HttpPost& post, Api& api) const;

  const ToolCatalog& catalog() const { return catalog_; }

 private:
  struct Outcome;
  // `message` is one of `body`'s, or all of it: its id is sent back as `body` writes it.
  Outcome answer(const Json::Value& message, std::string_view body, Api& api) const;
  std::string call(const Json::Value& params, Api& api) const;
  std::string resources(Api& api) const;
  std::string resource_templates() const;
  std::string read(const Json::Value& params, Api& api) const;
  std::string initialized(const Json::Value& params) const;

  ToolCatalog catalog_;
  std::string version_;
};

}  // namespace coin::mcp
