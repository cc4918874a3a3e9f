#include "verifier/answer_signature_check.hpp"

#include <json/reader.h>
#include <json/value.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "shared/answer_signature.hpp"
#include "shared/base64.hpp"
#include "shared/content_digest.hpp"
#include "shared/message_signature.hpp"
#include "shared/signing_key.hpp"

namespace coin::verifier {

namespace {

// The key's clock and the reader's may differ by this much.
constexpr std::int64_t allowed_skew_seconds = 300;

// The 32 bytes of the Ed25519 key `keyid` in the key set; none where it is not listed.
std::optional<std::string> listed_key(const std::string& jwks, const std::string& keyid) {
  Json::Value set;
  Json::CharReaderBuilder builder;
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  std::string errors;
  if (!reader->parse(jwks.data(), jwks.data() + jwks.size(), &set, &errors) || !set.isObject()) return std::nullopt;
  for (const Json::Value& key : set["keys"]) {
    if (key.isObject() && key["kid"] == keyid && key["kty"] == "OKP" && key["crv"] == "Ed25519" && key["x"].isString()) {
      std::optional<std::string> bytes = from_base64url(key["x"].asString());
      if (bytes && bytes->size() == 32) return bytes;
    }
  }
  return std::nullopt;
}

}  // namespace

SignatureCheck check_answer_signature(const HttpAnswer& answer, const std::string& jwks, std::int64_t now) {
  SignatureCheck check;
  const auto fail = [&check](std::string problem) {
    check.problem = std::move(problem);
    return check;
  };
  const std::string digest = answer.field("content-digest");
  if (digest.empty()) return fail("the answer has no Content-Digest: it is not signed");
  if (digest != content_digest(answer.body)) return fail("its Content-Digest is not its body's: the body was changed");
  const std::optional<ReceivedSignature> signature = read_signature(
      answer.field("signature-input"), answer.field("signature"), answer_signature_label);
  if (!signature) return fail("the answer has no signature \"coin\" (Signature-Input, Signature)");
  check.keyid = signature->keyid;
  check.created = signature->created;
  const auto covers = [&](const std::string& name) {
    return std::find(signature->components.begin(), signature->components.end(), name) != signature->components.end();
  };
  for (const char* required : {"content-digest", "content-type", "x-snapshot-blocks"}) {
    if (!covers(required)) return fail(std::string("the signature does not cover ") + required);
  }
  // Finality is claimed only where it is signed: an X-Snapshot-Final the signature leaves out
  // could have been added on the way.
  if (!answer.field("x-snapshot-final").empty() && !covers("x-snapshot-final")) {
    return fail("the signature does not cover x-snapshot-final");
  }
  std::vector<std::string> values;
  for (const std::string& name : signature->components) {
    values.push_back(answer.field(name));
    if (values.back().empty()) {
      return fail("the answer has no " + name + ", which the signature covers");
    }
  }
  std::vector<Component> components;
  for (std::size_t i = 0; i < values.size(); ++i) components.push_back({signature->components[i], values[i]});
  if (signature->created > now + allowed_skew_seconds) {
    return fail("signed at " + std::to_string(signature->created) + ", later than now");
  }
  const std::optional<std::string> key = listed_key(jwks, signature->keyid);
  if (!key) {
    return fail("its key " + signature->keyid + " is not in the deployment's key set (unknown, or retired)");
  }
  if (!ed25519_verify(*key, signature_base(components, signature->parameters), signature->signature)) {
    return fail("the signature does not verify: a covered field or the digest was changed");
  }
  return check;
}

}  // namespace coin::verifier
