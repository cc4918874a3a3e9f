#include "shared/signing_key.hpp"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <stdexcept>

#include "shared/public_jwk.hpp"

namespace coin {

SigningKey SigningKey::from_pem(std::string_view pem) {
  const std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())),
                                                      BIO_free);
  EVP_PKEY* key = bio ? PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr) : nullptr;
  if (key == nullptr || EVP_PKEY_get_id(key) != EVP_PKEY_ED25519) {
    EVP_PKEY_free(key);
    throw std::invalid_argument("not an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519)");
  }
  return SigningKey(key);
}

SigningKey::SigningKey(evp_pkey_st* key) : key_(key, EVP_PKEY_free), public_key_(32, '\0') {
  std::size_t size = public_key_.size();
  if (EVP_PKEY_get_raw_public_key(key, reinterpret_cast<unsigned char*>(public_key_.data()), &size) != 1 ||
      size != public_key_.size()) {
    throw std::invalid_argument("the Ed25519 key has no public key of 32 bytes");
  }
  keyid_ = jwk_thumbprint(public_key_);
}

std::string SigningKey::sign(std::string_view message) const {
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  std::string signature(64, '\0');
  std::size_t size = signature.size();
  // Ed25519 hashes the message itself: no digest is named, and the message goes in one call.
  if (!context || EVP_DigestSignInit(context.get(), nullptr, nullptr, nullptr, key_.get()) != 1 ||
      EVP_DigestSign(context.get(), reinterpret_cast<unsigned char*>(signature.data()), &size,
                     reinterpret_cast<const unsigned char*>(message.data()), message.size()) != 1 ||
      size != signature.size()) {
    throw std::runtime_error("Ed25519 signing failed");
  }
  return signature;
}

}  // namespace coin
