#include "handlers/mcp/tool_catalog.hpp"

#include <algorithm>
#include <stdexcept>

#include "shared/query_string.hpp"

namespace coin::mcp {
namespace {

constexpr std::string_view component_prefix = "#/components/";
constexpr std::string_view schema_prefix = "#/components/schemas/";

// `node`, or what its "$ref" (#/components/<kind>/<name>) names in `openapi`.
const Json::Value& resolved(const Json::Value& openapi, const Json::Value& node) {
  const std::string ref = node.get("$ref", "").asString();
  if (ref.rfind(component_prefix, 0) != 0) return node;
  const std::string path = ref.substr(component_prefix.size());
  const std::size_t slash = path.find('/');
  return openapi["components"][path.substr(0, slash)][path.substr(slash + 1)];
}

// The OpenAPI parameter `name` of `operation`; throws when it has none.
const Json::Value& parameter_of(const Json::Value& openapi, const Json::Value& operation, std::string_view name,
                                const Endpoint& endpoint) {
  for (const Json::Value& parameter : operation["parameters"]) {
    const Json::Value& found = resolved(openapi, parameter);
    if (found["in"].asString() == "query" && found["name"].asString() == name) return found;
  }
  throw std::runtime_error("the OpenAPI document has no parameter " + std::string(name) + " of GET " +
                           std::string(endpoint.path));
}

// JSON Schema's keywords whose value is a schema, a list of schemas, or a map of them.
bool is_schema_keyword(const std::string& key) {
  static const std::vector<std::string> keys = {"items",  "not",      "if",       "then",
                                                "else",   "contains", "propertyNames",
                                                "additionalProperties", "unevaluatedItems",
                                                "unevaluatedProperties"};
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}
bool is_schema_list_keyword(const std::string& key) {
  return key == "allOf" || key == "anyOf" || key == "oneOf" || key == "prefixItems";
}
bool is_schema_map_keyword(const std::string& key) {
  return key == "properties" || key == "patternProperties" || key == "dependentSchemas";
}
// OpenAPI's own keywords (and examples, which only make the list longer): not JSON Schema's.
bool is_openapi_only(const std::string& key) {
  return key == "example" || key == "examples" || key == "discriminator" || key == "xml" ||
         key == "externalDocs" || key.rfind("x-", 0) == 0;
}

// `schema` as plain JSON Schema: without OpenAPI's keywords, its references to the document's
// schemas pointing at `defs` ("#/$defs/<name>"), to which each schema referred to is added.
Json::Value portable(const Json::Value& schema, const Json::Value& openapi, Json::Value& defs) {
  if (!schema.isObject()) return schema;
  Json::Value copy(Json::objectValue);
  for (const std::string& key : schema.getMemberNames()) {
    const Json::Value& value = schema[key];
    if (is_openapi_only(key)) continue;
    if (key == "$ref" && value.asString().rfind(schema_prefix, 0) == 0) {
      const std::string name = value.asString().substr(schema_prefix.size());
      if (!defs.isMember(name)) {
        defs[name] = Json::objectValue;  // taken, before a schema that refers back to it
        defs[name] = portable(openapi["components"]["schemas"][name], openapi, defs);
      }
      copy[key] = "#/$defs/" + name;
    } else if (is_schema_keyword(key)) {
      copy[key] = portable(value, openapi, defs);
    } else if (is_schema_list_keyword(key)) {
      copy[key] = Json::arrayValue;
      for (const Json::Value& item : value) copy[key].append(portable(item, openapi, defs));
    } else if (is_schema_map_keyword(key)) {
      copy[key] = Json::objectValue;
      for (const std::string& name : value.getMemberNames()) copy[key][name] = portable(value[name], openapi, defs);
    } else {
      copy[key] = value;
    }
  }
  return copy;
}

// The schema of the endpoint's success (the first of the 200's JSON schemas), self-contained.
Json::Value output_schema(const Json::Value& openapi, const Json::Value& operation) {
  const Json::Value& answers = operation["responses"]["200"]["content"]["application/json"]["schema"];
  const Json::Value& success = answers.isMember("oneOf") ? answers["oneOf"][0] : answers;
  Json::Value defs(Json::objectValue);
  Json::Value schema(Json::objectValue);
  schema["type"] = "object";
  schema["allOf"].append(portable(success, openapi, defs));
  schema["$defs"] = defs;
  return schema;
}

Json::Value input_schema(const Json::Value& openapi, const Json::Value& operation, const Endpoint& endpoint) {
  Json::Value schema(Json::objectValue);
  schema["type"] = "object";
  schema["properties"] = Json::objectValue;
  for (const std::string_view name : argument_names(endpoint)) {
    const Json::Value& parameter = parameter_of(openapi, operation, name, endpoint);
    Json::Value property = portable(parameter["schema"], openapi, schema["$defs"]);
    property["description"] = parameter["description"];
    schema["properties"][std::string(name)] = property;
  }
  schema["required"] = Json::arrayValue;
  for (const Parameter* parameter : endpoint.parameters) {
    Json::Value& property = schema["properties"][std::string(parameter->name)];
    if (!parameter->checked_by_data()) property["enum"] = Json::arrayValue;  // the list's, not the document's
    for (const std::string_view value : parameter->allowed) property["enum"].append(std::string(value));
    schema["required"].append(std::string(parameter->name));
  }
  if (schema["$defs"].empty()) schema.removeMember("$defs");
  schema["additionalProperties"] = false;
  return schema;
}

std::string description_of(const Json::Value& operation, const Endpoint& endpoint) {
  const std::string answer = endpoint.body == Body::text
                                 ? "a bare decimal number as text"
                                 : "the JSON envelope {code, message, data}: code 0 is success, any other an error "
                                   "whose message says which parameter";
  return first_paragraph(operation["description"].asString()) + "\n\nAnswers exactly what GET " +
         std::string(endpoint.path) + " answers, byte for byte: " + answer + ".";
}

Tool tool_of(const Json::Value& openapi, const Endpoint& endpoint) {
  const Json::Value& operation = operation_of(openapi, endpoint);
  if (operation.isNull()) {
    throw std::runtime_error("the OpenAPI document has no GET " + std::string(endpoint.path));
  }
  Tool tool{&endpoint, tool_name(endpoint), Json::objectValue};
  Json::Value& definition = tool.definition;
  definition["name"] = tool.name;
  definition["title"] = operation["summary"];
  definition["description"] = description_of(operation, endpoint);
  definition["inputSchema"] = input_schema(openapi, operation, endpoint);
  if (endpoint.body == Body::envelope) definition["outputSchema"] = output_schema(openapi, operation);
  Json::Value& annotations = definition["annotations"];
  annotations["title"] = operation["summary"];
  annotations["readOnlyHint"] = true;
  annotations["destructiveHint"] = false;
  annotations["idempotentHint"] = true;
  annotations["openWorldHint"] = false;
  return tool;
}

}  // namespace

std::string tool_name(const Endpoint& endpoint) {
  std::string_view path = endpoint.path.substr(1);
  constexpr std::string_view api_prefix = "api/v1/";
  if (path.rfind(api_prefix, 0) == 0) path.remove_prefix(api_prefix.size());
  std::string name(path);
  std::replace(name.begin(), name.end(), '/', '_');
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

std::vector<std::string_view> argument_names(const Endpoint& endpoint) {
  std::vector<std::string_view> names;
  for (const Parameter* parameter : endpoint.parameters) names.push_back(parameter->name);
  for (const Parameter* option : endpoint.options) names.push_back(option->name);
  if (endpoint.ranged) names.insert(names.end(), {"from", "to"});
  if (endpoint.has_csv()) names.push_back("format");
  if (endpoint.as_of) names.push_back("at");
  return names;
}

const Json::Value& operation_of(const Json::Value& openapi, const Endpoint& endpoint) {
  return openapi["paths"][std::string(endpoint.path)]["get"];
}

std::string first_paragraph(const std::string& description) { return description.substr(0, description.find("\n\n")); }

ToolCatalog::ToolCatalog(const Json::Value& openapi) {
  for (const Endpoint& endpoint : endpoints()) tools_.push_back(tool_of(openapi, endpoint));
}

const Tool* ToolCatalog::find(std::string_view name) const {
  for (const Tool& tool : tools_) {
    if (tool.name == name) return &tool;
  }
  return nullptr;
}

Json::Value ToolCatalog::list(const DataValues& values) const {
  Json::Value result(Json::objectValue);
  result["tools"] = Json::arrayValue;
  for (const Tool& tool : tools_) {
    Json::Value definition = tool.definition;
    for (const Parameter* parameter : tool.endpoint->parameters) {
      const auto found = values.find(parameter);
      if (!parameter->checked_by_data() || found == values.end() || found->second.empty()) continue;
      Json::Value& property = definition["inputSchema"]["properties"][std::string(parameter->name)];
      for (const std::string& value : found->second) property["enum"].append(value);
    }
    result["tools"].append(definition);
  }
  return result;
}

CallQuery call_query(const Tool& tool, const Json::Value& arguments) {
  if (!arguments.isNull() && !arguments.isObject()) return {"", "arguments must be an object"};
  const std::vector<std::string_view> names = argument_names(*tool.endpoint);
  if (!arguments.isNull()) {
    for (const std::string& name : arguments.getMemberNames()) {
      if (std::find(names.begin(), names.end(), name) == names.end()) {
        return {"", tool.name + " takes no argument '" + name + "'"};
      }
      const Json::Value& value = arguments[name];
      if (!value.isString() && (!value.isIntegral() || value.isBool())) {
        return {"", "argument '" + name + "' must be a string"};
      }
    }
  }
  std::string query;
  for (const std::string_view name : names) {
    const std::string key(name);
    if (arguments.isNull() || !arguments.isMember(key)) continue;
    const Json::Value& value = arguments[key];
    // An integer stands for its digits: epoch milliseconds sent as a number, say (one past
    // int64's range too: the API then refuses the value as it would its digits).
    const std::string text = value.isString()   ? value.asString()
                             : value.isUInt64() ? std::to_string(value.asLargestUInt())
                                                : std::to_string(value.asLargestInt());
    if (!query.empty()) query += '&';
    query += key + '=' + percent_encode(text);
  }
  return {query, std::nullopt};
}

}  // namespace coin::mcp
