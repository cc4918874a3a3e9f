#include "shared/message_signature.hpp"

#include <cctype>

#include "shared/base64.hpp"

namespace coin {

namespace {

// The value of the dictionary member `label` of a field (RFC 8941, members split at ", " or ",";
// a member's value holds no comma in the forms read here); none where there is no such member.
std::optional<std::string_view> member(std::string_view field, std::string_view label) {
  while (!field.empty()) {
    const std::size_t comma = field.find(',');
    std::string_view item = field.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    if (item.size() > label.size() && item.substr(0, label.size()) == label && item[label.size()] == '=') {
      return item.substr(label.size() + 1);
    }
    if (comma == std::string_view::npos) break;
    field.remove_prefix(comma + 1);
  }
  return std::nullopt;
}

// Takes `prefix` off the front of `text`; false where it is not there.
bool take(std::string_view& text, std::string_view prefix) {
  if (text.substr(0, prefix.size()) != prefix) return false;
  text.remove_prefix(prefix.size());
  return true;
}

// A quoted string of `text`'s front, taken off: letters, digits and "-_@", none escaped.
std::optional<std::string> take_quoted(std::string_view& text) {
  if (!take(text, "\"")) return std::nullopt;
  const std::size_t end = text.find('"');
  if (end == std::string_view::npos) return std::nullopt;
  const std::string_view quoted = text.substr(0, end);
  for (const char c : quoted) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_' && c != '@') return std::nullopt;
  }
  text.remove_prefix(end + 1);
  return std::string(quoted);
}

}  // namespace

std::string signature_parameters(const std::vector<Component>& components, std::int64_t created,
                                 std::string_view keyid) {
  std::string parameters = "(";
  for (const Component& component : components) {
    if (parameters.size() > 1) parameters += ' ';
    parameters.append("\"").append(component.name).append("\"");
  }
  return parameters.append(");created=").append(std::to_string(created)).append(";keyid=\"").append(keyid) + "\"";
}

std::string signature_base(const std::vector<Component>& components, std::string_view parameters) {
  std::string base;
  for (const Component& component : components) {
    base.append("\"").append(component.name).append("\": ").append(component.value).append("\n");
  }
  return base.append("\"@signature-params\": ").append(parameters);
}

MessageSignature sign_message(const std::vector<Component>& components, std::int64_t created,
                              const SigningKey& key, std::string_view label) {
  const std::string parameters = signature_parameters(components, created, key.keyid());
  const std::string signature = key.sign(signature_base(components, parameters));
  return {std::string(label).append("=").append(parameters),
          std::string(label).append("=:").append(base64(signature)).append(":")};
}

std::optional<ReceivedSignature> read_signature(std::string_view signature_input, std::string_view signature,
                                                std::string_view label) {
  const std::optional<std::string_view> input = member(signature_input, label);
  const std::optional<std::string_view> value = member(signature, label);
  if (!input || !value || value->size() < 2 || value->front() != ':' || value->back() != ':') return std::nullopt;
  ReceivedSignature received;
  received.parameters = std::string(*input);
  std::string_view rest = *input;
  if (!take(rest, "(")) return std::nullopt;
  while (!take(rest, ")")) {
    if (!received.components.empty() && !take(rest, " ")) return std::nullopt;
    std::optional<std::string> name = take_quoted(rest);
    if (!name) return std::nullopt;
    received.components.push_back(std::move(*name));
  }
  if (!take(rest, ";created=")) return std::nullopt;
  std::size_t digits = 0;
  while (digits < rest.size() && digits < 12 && std::isdigit(static_cast<unsigned char>(rest[digits]))) ++digits;
  if (digits == 0) return std::nullopt;
  received.created = std::stoll(std::string(rest.substr(0, digits)));
  rest.remove_prefix(digits);
  std::optional<std::string> keyid;
  if (!take(rest, ";keyid=") || !(keyid = take_quoted(rest)) || !rest.empty()) return std::nullopt;
  received.keyid = std::move(*keyid);
  std::optional<std::string> bytes = from_base64(value->substr(1, value->size() - 2));
  if (!bytes) return std::nullopt;
  received.signature = std::move(*bytes);
  return received;
}

}  // namespace coin
