#include "publisher/set_signatures.hpp"

#include <chrono>
#include <ctime>
#include <stdexcept>
#include <unordered_set>
#include <utility>

#include "shared/answer_signature.hpp"
#include "shared/content_digest.hpp"
#include "shared/request_conditions.hpp"
#include "shared/whole_file.hpp"

namespace coin {

void SetSignatures::sign(const SetDirectory& set, Publication& publication) {
  const auto start = std::chrono::steady_clock::now();
  const Signer signer{key_, std::time(nullptr)};
  std::unordered_set<std::string_view> written;  // the others' files are linked from the set before
  for (const PublishedAnswer& answer : publication.changed) written.insert(answer.path);
  std::unordered_map<std::string, Digest> digests;
  std::string index;
  for (const PublishedAnswer& answer : publication.answers) {
    const bool linked = written.count(answer.path) == 0;
    for (const auto& [suffix, encoding] : {std::pair{"", ""}, {".gz", "gzip"}, {".br", "br"}}) {
      const std::string name = answer.file + suffix;
      const std::optional<struct stat> status = status_in(set, name);
      if (!status) continue;  // a .gz or .br not worth having
      const std::string uri = '/' + placed(name, static_cast<std::size_t>(status->st_size));
      // A linked file's inode has lived since the set before was written, so the one signed last
      // saw it as this file, whatever set failed since; a file written now may have the inode of
      // one of a set removed since.
      const auto known = linked ? digests_.find(uri) : digests_.end();
      std::string digest = known != digests_.end() && known->second.inode == status->st_ino
                               ? known->second.value
                               : content_digest(read_file(set, name));
      const std::string last_modified = http_date(status->st_mtime);
      const SignedFields fields{answer.content_type, encoding, last_modified, publication.blocks};
      const AnswerSignature signature = sign_answer(signer, fields, digest);
      index += uri + '\t' + signature.content_digest + '\t' + signature.signature_input + '\t' + signature.signature;
      index += '\n';
      digests.emplace(uri, Digest{status->st_ino, std::move(digest)});
    }
  }
  write_whole_file(set.path() / signature_index, index);
  publication.signed_files = digests.size();
  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
  publication.signing_ms = took.count();
  digests_ = std::move(digests);
}

}  // namespace coin
