#include "shared/signing_key.hpp"

#include <openssl/bio.h>
#include <openssl/evp.h>
#include <openssl/pem.h>

#include <stdexcept>

#include "shared/public_jwk.hpp"

namespace coin {

namespace {

// The key `read` (PEM_read_bio_PrivateKey, PEM_read_bio_PUBKEY) finds in `pem`, or null.
template <typename Read>
EVP_PKEY* read_pem(std::string_view pem, Read read) {
  const std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(pem.data(), static_cast<int>(pem.size())),
                                                      BIO_free);
  return bio ? read(bio.get(), nullptr, nullptr, nullptr) : nullptr;
}

// The 32 bytes of an Ed25519 key's public half.
std::string raw_public_key(const EVP_PKEY* key) {
  std::string public_key(32, '\0');
  std::size_t size = public_key.size();
  if (EVP_PKEY_get_raw_public_key(key, reinterpret_cast<unsigned char*>(public_key.data()), &size) != 1 ||
      size != public_key.size()) {
    throw std::invalid_argument("the Ed25519 key has no public key of 32 bytes");
  }
  return public_key;
}

}  // namespace

SigningKey SigningKey::from_pem(std::string_view pem) {
  EVP_PKEY* key = read_pem(pem, PEM_read_bio_PrivateKey);
  if (key == nullptr || EVP_PKEY_get_id(key) != EVP_PKEY_ED25519) {
    EVP_PKEY_free(key);
    throw std::invalid_argument("not an Ed25519 private key in PEM (openssl genpkey -algorithm ed25519)");
  }
  return SigningKey(key);
}

SigningKey::SigningKey(evp_pkey_st* key)
    : key_(key, EVP_PKEY_free), public_key_(raw_public_key(key)), keyid_(jwk_thumbprint(public_key_)) {}

std::string public_key_from_pem(std::string_view pem) {
  EVP_PKEY* read = read_pem(pem, PEM_read_bio_PUBKEY);
  if (read == nullptr) read = read_pem(pem, PEM_read_bio_PrivateKey);
  const std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(read, EVP_PKEY_free);
  if (!key || EVP_PKEY_get_id(key.get()) != EVP_PKEY_ED25519) {
    throw std::invalid_argument("not an Ed25519 key in PEM (openssl pkey -pubout)");
  }
  return raw_public_key(key.get());
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

bool ed25519_verify(std::string_view public_key, std::string_view message, std::string_view signature) {
  const std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(
      EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, nullptr, reinterpret_cast<const unsigned char*>(public_key.data()),
                                  public_key.size()),
      EVP_PKEY_free);
  const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  return key && context && EVP_DigestVerifyInit(context.get(), nullptr, nullptr, nullptr, key.get()) == 1 &&
         EVP_DigestVerify(context.get(), reinterpret_cast<const unsigned char*>(signature.data()), signature.size(),
                          reinterpret_cast<const unsigned char*>(message.data()), message.size()) == 1;
}

}  // namespace coin
