#include "shared/message_signature.hpp"

#include "shared/base64.hpp"

namespace coin {

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

}  // namespace coin
