#include "handlers/mcp/json_rpc.hpp"

#include <boost/json/basic_parser_impl.hpp>
#include <json/writer.h>

#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace coin::mcp {
namespace {

using boost::json::error_code;
using boost::json::string_view;

// The Json::Value of a body, built from the events of Boost.JSON's parser (basic_parser's
// handler). It refuses a key its object already has; each number keeps where its text is.
class ValueBuilder {
 public:
  // No limits of the parser's own on sizes: the body's 64 KB is the one.
  static constexpr std::size_t max_object_size = std::numeric_limits<std::size_t>::max();
  static constexpr std::size_t max_array_size = std::numeric_limits<std::size_t>::max();
  static constexpr std::size_t max_key_size = std::numeric_limits<std::size_t>::max();
  static constexpr std::size_t max_string_size = std::numeric_limits<std::size_t>::max();

  explicit ValueBuilder(std::string_view text) : text_(text) {}

  Json::Value& root() { return root_; }

  bool on_document_begin(error_code&) { return true; }
  bool on_document_end(error_code&) { return true; }
  bool on_array_begin(error_code&) { return open(Json::arrayValue); }
  bool on_array_end(std::size_t, error_code&) { return close(); }
  bool on_object_begin(error_code&) { return open(Json::objectValue); }
  bool on_object_end(std::size_t, error_code&) { return close(); }
  // A string or a key with escapes comes in parts of 4 KB, then its last part.
  bool on_string_part(string_view part, std::size_t, error_code&) { return keep(part); }
  bool on_string(string_view last, std::size_t, error_code&) { return add(Json::Value(whole(last))); }
  bool on_key_part(string_view part, std::size_t, error_code&) { return keep(part); }
  // A duplicate key is refused: which of its values would count is anyone's guess.
  bool on_key(string_view last, std::size_t, error_code& error) {
    key_ = whole(last);
    return !open_.back()->isMember(key_) || refuse(error);
  }
  // The body is written whole, so a number comes in parts only to end in an error (a lone "-").
  bool on_number_part(string_view, error_code&) { return true; }
  bool on_int64(std::int64_t number, string_view text, error_code&) { return add_number(Json::Int64{number}, text); }
  bool on_uint64(std::uint64_t number, string_view text, error_code&) { return add_number(Json::UInt64{number}, text); }
  bool on_double(double number, string_view text, error_code&) { return add_number(number, text); }
  bool on_bool(bool value, error_code&) { return add(value); }
  bool on_null(error_code&) { return add(Json::Value()); }
  // Comments are not JSON (the parse options refuse them before they come here).
  bool on_comment_part(string_view, error_code& error) { return refuse(error); }
  bool on_comment(string_view, error_code& error) { return refuse(error); }

 private:
  static bool refuse(error_code& error) {
    error = boost::json::error::syntax;
    return false;
  }

  bool keep(string_view part) {
    parts_.append(part.data(), part.size());
    return true;
  }

  std::string whole(string_view last) {
    std::string text = std::move(parts_);
    parts_.clear();
    return text.append(last.data(), last.size());
  }

  // `value` as the root, the next element of the innermost array, or the member of the
  // innermost object under the key just read.
  Json::Value& place(Json::Value&& value) {
    if (open_.empty()) return root_ = std::move(value);
    Json::Value& parent = *open_.back();
    return parent.isArray() ? parent.append(std::move(value)) : (parent[key_] = std::move(value));
  }

  bool add(Json::Value value) {
    place(std::move(value));
    return true;
  }

  // The number's text is in the body: the parser hands it over in one piece, where it is.
  bool add_number(Json::Value number, string_view text) {
    Json::Value& placed = place(std::move(number));
    placed.setOffsetStart(text.data() - text_.data());
    placed.setOffsetLimit(text.data() + text.size() - text_.data());
    return true;
  }

  bool open(Json::ValueType type) {
    open_.push_back(&place(Json::Value(type)));
    return true;
  }

  bool close() {
    open_.pop_back();
    return true;
  }

  std::string_view text_;
  Json::Value root_;
  std::vector<Json::Value*> open_;  // the arrays and objects not closed yet, the innermost last
  std::string key_;                 // the key of the member whose value comes next
  std::string parts_;               // the parts of a string or key so far
};

}  // namespace

std::optional<Json::Value> parse_json(std::string_view text, int levels) {
  // Boost.JSON's defaults are RFC 8259's: no comments, no trailing commas, UTF-8 only. Its depth
  // counts arrays and objects, as max_levels does; past it, it stops before it recurses deeper.
  boost::json::parse_options options;
  options.max_depth = static_cast<std::size_t>(levels);
  boost::json::basic_parser<ValueBuilder> parser(options, text);
  error_code error;
  const std::size_t read = parser.write_some(false, text.data(), text.size(), error);
  if (error || read != text.size()) return std::nullopt;  // not JSON, or something after its value
  return std::move(parser.handler().root());
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

std::string id_json(const Json::Value& id, std::string_view body) {
  if (id.isString()) return quoted(id.asString());
  if (!id.isNumeric()) return "null";
  const auto start = static_cast<std::size_t>(id.getOffsetStart());
  return std::string(body.substr(start, static_cast<std::size_t>(id.getOffsetLimit()) - start));
}

std::string result_message(std::string_view id, std::string_view result_json) {
  std::string message = "{\"jsonrpc\":\"2.0\",\"id\":";
  message.append(id).append(",\"result\":").append(result_json);
  return message + '}';
}

std::string error_message(std::string_view id, int code, std::string_view message) {
  std::string text = "{\"jsonrpc\":\"2.0\",\"id\":";
  text.append(id).append(",\"error\":{\"code\":" + std::to_string(code) + ",\"message\":" + quoted(message));
  return text + "}}";
}

}  // namespace coin::mcp
