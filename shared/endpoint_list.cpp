#include "shared/endpoint_list.hpp"

#include <json/reader.h>
#include <json/value.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "shared/chains.hpp"
#include "shared/openapi_document.hpp"

namespace coin {
namespace {

std::string payload_of(const Json::Value& endpoint) {
  if (endpoint.isMember("column")) return "v.\"" + endpoint["column"].asString() + "\"::text";
  const std::string payload = endpoint["payload"].asString();
  if (payload == "row") return "row_to_json(v)::text";
  if (payload == "rows") return R"(coalesce(json_agg(v ORDER BY "statisticTime"), '[]')::text)";
  if (payload == "data") return "data::text";
  throw std::logic_error("x-endpoint: no payload or column, or an unknown payload \"" + payload + '"');
}

// from, to, format and at: what the histories and lists, and the answers at a time, take
// (history_options.hpp), not passed on.
bool is_history_option(std::string_view name) {
  return name == "from" || name == "to" || name == "format" || name == "at";
}

std::pair<int, int> spec_order(std::string_view spec) {
  const std::size_t dot = spec.find('.');
  return {std::stoi(std::string(spec.substr(0, dot))), std::stoi(std::string(spec.substr(dot + 1)))};
}

Json::Value parsed(std::string_view document) {
  Json::Value value;
  std::istringstream text{std::string(document)};
  std::string errors;
  if (!Json::parseFromStream(Json::CharReaderBuilder(), text, &value, &errors)) {
    throw std::logic_error("the OpenAPI document is not JSON: " + errors);
  }
  return value;
}

}  // namespace

EndpointList::EndpointList(std::string_view document) {
  const Json::Value described = parsed(document);
  const Json::Value& components = described["components"]["parameters"];
  for (const std::string& key : components.getMemberNames()) {
    const Json::Value& parameter = components[key];
    const std::string name = parameter["name"].asString();
    const bool required = parameter["required"].asBool();
    if (parameter["in"].asString() != "query" || is_history_option(name)) continue;
    const Json::Value& schema = parameter["schema"];
    Parameter read{keep(name), {}, keep("Invalid " + name + ".")};
    for (const Json::Value& value : schema["enum"]) read.allowed.push_back(keep(value.asString()));
    if (!required) {
      read.default_value = keep(schema["default"].isNull() ? "" : schema["default"].asString());
      read.integer = schema["type"].asString() == "integer";
      read.minimum = schema["minimum"].asLargestInt();
      read.maximum = schema["maximum"].asLargestInt();
    }
    (required ? parameters_ : options_).emplace(key, std::move(read));
  }
  const Json::Value& paths = described["paths"];
  for (const std::string& path : paths.getMemberNames()) {
    const Json::Value& operation = paths[path]["get"];
    const Json::Value& x_endpoint = operation["x-endpoint"];
    if (!x_endpoint.isObject()) continue;  // not answered from a view: the event stream
    const std::string summary = operation["summary"].asString();
    const bool function = x_endpoint.isMember("function");
    Endpoint endpoint{keep(summary.substr(0, summary.find(' '))), keep(path), keep(operation["tags"][0].asString()),
                      keep(x_endpoint[function ? "function" : "view"].asString()), keep(payload_of(x_endpoint))};
    endpoint.function = function;
    if (operation["responses"]["200"]["content"].isMember("text/plain")) endpoint.body = Body::text;
    for (const Json::Value& reference : operation["parameters"]) {
      const std::string ref = reference["$ref"].asString();
      const std::string key = ref.substr(ref.rfind('/') + 1);
      if (key == "from") endpoint.ranged = true;
      if (key == "at") endpoint.as_of = true;
      const auto parameter = parameters_.find(key);
      if (parameter != parameters_.end()) endpoint.parameters.push_back(&parameter->second);
      const auto option = options_.find(key);
      if (option != options_.end()) endpoint.options.push_back(&option->second);
    }
    endpoint.csv = {keep(x_endpoint["csvRows"].asString()), keep(x_endpoint["csvColumns"].asString())};
    endpoint.pool = keep(x_endpoint["pool"].asString());
    endpoint.alias_column = keep(x_endpoint["aliasColumn"].asString());
    if (!endpoint.options.empty() && !endpoint.function) {
      throw std::logic_error(path + ": only an endpoint answered by a function takes options");
    }
    const std::string kept = x_endpoint["kept"].asString();
    if (kept == "start") {
      endpoint.kept = Kept::start;
    } else if (kept == "segments") {
      endpoint.kept = Kept::segments;
    } else if (!kept.empty()) {
      throw std::logic_error(path + ": kept is \"start\" or \"segments\"");
    }
    endpoint.refreshed = x_endpoint["refreshed"].asBool();
    for (const Json::Value& table : x_endpoint["tables"]) endpoint.tables.push_back(keep(table.asString()));
    const bool by_chain = !function && !endpoint.parameters.empty() && endpoint.parameters.front()->name == "chain";
    if (endpoint.kept != Kept::none && (!by_chain || endpoint.body != Body::envelope)) {
      throw std::logic_error(path + ": only a view by chain that answers with the envelope gives kept parts");
    }
    endpoints_.push_back(endpoint);
  }
  std::sort(endpoints_.begin(), endpoints_.end(),
            [](const Endpoint& a, const Endpoint& b) { return spec_order(a.spec) < spec_order(b.spec); });
}

const Parameter& EndpointList::parameter(std::string_view name) const {
  if (const auto named = parameters_.find(name); named != parameters_.end()) return named->second;
  for (const auto& [key, parameter] : parameters_) {
    if (parameter.name == name) return parameter;
  }
  throw std::out_of_range("no required query parameter \"" + std::string(name) + "\"");
}

namespace {

const EndpointList& described() {
  static const EndpointList list(openapi_document);
  return list;
}

}  // namespace

const std::vector<Endpoint>& endpoints() { return described().endpoints(); }

const Parameter& api_parameter(std::string_view name) { return described().parameter(name); }

const std::vector<std::string_view>& protocol_chains() { return api_parameter("chain").allowed; }

}  // namespace coin
