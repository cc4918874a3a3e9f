#include "handlers/mcp/llms_text.hpp"

#include <cctype>
#include <string>
#include <utility>
#include <vector>

#include "handlers/mcp/json_rpc.hpp"
#include "handlers/mcp/tool_catalog.hpp"
#include "shared/endpoints.hpp"

namespace coin::mcp {
namespace {

constexpr std::string_view schema_prefix = "#/components/schemas/";
constexpr int deepest_field = 6;  // levels of nested fields listed

const Json::Value& schema_at(const Json::Value& openapi, const Json::Value& schema) {
  const std::string ref = schema.get("$ref", "").asString();
  if (ref.rfind(schema_prefix, 0) != 0) return schema;
  return openapi["components"]["schemas"][ref.substr(schema_prefix.size())];
}

// The properties of `schema` with those of every schema of its allOf, in order; a property
// named again keeps its first description and takes the later schema (the more precise one).
std::vector<std::pair<std::string, Json::Value>> properties_of(const Json::Value& openapi, const Json::Value& schema) {
  const Json::Value& resolved = schema_at(openapi, schema);
  std::vector<std::pair<std::string, Json::Value>> properties;
  const auto add = [&properties](const std::string& name, const Json::Value& property) {
    for (auto& [known, value] : properties) {
      if (known != name) continue;
      const Json::Value description = value["description"];
      value = property;
      if (!description.isNull() && !property.isMember("description")) value["description"] = description;
      return;
    }
    properties.emplace_back(name, property);
  };
  for (const Json::Value& part : resolved["allOf"]) {
    for (const auto& [name, property] : properties_of(openapi, part)) add(name, property);
  }
  const Json::Value& own = resolved["properties"];
  for (const std::string& name : own.getMemberNames()) add(name, own[name]);
  return properties;
}

// "string", "number or null", "array of object".
std::string type_of(const Json::Value& openapi, const Json::Value& schema) {
  const Json::Value& resolved = schema_at(openapi, schema);
  const Json::Value& type = resolved["type"];
  std::string text;
  if (type.isString()) text = type.asString();
  for (const Json::Value& each : type) text += (text.empty() ? "" : " or ") + each.asString();
  if (text.empty() && resolved.isMember("const")) text = "always " + json_text(resolved["const"]);
  if (text.empty()) text = "object";
  if (resolved.isMember("items")) text += " of " + type_of(openapi, resolved["items"]);
  return text;
}

std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n') c = ' ';
  }
  return text;
}

// A line per field of `schema`, and of the fields within it, `prefix` naming where it is.
void list_fields(const Json::Value& openapi, const Json::Value& schema, const std::string& prefix, int depth,
                 std::string& out) {
  if (depth > deepest_field) return;
  for (const auto& [name, property] : properties_of(openapi, schema)) {
    const Json::Value& resolved = schema_at(openapi, property);
    std::string description = property.get("description", resolved.get("description", "")).asString();
    out += std::string(2 * static_cast<std::size_t>(depth), ' ') + "- `" + prefix + name + "` (" +
           type_of(openapi, property) + ")" + (description.empty() ? "" : ": " + one_line(description)) + "\n";
    const Json::Value& items = resolved["items"];
    if (!items.isNull()) {
      list_fields(openapi, items, prefix + name + "[].", depth + 1, out);
    } else {
      list_fields(openapi, property, prefix + name + ".", depth + 1, out);
    }
  }
}

// "GET /api/v1/data-platform/collateral-history?chain=&interval=".
std::string request_line(const Endpoint& endpoint) {
  std::string line = "GET " + std::string(endpoint.path);
  for (std::size_t i = 0; i < endpoint.parameters.size(); ++i) {
    line += (i == 0 ? "?" : "&") + std::string(endpoint.parameters[i]->name) + "=";
  }
  return line;
}

// The first sentence of `text`: up to a full stop that a capital letter or the end follows.
std::string first_sentence(const std::string& text) {
  for (std::size_t stop = text.find(". "); stop != std::string::npos; stop = text.find(". ", stop + 1)) {
    if (stop + 2 < text.size() && std::isupper(static_cast<unsigned char>(text[stop + 2]))) return text.substr(0, stop + 1);
  }
  return text;
}

// A line per argument of `tool` (its inputSchema): its name, whether it is required, and its
// values: the enum, else what the document's description says first.
std::string parameter_lines(const Tool& tool) {
  const Json::Value& schema = tool.definition["inputSchema"];
  std::string lines;
  for (const std::string_view name : argument_names(*tool.endpoint)) {
    const Json::Value& property = schema["properties"][std::string(name)];
    std::string values;
    for (const Json::Value& value : property["enum"]) values += (values.empty() ? "" : ", ") + value.asString();
    if (values.empty()) values = one_line(first_sentence(property["description"].asString()));
    bool required = false;
    for (const Json::Value& each : schema["required"]) required = required || each.asString() == name;
    lines += "  - `" + std::string(name) + "` (" + (required ? "required" : "optional") + "): " + values + "\n";
  }
  return lines;
}

std::string preamble(const Json::Value& openapi) {
  const Json::Value& info = openapi["info"];
  return "# " + info["title"].asString() + "\n\n> " + info["summary"].asString() + "\n\n" +
         info["description"].asString() + "\n";
}

std::string agents_section() {
  return "\n## For agents\n\n"
         "- MCP: `POST /mcp` on this host (Streamable HTTP, stateless, read-only). One tool per endpoint, named "
         "below; each answers exactly what the GET answers, as text and, for JSON, as structured content. Every "
         "published answer is also a resource, `coin-api://<path>?<query>`.\n"
         "- [OpenAPI document](/openapi.json): every path, parameter, field and error, machine-readable.\n"
         "- [Event stream](/api/v1/events): an event each time answers change, naming them.\n";
}

}  // namespace

std::string llms_text(const Json::Value& openapi, const ToolCatalog& catalog) {
  std::string text = preamble(openapi) + agents_section() + "\n## Endpoints\n\n";
  for (const Tool& tool : catalog.tools()) {
    const Endpoint& endpoint = *tool.endpoint;
    const Json::Value& operation = operation_of(openapi, endpoint);
    text += "- [" + operation["summary"].asString() + "](" + std::string(endpoint.path) +
            "): " + one_line(first_paragraph(operation["description"].asString())) + " `" + request_line(endpoint) +
            "`, MCP tool `" + tool.name + "`.\n" + parameter_lines(tool);
  }
  return text + "\n## Optional\n\n- [The full guide](/llms-full.txt): each endpoint's whole description and "
                "every field of its answer, with its type, unit and meaning.\n";
}

std::string llms_full_text(const Json::Value& openapi, const ToolCatalog& catalog) {
  std::string text = preamble(openapi) + agents_section();
  for (const Tool& tool : catalog.tools()) {
    const Endpoint& endpoint = *tool.endpoint;
    const Json::Value& operation = operation_of(openapi, endpoint);
    text += "\n## " + operation["summary"].asString() + "\n\n`" + request_line(endpoint) + "` (MCP tool `" +
            tool.name + "`)\n\n" + operation["description"].asString() + "\n\nParameters:\n" +
            (argument_names(endpoint).empty() ? "  - none\n" : parameter_lines(tool));
    const Json::Value& content = operation["responses"]["200"]["content"];
    const Json::Value& json = content["application/json"]["schema"];
    const Json::Value& answer = json.isMember("oneOf") ? json["oneOf"][0] : json;
    if (endpoint.body == Body::text) {
      text += "\nThe answer (text/plain): " +
              one_line(schema_at(openapi, content["text/plain"]["schema"])["description"].asString()) + "\n";
    } else {
      text += "\nThe answer (application/json), field by field:\n";
      list_fields(openapi, answer, "", 0, text);
    }
  }
  return text;
}

}  // namespace coin::mcp
