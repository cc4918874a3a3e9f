#include "publisher/snapshot_event.hpp"

#include <json/json.h>

#include <string_view>

#include "shared/detached_jws.hpp"
#include "shared/log.hpp"

namespace coin {
namespace {

// "tron=latest; eth=22480012" (snapshot_blocks.hpp) as {"tron":null,"eth":22480012}.
Json::Value blocks_of(std::string_view text) {
  Json::Value blocks(Json::objectValue);
  while (!text.empty()) {
    const std::size_t end = text.find("; ");
    const std::string_view pair = text.substr(0, end);
    const std::size_t equals = pair.find('=');
    const std::string chain(pair.substr(0, equals));
    const std::string number(equals == std::string_view::npos ? "" : pair.substr(equals + 1));
    const bool known = !number.empty() && number.find_first_not_of("0123456789") == std::string::npos;
    blocks[chain] = known ? Json::Value(Json::UInt64{std::stoull(number)}) : Json::Value();
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 2);
  }
  return blocks;
}

}  // namespace

std::string snapshot_event(const Publication& publication, const std::vector<PublishedAnswer>& listed,
                           const SigningKey& key) {
  Json::Value event(Json::objectValue);
  event["snapshotAt"] = utc_time(publication.newest);
  event["blocks"] = blocks_of(publication.blocks);
  Json::Value& changed = event["changed"] = Json::Value(Json::arrayValue);
  for (const PublishedAnswer& answer : listed) {
    Json::Value item(Json::objectValue);
    item["path"] = answer.path;
    item["etag"] = answer.etag;
    changed.append(item);
  }
  Json::StreamWriterBuilder writer;
  writer["indentation"] = "";
  std::string data = Json::writeString(writer, event);
  data.insert(data.size() - 1, R"(,"signature":")" + detached_jws(key, data) + '"');  // before its last "}"
  return data;
}

}  // namespace coin
