#include "tests/e2e/json.hpp"

#include <regex>
#include <stdexcept>

namespace coin::e2e {

class JsonParser {
 public:
  explicit JsonParser(std::string_view text) : text_(text) {}

  Json whole() {
    Json value = next();
    skip_space();
    if (at_ != text_.size()) fail("trailing text");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument("JSON: " + what + " at " + std::to_string(at_));
  }

  void skip_space() {
    while (at_ < text_.size() && std::string_view(" \t\r\n").find(text_[at_]) != std::string_view::npos) ++at_;
  }

  bool take(char c) {
    skip_space();
    if (at_ < text_.size() && text_[at_] == c) {
      ++at_;
      return true;
    }
    return false;
  }

  void expect(char c) {
    if (!take(c)) fail(std::string("expected '") + c + "'");
  }

  std::string string_body() {
    expect('"');
    std::string out;
    while (at_ < text_.size() && text_[at_] != '"') {
      char c = text_[at_++];
      if (c == '\\') {
        if (at_ >= text_.size()) fail("bad escape");
        c = text_[at_++];
        switch (c) {
          case 'n': c = '\n'; break;
          case 't': c = '\t'; break;
          case 'r': c = '\r'; break;
          case 'b': c = '\b'; break;
          case 'f': c = '\f'; break;
          case 'u': fail("\\u escapes are not expected in this API");
          default: break;  // " \ /
        }
      }
      out += c;
    }
    expect('"');
    return out;
  }

  Json next() {
    skip_space();
    if (at_ >= text_.size()) fail("unexpected end");
    Json value;
    const char c = text_[at_];
    if (c == '{') {
      value.type_ = Json::Type::object;
      ++at_;
      if (!take('}')) {
        do {
          skip_space();
          std::string key = string_body();
          expect(':');
          value.members_.emplace_back(std::move(key), next());
        } while (take(','));
        expect('}');
      }
    } else if (c == '[') {
      value.type_ = Json::Type::array;
      ++at_;
      if (!take(']')) {
        do value.elements_.push_back(next());
        while (take(','));
        expect(']');
      }
    } else if (c == '"') {
      value.type_ = Json::Type::string;
      value.text_ = string_body();
    } else if (text_.substr(at_, 4) == "null") {
      at_ += 4;
    } else if (text_.substr(at_, 4) == "true" || text_.substr(at_, 5) == "false") {
      value.type_ = Json::Type::boolean;
      value.text_ = text_[at_] == 't' ? "true" : "false";
      at_ += value.text_.size();
    } else {
      static const std::regex number("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?");
      std::match_results<std::string_view::const_iterator> match;
      if (!std::regex_search(text_.begin() + static_cast<std::ptrdiff_t>(at_), text_.end(), match, number,
                             std::regex_constants::match_continuous)) {
        fail("unexpected character");
      }
      value.type_ = Json::Type::number;
      value.text_ = match.str();
      at_ += value.text_.size();
    }
    return value;
  }

  std::string_view text_;
  size_t at_ = 0;
};

Json Json::parse(std::string_view text) { return JsonParser(text).whole(); }

const std::string& Json::text() const {
  if (type_ == Type::null || type_ == Type::array || type_ == Type::object) {
    throw std::logic_error("JSON: no text in a null, array or object");
  }
  return text_;
}

const std::string& Json::number() const {
  if (type_ != Type::number) throw std::logic_error("JSON: not a number");
  return text_;
}

bool Json::has(std::string_view key) const {
  for (const auto& member : members()) {
    if (member.first == key) return true;
  }
  return false;
}

const Json& Json::operator[](std::string_view key) const {
  for (const auto& member : members()) {
    if (member.first == key) return member.second;
  }
  throw std::out_of_range("JSON: no member '" + std::string(key) + "'");
}

const std::vector<std::pair<std::string, Json>>& Json::members() const {
  if (type_ != Type::object) throw std::logic_error("JSON: not an object");
  return members_;
}

const Json& Json::operator[](size_t index) const { return elements().at(index); }

const std::vector<Json>& Json::elements() const {
  if (type_ != Type::array) throw std::logic_error("JSON: not an array");
  return elements_;
}

}  // namespace coin::e2e
