#pragma once
// The signature of an answer with data (a 200 that rests on a snapshot), the same whether a
// handler renders it (rendered_answer.hpp) or the publisher: its Content-Digest, and an RFC 9421
// signature under the label "coin" of its content type and coding, that digest, its
// Last-Modified, its X-Snapshot-Blocks and its X-Snapshot-Final, with the time it was signed and
// the key's id. A 304, an error and a live answer are never signed: they carry no data of a
// snapshot.

#include <cstdint>
#include <string>
#include <string_view>

#include "shared/signing_key.hpp"

namespace coin {

inline constexpr std::string_view answer_signature_label = "coin";

// What signs an answer, and when: `created` is the signature's time, in seconds since 1970.
struct Signer {
  const SigningKey& key;
  std::int64_t created;
};

// The header fields of an answer that its signature covers, as sent; an empty
// content_encoding, snapshot_blocks or snapshot_final is not sent, and not covered.
struct SignedFields {
  std::string_view content_type;
  std::string_view content_encoding;
  std::string_view last_modified;
  std::string_view snapshot_blocks;
  std::string_view snapshot_final;
};

// The values of the three headers that sign an answer.
struct AnswerSignature {
  std::string content_digest;
  std::string signature_input;
  std::string signature;
};

// The signature of an answer whose bytes as sent have `content_digest` (content_digest.hpp):
// the digest is taken apart so that the publisher can keep a file's from one set to the next.
AnswerSignature sign_answer(const Signer& signer, const SignedFields& fields, std::string content_digest);

}  // namespace coin
