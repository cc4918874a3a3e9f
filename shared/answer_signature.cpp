#include "shared/answer_signature.hpp"

#include <utility>
#include <vector>

#include "shared/message_signature.hpp"

namespace coin {

AnswerSignature sign_answer(const Signer& signer, const SignedFields& fields, std::string content_digest) {
  AnswerSignature signed_answer{std::move(content_digest), {}, {}};
  std::vector<Component> components = {{"content-type", fields.content_type}};
  if (!fields.content_encoding.empty()) components.push_back({"content-encoding", fields.content_encoding});
  components.push_back({"content-digest", signed_answer.content_digest});
  components.push_back({"last-modified", fields.last_modified});
  if (!fields.snapshot_blocks.empty()) components.push_back({"x-snapshot-blocks", fields.snapshot_blocks});
  if (!fields.snapshot_final.empty()) components.push_back({"x-snapshot-final", fields.snapshot_final});
  MessageSignature signature = sign_message(components, signer.created, signer.key, answer_signature_label);
  signed_answer.signature_input = std::move(signature.input);
  signed_answer.signature = std::move(signature.signature);
  return signed_answer;
}

}  // namespace coin
