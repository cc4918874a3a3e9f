#pragma once
// The public keys a reader verifies the answers with, as a JWK Set (RFC 7517 section 5; each key
// shared/public_jwk.hpp's), which the publisher writes to DIRECTORY/jwks.json and nginx serves at
// /.well-known/jwks.json (nginx/keys.conf): the signing key's, then each key listed beside it,
// until the day it is listed for has passed. A key is listed by a file of the directory
// --listed-keys names, "<YYYY-MM-DD>.pem", its public key in PEM (`openssl pkey -pubout`), listed
// to the end of that day (UTC): the key before a rotation, so that the answers it signed still
// verify while clients and caches keep them, or the next key, so that readers know it before it
// signs (docs/operating.md, The signing key).

#include <string>
#include <utility>
#include <vector>

#include "shared/signing_key.hpp"

namespace coin {

struct ListedKey {
  std::string public_key;  // its 32 bytes
  std::string until;       // the last day it is listed, "YYYY-MM-DD"
};

// The keys listed in `directory`, in the order of their days; none when `directory` is "". Throws
// std::runtime_error naming a file that is not "<YYYY-MM-DD>.pem" with an Ed25519 key.
std::vector<ListedKey> read_listed_keys(const std::string& directory);

// The JWK Set of `key` and the keys of `listed` whose day is `today` ("YYYY-MM-DD") or later.
std::string key_set(const SigningKey& key, const std::vector<ListedKey>& listed, const std::string& today);

// The file of the JWK Set, kept as of the day: written at start, and again once a listed key's
// day has passed.
class KeySetFile {
 public:
  KeySetFile(std::string path, const SigningKey& key, std::vector<ListedKey> listed)
      : path_(std::move(path)), key_(key), listed_(std::move(listed)) {}

  // Writes the set as of now when it is not what the file holds, replacing the file in one
  // rename(2), readable by nginx's workers.
  void update();

 private:
  std::string path_;
  const SigningKey& key_;
  std::vector<ListedKey> listed_;
  std::string written_;
};

}  // namespace coin
