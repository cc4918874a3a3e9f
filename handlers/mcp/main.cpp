// handlers/mcp: the API for agents, over FastCGI (nginx/mcp.conf):
//   POST /mcp        MCP's Streamable HTTP transport, stateless and read-only (mcp_server.hpp):
//                    a tool per endpoint of the OpenAPI document, the published answers as
//                    resources; each answered with what a GET of that endpoint answers, from the
//                    same dispatch and response cache as the API's handlers
//   /llms.txt        the API explained to a language model (llms_text.hpp), and
//   /llms-full.txt   the same with every field of every answer
// The tools' schemas and descriptions, and the two texts, come from the OpenAPI document the
// binary was built with (shared/openapi_document.hpp).

#include <json/reader.h>

#include <cstdio>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "handlers/mcp/llms_text.hpp"
#include "handlers/mcp/mcp_server.hpp"
#include "shared/api_handler.hpp"
#include "shared/database.hpp"
#include "shared/dispatch.hpp"
#include "shared/log.hpp"
#include "shared/openapi_document.hpp"
#include "shared/parameters.hpp"
#include "shared/version.hpp"

namespace {

const coin::ExtraOptions mcp_options{
    {"--no-cache", "--llms-txt", "--llms-full-txt"},
    {},
    "  --no-cache               query the database for every request (no response\n"
    "                           cache, no LISTEN connection); for measurements\n"
    "  --llms-txt               print /llms.txt and exit\n"
    "  --llms-full-txt          print /llms-full.txt and exit\n"};

Json::Value openapi() {
  Json::Value document;
  std::istringstream text{std::string(coin::openapi_document)};
  Json::parseFromStream(Json::CharReaderBuilder(), text, &document, nullptr);
  return document;
}

// What a handler's rendered bytes (CGI headers, blank line, body) say: status, type, body.
coin::mcp::ApiAnswer api_answer(const std::string& rendered) {
  constexpr std::string_view type_header = "\r\nContent-Type: ";
  const std::size_t type = rendered.find(type_header) + type_header.size();
  const std::size_t body = rendered.find("\r\n\r\n") + 4;
  return {coin::status_of(rendered), rendered.substr(type, rendered.find('\r', type) - type), rendered.substr(body)};
}

// The API as a worker's dispatch answers it: the handlers' code, statements and cache.
class DispatchedApi : public coin::mcp::Api {
 public:
  DispatchedApi(coin::Database& database, coin::ResponseCache& cache) : database_(database), cache_(cache) {}

  coin::mcp::ApiAnswer get(const coin::Endpoint& endpoint, const std::string& query) override {
    return api_answer(coin::dispatch(coin::endpoints(), database_, cache_, endpoint.path, query, nullptr)->identity.full);
  }

  std::vector<std::vector<std::string>> published_values(const coin::Endpoint& endpoint) override {
    try {
      return coin::published_values(
          endpoint, [&](const coin::Statement& statement) { return coin::text_rows(database_.execute(statement.name)); });
    } catch (const std::exception& e) {
      coin::log_error(std::string(endpoint.path) + " values: " + e.what());
      throw;
    }
  }

 private:
  coin::Database& database_;
  coin::ResponseCache& cache_;
};

// The statements of every endpoint, and the values statement of views with parameters.
std::vector<coin::Statement> statements() {
  std::vector<coin::Statement> all = coin::statements_of(coin::endpoints());
  for (const coin::Endpoint& endpoint : coin::endpoints()) {
    if (!endpoint.parameters.empty() && !endpoint.function) all.push_back(coin::values_statement_of(endpoint));
  }
  return all;
}

// `live`: made for this request alone (an MCP reply), never stored; else a text stored by clients
// and revalidated (ETag, 304), with a gzip variant.
std::shared_ptr<const coin::RenderedAnswer> rendered(int status, std::string_view type, std::string body, bool live) {
  return std::make_shared<const coin::RenderedAnswer>(coin::render(coin::Response{status, type, std::move(body), false, live}));
}

}  // namespace

int main(int argc, char** argv) {
  coin::set_log_name("mcp");
  const coin::Config config =
      coin::parse_config(std::vector<std::string_view>(argv + 1, argv + argc), "mcp",
                         "Serves the coin-api to agents over FastCGI: POST /mcp (MCP), /llms.txt and /llms-full.txt.",
                         mcp_options);
  const Json::Value document = openapi();
  std::unique_ptr<const coin::mcp::McpServer> made;
  try {
    made = std::make_unique<const coin::mcp::McpServer>(document, coin::version);
  } catch (const std::exception& e) {  // an endpoint the OpenAPI document lacks: a build that cannot serve
    coin::log_error(e.what());
    return 1;
  }
  const coin::mcp::McpServer& server = *made;
  if (config.given.has("--llms-txt") || config.given.has("--llms-full-txt")) {
    const std::string text = config.given.has("--llms-txt") ? coin::mcp::llms_text(document, server.catalog())
                                                            : coin::mcp::llms_full_text(document, server.catalog());
    std::fputs(text.c_str(), stdout);
    return 0;
  }
  constexpr std::string_view text_type = "text/plain; charset=utf-8";
  const auto llms = rendered(200, text_type, coin::mcp::llms_text(document, server.catalog()), false);
  const auto llms_full = rendered(200, text_type, coin::mcp::llms_full_text(document, server.catalog()), false);
  const auto not_found = std::make_shared<const coin::RenderedAnswer>(coin::render(coin::not_found()));
  return coin::run_api_server(
      config, statements(), [&](coin::Database& database, coin::ResponseCache& cache, const coin::Request& request) {
        if (request.path() == "/llms.txt") return llms;
        if (request.path() == "/llms-full.txt") return llms_full;
        if (request.path() != "/mcp") return not_found;  // nginx sends no other path
        DispatchedApi api(database, cache);
        const coin::mcp::HttpReply reply = server.handle(
            {request.param("CONTENT_TYPE"), request.param("HTTP_ACCEPT"), request.param("HTTP_MCP_PROTOCOL_VERSION"),
             request.body, request.body_too_large},
            api);
        return rendered(reply.status, "application/json", reply.body, true);
      });
}
