// The JWK Set the publisher serves (publisher/key_set.hpp): the signing key's, then each listed
// key until its day has passed, each once; and the listed keys' files. Its members are RFC 8037's
// own (the thumbprints and the x of RFC 9421's and RFC 8037's example keys, signing_test.cpp).

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "publisher/key_set.hpp"
#include "tests/support/rfc9421_key.hpp"
#include "tests/support/temporary_directory.hpp"

namespace coin {
namespace {

using testing_support::rfc9421_key;

// RFC 8037 appendix A.2's public key, in PEM: its x after the SubjectPublicKeyInfo of Ed25519
// (RFC 8410), as `openssl pkey -pubout` writes one.
constexpr std::string_view rfc8037_public_key =
    "-----BEGIN PUBLIC KEY-----\n"
    "MCowBQYDK2VwAyEA11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=\n"
    "-----END PUBLIC KEY-----\n";

const std::string signing_jwk =
    R"({"alg":"EdDSA","crv":"Ed25519","kid":"poqkLGiymh_W0uP6PZFw-dvez3QJT5SolqXBCW38r0U","kty":"OKP","use":"sig",)"
    R"("x":"JrQLj5P_89iXES9-vFgrIy29clF9CC_oPPsw3c5D0bs"})";
const std::string listed_jwk =
    R"({"alg":"EdDSA","crv":"Ed25519","kid":"kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k","kty":"OKP","use":"sig",)"
    R"("x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"})";

TEST(KeySet, ListsTheSigningKeyThenEachListedKeyToTheEndOfItsDay) {
  const SigningKey key = SigningKey::from_pem(rfc9421_key);
  const std::vector<ListedKey> listed = {{public_key_from_pem(rfc8037_public_key), "2026-12-05"}};
  EXPECT_EQ(key_set(key, {}, "2026-12-05"), R"({"keys":[)" + signing_jwk + "]}\n");
  EXPECT_EQ(key_set(key, listed, "2026-12-04"), R"({"keys":[)" + signing_jwk + "," + listed_jwk + "]}\n");
  EXPECT_EQ(key_set(key, listed, "2026-12-05"), R"({"keys":[)" + signing_jwk + "," + listed_jwk + "]}\n");
  EXPECT_EQ(key_set(key, listed, "2026-12-06"), R"({"keys":[)" + signing_jwk + "]}\n");
  // The signing key listed too (the next key put in place before its day): once.
  const std::vector<ListedKey> itself = {{key.public_key(), "2027-01-01"}};
  EXPECT_EQ(key_set(key, itself, "2026-12-05"), R"({"keys":[)" + signing_jwk + "]}\n");
}

TEST(KeySet, ReadsTheListedKeysInTheOrderOfTheirDays) {
  const testing_support::TemporaryDirectory directory("listed-keys");
  directory.write("2027-01-31.pem", rfc8037_public_key, 0644);
  directory.write("2026-12-31.pem", rfc9421_key, 0600);  // a private key gives its public half
  const std::vector<ListedKey> listed = read_listed_keys(directory.path().string());
  ASSERT_EQ(listed.size(), 2u);
  EXPECT_EQ(listed[0].until, "2026-12-31");
  EXPECT_EQ(listed[0].public_key, SigningKey::from_pem(rfc9421_key).public_key());
  EXPECT_EQ(listed[1].until, "2027-01-31");
  EXPECT_EQ(listed[1].public_key, public_key_from_pem(rfc8037_public_key));
  EXPECT_TRUE(read_listed_keys("").empty());
}

std::string refusal_of(const std::string& directory) {
  try {
    read_listed_keys(directory);
  } catch (const std::runtime_error& error) {
    return error.what();
  }
  return "read";
}

TEST(KeySet, RefusesAFileNotNamedForADayOrWithoutAnEd25519Key) {
  const testing_support::TemporaryDirectory unnamed("listed-keys");
  const std::string old = unnamed.write("old.pem", rfc8037_public_key, 0644);
  EXPECT_EQ(refusal_of(unnamed.path().string()), "the listed key " + old + ": not named <YYYY-MM-DD>.pem");
  const testing_support::TemporaryDirectory other("listed-keys");
  const std::string text = other.write("2027-01-31.pem", "not a key\n", 0644);
  EXPECT_EQ(refusal_of(other.path().string()),
            "the listed key " + text + ": not an Ed25519 key in PEM (openssl pkey -pubout)");
}

}  // namespace
}  // namespace coin
