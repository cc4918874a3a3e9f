// The answers' signatures' parts against the RFCs' own examples: Content-Digest (RFC 9530),
// a JWK's thumbprint (RFC 8037), and an Ed25519 signature of a signature base (RFC 9421
// appendix B.2.6, with its key test-key-ed25519 of B.1.4); an event's detached JWS; and the key
// file's checks.

#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "shared/base64.hpp"
#include "shared/content_digest.hpp"
#include "shared/detached_jws.hpp"
#include "shared/message_signature.hpp"
#include "shared/public_jwk.hpp"
#include "shared/signing_key.hpp"
#include "shared/signing_key_file.hpp"
#include "tests/support/rfc9421_key.hpp"
#include "tests/support/temporary_directory.hpp"

namespace {

using coin::Component;
using coin::SigningKey;
using coin::testing_support::rfc9421_key;
using coin::testing_support::rfc9421_keyid;

TEST(ContentDigest, IsRfc9530sExample) {
  EXPECT_EQ(coin::content_digest(R"({"hello": "world"})"), "sha-256=:X48E9qOokqqrvdts8nOJRJN3OWDUoyWxBf7kbu9DBPE=:");
  EXPECT_EQ(coin::content_digest("{\"hello\": \"world\"}\n"), "sha-256=:RK/0qy18MlBSVnWgjwz6lZEWjP/lF5HF9bvEF8FabDg=:");
}

TEST(Base64, PadsTheStandardFormAndNotTheUrlForm) {
  EXPECT_EQ(coin::base64(""), "");
  EXPECT_EQ(coin::base64("\xfb\xff"), "+/8=");
  EXPECT_EQ(coin::base64url("\xfb\xff"), "-_8");
  EXPECT_EQ(coin::base64url("abc"), "YWJj");
}

TEST(Base64, ReadsBackEachFormAndNothingElse) {
  EXPECT_EQ(coin::from_base64("+/8="), "\xfb\xff");
  EXPECT_EQ(coin::from_base64(""), "");
  EXPECT_EQ(coin::from_base64url("-_8"), "\xfb\xff");
  EXPECT_EQ(coin::from_base64url("YWJj"), "abc");
  EXPECT_EQ(coin::from_base64("+/8"), std::nullopt);    // a length no encoding gives
  EXPECT_EQ(coin::from_base64("+/9="), std::nullopt);   // bits under the padding
  EXPECT_EQ(coin::from_base64("+/8*"), std::nullopt);   // a foreign character
  EXPECT_EQ(coin::from_base64("-_8="), std::nullopt);   // the URL-safe alphabet
  EXPECT_EQ(coin::from_base64url("+/8"), std::nullopt);  // the standard one
  EXPECT_EQ(coin::from_base64url("-_8="), std::nullopt); // padded
}

TEST(PublicJwk, ThumbprintIsRfc8037sExample) {
  // RFC 8037 A.2's x (its bytes, which base64url gives back as the RFC writes them), and A.3's
  // thumbprint of it.
  const std::string key = "\xd7\x5a\x98\x01\x82\xb1\x0a\xb7\xd5\x4b\xfe\xd3\xc9\x64\x07\x3a"
                          "\x0e\xe1\x72\xf3\xda\xa6\x23\x25\xaf\x02\x1a\x68\xf7\x07\x51\x1a";
  EXPECT_EQ(coin::base64url(key), "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo");
  EXPECT_EQ(coin::jwk_thumbprint(key), "kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k");
  EXPECT_EQ(coin::public_jwk(key),
            R"({"alg":"EdDSA","crv":"Ed25519","kid":"kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k",)"
            R"("kty":"OKP","use":"sig","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"})");
}

TEST(SigningKey, ReadsRfc9421sKeyWithItsPublicHalfAndThumbprint) {
  const SigningKey key = SigningKey::from_pem(rfc9421_key);
  EXPECT_EQ(coin::base64url(key.public_key()), coin::testing_support::rfc9421_public_key);
  EXPECT_EQ(key.keyid(), rfc9421_keyid);
}

TEST(SigningKey, RefusesWhatIsNotAnEd25519PrivateKey) {
  EXPECT_THROW(SigningKey::from_pem(""), std::invalid_argument);
  EXPECT_THROW(SigningKey::from_pem("-----BEGIN PUBLIC KEY-----\n"
                                    "MCowBQYDK2VwAyEAJrQLj5P/89iXES9+vFgrIy29clF9CC/oPPsw3c5D0bs=\n"
                                    "-----END PUBLIC KEY-----\n"),
               std::invalid_argument);
}

TEST(MessageSignature, SignsRfc9421sEd25519ExampleToItsSignature) {
  const std::vector<Component> components = {
      {"date", "Tue, 20 Apr 2021 02:07:55 GMT"}, {"@method", "POST"}, {"@path", "/foo"},
      {"@authority", "example.com"}, {"content-type", "application/json"}, {"content-length", "18"}};
  const std::string parameters = coin::signature_parameters(components, 1618884473, "test-key-ed25519");
  EXPECT_EQ(parameters,
            R"(("date" "@method" "@path" "@authority" "content-type" "content-length");created=1618884473;keyid="test-key-ed25519")");
  const std::string base = coin::signature_base(components, parameters);
  EXPECT_EQ(base,
            "\"date\": Tue, 20 Apr 2021 02:07:55 GMT\n\"@method\": POST\n\"@path\": /foo\n"
            "\"@authority\": example.com\n\"content-type\": application/json\n\"content-length\": 18\n"
            "\"@signature-params\": " + parameters);
  EXPECT_EQ(coin::base64(SigningKey::from_pem(rfc9421_key).sign(base)),
            "wqcAqbmYJ2ji2glfAMaRy4gruYYnx2nEFN2HN6jrnDnQCK1u02Gb04v9EDgwUPiu4A0w6vuQv5lIp5WPpBKRCw==");
}

TEST(MessageSignature, GivesTheFieldsUnderItsLabelWithTheKeysThumbprint) {
  const SigningKey key = SigningKey::from_pem(rfc9421_key);
  const std::vector<Component> components = {{"content-type", "application/json"}};
  const coin::MessageSignature signed_message = coin::sign_message(components, 1618884473, key, "coin");
  const std::string parameters =
      R"(("content-type");created=1618884473;keyid=")" + std::string(rfc9421_keyid) + "\"";
  EXPECT_EQ(signed_message.input, "coin=" + parameters);
  EXPECT_EQ(signed_message.signature,
            "coin=:" + coin::base64(key.sign("\"content-type\": application/json\n\"@signature-params\": " + parameters)) + ":");
}

TEST(MessageSignature, IsReadBackAndVerifiedAsSigned) {
  const SigningKey key = SigningKey::from_pem(rfc9421_key);
  const std::vector<Component> components = {{"content-type", "application/json"}, {"x-snapshot-blocks", "eth=1"}};
  const coin::MessageSignature sent = coin::sign_message(components, 1618884473, key, "coin");
  const std::optional<coin::ReceivedSignature> read =
      coin::read_signature("other=(\"date\");created=1;keyid=\"k\", " + sent.input, sent.signature, "coin");
  ASSERT_TRUE(read);
  EXPECT_EQ(read->components, (std::vector<std::string>{"content-type", "x-snapshot-blocks"}));
  EXPECT_EQ(read->created, 1618884473);
  EXPECT_EQ(read->keyid, rfc9421_keyid);
  const std::string base = coin::signature_base(components, read->parameters);
  EXPECT_TRUE(coin::ed25519_verify(key.public_key(), base, read->signature));
  EXPECT_FALSE(coin::ed25519_verify(key.public_key(), base + " ", read->signature));
  EXPECT_FALSE(coin::ed25519_verify(key.public_key(), base, std::string(64, '\0')));
  EXPECT_FALSE(coin::ed25519_verify("short", base, read->signature));
  // Another label, or fields of another form, give none.
  EXPECT_FALSE(coin::read_signature(sent.input, sent.signature, "sig"));
  EXPECT_FALSE(coin::read_signature("coin=(content-type);created=1;keyid=\"k\"", sent.signature, "coin"));
  EXPECT_FALSE(coin::read_signature("coin=(\"content-type\");keyid=\"k\"", sent.signature, "coin"));
  EXPECT_FALSE(coin::read_signature(sent.input + ";alg=\"ed25519\"", sent.signature, "coin"));
  EXPECT_FALSE(coin::read_signature(sent.input, "coin=:not base64:", "coin"));
}

// The bytes signed and the signature worked out with openssl (base64url of the header, ".", the
// payload as it is; `openssl pkeyutl -sign -rawin` with RFC 9421's key).
TEST(DetachedJws, SignsTheUnencodedPayloadAfterItsHeader) {
  const coin::SigningKey key = coin::SigningKey::from_pem(rfc9421_key);
  EXPECT_EQ(coin::detached_jws(key, R"({"snapshotAt":"2026-05-13T01:00:00Z"})"),
            "eyJhbGciOiJFZERTQSIsImI2NCI6ZmFsc2UsImNyaXQiOlsiYjY0Il0sImtpZCI6InBvcWtMR2l5bWhfVzB1UDZQWkZ3LWR2ZXozUUpUNVNvbHFYQkNXMzhyMFUifQ"
            ".."
            "1mXI4uXMWRqIx9vHE5GypYibD7eQI5cB_CPlpN9T1J1d5Vzg7D0PXdZt7qN38fzfEDy8LowIWp_N2TOoQBDIDg");
}

class SigningKeyFile : public ::testing::Test {
 protected:
  std::string write(const std::string& text, mode_t mode) { return directory_.write("key.pem", text, mode); }
  coin::testing_support::TemporaryDirectory directory_{"signing-key"};
};

std::string message_of(const std::string& path) {
  try {
    coin::read_signing_key(path);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "read";
}

TEST_F(SigningKeyFile, ReadsAKeyOnlyItsOwnerMayRead) {
  EXPECT_EQ(coin::read_signing_key(write(std::string(rfc9421_key), 0600)).keyid(), rfc9421_keyid);
  EXPECT_EQ(coin::read_signing_key(write(std::string(rfc9421_key), 0400)).keyid(), rfc9421_keyid);
}

TEST_F(SigningKeyFile, SaysWhatIsWrongWithAKeyItCannotUse) {
  const std::string missing = directory_.file("none.pem");
  EXPECT_EQ(message_of(missing), "the signing key " + missing + ": No such file or directory");
  const std::string shared = write(std::string(rfc9421_key), 0640);
  EXPECT_EQ(message_of(shared), "the signing key " + shared + ": others than its owner may use it (mode 640): chmod 600 it");
  const std::string text = write("not a key\n", 0600);
  EXPECT_EQ(message_of(text),
            "the signing key " + text + ": not an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519)");
}

}  // namespace
