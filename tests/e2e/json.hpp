#pragma once
// A small JSON reader for the tests that keeps every number as the text it was sent as, so
// figures are compared digit for digit and a number is told apart from a numeric string.

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace coin::e2e {

class Json {
 public:
  enum class Type { null, boolean, number, string, array, object };

  // Throws std::invalid_argument on anything that is not one whole JSON value.
  static Json parse(std::string_view text);

  Type type() const { return type_; }
  bool is_null() const { return type_ == Type::null; }
  bool is_number() const { return type_ == Type::number; }
  bool is_string() const { return type_ == Type::string; }

  // A number's text as sent, a string's decoded value, "true"/"false"; throws for the rest.
  const std::string& text() const;
  // A number's text as sent; throws for anything else (a numeric string included).
  const std::string& number() const;

  // An object's member (throws when absent) and its members in the order sent.
  const Json& operator[](std::string_view key) const;
  bool has(std::string_view key) const;
  const std::vector<std::pair<std::string, Json>>& members() const;

  // An array's element and elements.
  const Json& operator[](size_t index) const;
  const std::vector<Json>& elements() const;
  size_t size() const { return elements().size(); }

 private:
  friend class JsonParser;
  Type type_ = Type::null;
  std::string text_;
  std::vector<Json> elements_;
  std::vector<std::pair<std::string, Json>> members_;
};

}  // namespace coin::e2e
