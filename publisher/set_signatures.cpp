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
  std::unordered_map<std::string, Signed> listed;
  std::string index;
  std::size_t signed_files = 0;
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
      const auto known = linked ? signed_.find(uri) : signed_.end();
      const bool same_file = known != signed_.end() && known->second.inode == status->st_ino &&
                             known->second.modified == status->st_mtime;
      Signed file{status->st_ino, status->st_mtime, same_file ? known->second.digest : "", ""};
      if (same_file && publication.blocks == signed_blocks_ && publication.finality == signed_finality_) {
        file.line = known->second.line;
      } else {
        if (!same_file) file.digest = content_digest(read_file(set, name));
        const std::string last_modified = http_date(status->st_mtime);
        const SignedFields fields{answer.content_type, encoding, last_modified, publication.blocks,
                                  publication.finality};
        const AnswerSignature signature = sign_answer(signer, fields, file.digest);
        file.line = uri + '\t' + signature.content_digest + '\t' + signature.signature_input + '\t' +
                    signature.signature + '\n';
        ++signed_files;
      }
      index += file.line;
      listed.emplace(uri, std::move(file));
    }
  }
  write_whole_file(set.path() / signature_index, index);
  publication.signed_files = signed_files;
  const std::chrono::duration<double, std::milli> took = std::chrono::steady_clock::now() - start;
  publication.signing_ms = took.count();
  signed_ = std::move(listed);
  signed_blocks_ = publication.blocks;
  signed_finality_ = publication.finality;
}

}  // namespace coin
