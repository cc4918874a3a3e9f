#include "handlers/mcp/json_rpc.hpp"

#include <json/reader.h>
#include <json/writer.h>

#include <memory>

namespace coin::mcp {

std::optional<Json::Value> parse_json(std::string_view text) {
  // A reader keeps its state while it parses: one per thread.
  thread_local const std::unique_ptr<Json::CharReader> reader = [] {
    Json::CharReaderBuilder builder;
    Json::CharReaderBuilder::strictMode(&builder.settings_);
    builder["stackLimit"] = 64;  // a deeper body is refused, never a deep recursion
    return std::unique_ptr<Json::CharReader>(builder.newCharReader());
  }();
  Json::Value value;
  std::string errors;
  try {
    if (!reader->parse(text.data(), text.data() + text.size(), &value, &errors)) return std::nullopt;
  } catch (const Json::Exception&) {  // jsoncpp throws past stackLimit
    return std::nullopt;
  }
  return value;
}

std::string json_text(const Json::Value& value) {
  static const Json::StreamWriterBuilder builder = [] {
    Json::StreamWriterBuilder compact;
    compact["indentation"] = "";
    compact["emitUTF8"] = true;
    return compact;
  }();
  return Json::writeString(builder, value);
}

namespace {

// The length of the UTF-8 sequence `text` starts with, or 0 when it starts with none (RFC 3629:
// no overlong form, no surrogate, nothing past U+10FFFF).
std::size_t utf8_sequence(std::string_view text) {
  const auto byte = [&text](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  const unsigned char lead = byte(0);
  if (lead < 0x80) return 1;
  const std::size_t length = lead >= 0xC2 && lead <= 0xDF ? 2 : lead >= 0xE0 && lead <= 0xEF ? 3
                             : lead >= 0xF0 && lead <= 0xF4                                  ? 4
                                                                                             : 0;
  if (length == 0 || length > text.size()) return 0;
  // The second byte's range where the lead byte narrows it.
  const unsigned char low = lead == 0xE0 ? 0xA0 : lead == 0xF0 ? 0x90 : 0x80;
  const unsigned char high = lead == 0xED ? 0x9F : lead == 0xF4 ? 0x8F : 0xBF;
  if (byte(1) < low || byte(1) > high) return 0;
  for (std::size_t i = 2; i < length; ++i) {
    if ((byte(i) & 0xC0) != 0x80) return 0;
  }
  return length;
}

}  // namespace

std::string quoted(std::string_view text) {
  static constexpr char hex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size() + text.size() / 8 + 2);
  out += '"';
  while (!text.empty()) {
    const char c = text[0];
    const auto byte = static_cast<unsigned char>(c);
    std::size_t length = 1;
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n' || c == '\r' || c == '\t') {
      out += c == '\n' ? "\\n" : c == '\r' ? "\\r" : "\\t";
    } else if (byte < 0x20) {
      out += "\\u00";
      out += hex[byte >> 4];
      out += hex[byte & 15];
    } else if ((length = utf8_sequence(text)) == 0) {
      out += "\\ufffd";  // not UTF-8 (a client's bytes echoed in an error): the replacement character
      length = 1;
    } else {
      out.append(text.substr(0, length));
    }
    text.remove_prefix(length);
  }
  out += '"';
  return out;
}

namespace {

// A request's id as it came: a number, or a string (its bytes made UTF-8).
std::string id_text(const Json::Value& id) { return id.isString() ? quoted(id.asString()) : json_text(id); }

}  // namespace

std::string result_message(const Json::Value& id, std::string_view result_json) {
  std::string message = "{\"jsonrpc\":\"2.0\",\"id\":" + id_text(id) + ",\"result\":";
  message.append(result_json);
  return message + '}';
}

std::string error_message(const Json::Value& id, int code, std::string_view message) {
  return "{\"jsonrpc\":\"2.0\",\"id\":" + id_text(id) + ",\"error\":{\"code\":" + std::to_string(code) +
         ",\"message\":" + quoted(message) + "}}";
}

}  // namespace coin::mcp
