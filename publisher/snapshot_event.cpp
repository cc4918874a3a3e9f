#include "publisher/snapshot_event.hpp"

#include <json/json.h>

#include <string_view>

#include "shared/detached_jws.hpp"
#include "shared/log.hpp"

namespace coin {
namespace {

// "tron=latest; eth=22480012" (snapshot_blocks.hpp) as an object of `value`s: each chain's
// value of its text.
template <typename Value>
Json::Value chains_of(std::string_view text, Value value) {
  Json::Value chains(Json::objectValue);
  while (!text.empty()) {
    const std::size_t end = text.find("; ");
    const std::string_view pair = text.substr(0, end);
    const std::size_t equals = pair.find('=');
    chains[std::string(pair.substr(0, equals))] =
        value(equals == std::string_view::npos ? std::string() : std::string(pair.substr(equals + 1)));
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 2);
  }
  return chains;
}

// X-Snapshot-Blocks's "eth=22480012" as 22480012, "tron=latest" as null.
Json::Value block_number(const std::string& number) {
  const bool known = !number.empty() && number.find_first_not_of("0123456789") == std::string::npos;
  return known ? Json::Value(Json::UInt64{std::stoull(number)}) : Json::Value();
}

// X-Snapshot-Final's "eth=yes" as true, anything else as false.
Json::Value is_final(const std::string& flag) { return flag == "yes"; }

}  // namespace

std::string snapshot_event(const Publication& publication, const std::vector<PublishedAnswer>& listed,
                           const SigningKey& key) {
  Json::Value event(Json::objectValue);
  event["snapshotAt"] = utc_time(publication.newest);
  event["blocks"] = chains_of(publication.blocks, block_number);
  event["final"] = chains_of(publication.finality, is_final);
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
