#pragma once
// HTTP Message Signatures (RFC 9421) with Ed25519: the signature base of a message's covered
// components and the Signature-Input and Signature fields that carry a signature of it.
// answer_signature.hpp says which components an answer's signature covers.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shared/signing_key.hpp"

namespace coin {

inline constexpr std::string_view signature_input_header = "Signature-Input";
inline constexpr std::string_view signature_header = "Signature";

// A covered component: a field's name in lower case (or a derived component's, "@status") and
// its value as sent.
struct Component {
  std::string_view name;
  std::string_view value;
};

// The signature parameters (section 2.3): the components' names as an inner list, then
// ;created=<seconds>;keyid="<keyid>".
std::string signature_parameters(const std::vector<Component>& components, std::int64_t created,
                                 std::string_view keyid);

// The signature base (section 2.5): a line `"name": value` per component, then the
// "@signature-params" line, lines joined by "\n" with none after the last.
std::string signature_base(const std::vector<Component>& components, std::string_view parameters);

// The two fields' values, each a dictionary of one member under `label`:
// Signature-Input `label=<parameters>` and Signature `label=:<base64 signature>:`.
struct MessageSignature {
  std::string input;
  std::string signature;
};

MessageSignature sign_message(const std::vector<Component>& components, std::int64_t created,
                              const SigningKey& key, std::string_view label);

// A signature as a verifier reads it back from the two fields' members under `label`, in the
// form sign_message writes them: the covered components' names, the parameters as sent (the
// base's last line), their created and keyid, and the signature's bytes.
struct ReceivedSignature {
  std::vector<std::string> components;
  std::string parameters;
  std::int64_t created = 0;
  std::string keyid;
  std::string signature;
};

// None where either field has no member `label` or it is not of that form.
std::optional<ReceivedSignature> read_signature(std::string_view signature_input, std::string_view signature,
                                                std::string_view label);

}  // namespace coin
