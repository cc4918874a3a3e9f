#pragma once
// The query string of a request, decoded: "chain=eth&interval=WEEKLY".

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace coin {

class QueryString {
 public:
  // Splits on '&', then on the first '='; decodes %XX and '+' in keys and values.
  // A malformed escape is kept as it stands. "key" alone and "key=" both give "".
  static QueryString parse(std::string_view raw);

  // The value of the first occurrence of `key`; later repeats are ignored.
  std::optional<std::string_view> get(std::string_view key) const;

 private:
  std::vector<std::pair<std::string, std::string>> pairs_;
};

// Decodes one component of a query string: %XX escapes and '+' for a space.
std::string percent_decode(std::string_view text);

// Encodes `text` as one component of a query string: every byte but an ASCII letter, digit,
// '-', '.', '_' and '~' as %XX (percent_decode gives `text` back).
std::string percent_encode(std::string_view text);

}  // namespace coin
