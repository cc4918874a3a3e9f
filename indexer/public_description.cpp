#include "indexer/public_description.hpp"

#include <json/json.h>

#include <memory>

#include "indexer/config.hpp"

namespace coin::indexer {

std::string public_description(std::string_view config_text) {
  Json::CharReaderBuilder reader_builder;
  Json::CharReaderBuilder::strictMode(&reader_builder.settings_);  // as parse_config_json reads it
  const std::unique_ptr<Json::CharReader> reader(reader_builder.newCharReader());
  Json::Value config;
  std::string errors;
  if (!reader->parse(config_text.data(), config_text.data() + config_text.size(), &config, &errors)) {
    throw ConfigError("not JSON: " + errors);
  }
  if (config.isObject()) {
    config.removeMember("timeout_seconds");
    if (config.isMember("chains") && config["chains"].isObject()) {
      Json::Value& chains = config["chains"];
      for (const std::string& name : chains.getMemberNames()) {
        if (!chains[name].isObject()) continue;
        chains[name].removeMember("rpc");
        chains[name].removeMember("ws");
      }
    }
  }
  Json::StreamWriterBuilder writer;
  writer["indentation"] = "  ";
  writer["emitUTF8"] = true;
  return Json::writeString(writer, config) + "\n";
}

}  // namespace coin::indexer
