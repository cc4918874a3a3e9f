#pragma once
// The signatures of a set's answers (shared/answer_signature.hpp), made once, as the set is
// rendered, never per request: each file nginx may send for an answer (its bytes, its .gz, its
// .br) signed with the headers nginx sends it with, and listed in the set's index,
// signature_index, one line per file, tab-separated: the path nginx's $uri names the file by as
// it sends it ("/api/v1/x.json.gz", "/large/api/v1/y.json": try_files sets it), then its
// Content-Digest, Signature-Input and Signature. nginx reads the index with the set and adds the
// three headers to the file's 200 (nginx/published-signature.conf).

#include <sys/types.h>

#include <string>
#include <string_view>
#include <unordered_map>

#include "publisher/publication.hpp"
#include "publisher/set_files.hpp"
#include "shared/signing_key.hpp"

namespace coin {

// The index's file, in the set's own directory, where no answer's path can be.
inline constexpr std::string_view signature_index = "signatures.tsv";

class SetSignatures {
 public:
  explicit SetSignatures(const SigningKey& key) : key_(key) {}

  // Signs the files of `publication`'s answers in `set`, now, and writes the set's index. The
  // files of an answer whose bytes did not change (linked from the set before: the same inodes)
  // keep the digests the set signed last gave them, and their signatures too while the set shows
  // the same blocks and finality; with others, their signatures are made again.
  // Leaves in `publication` the count of files signed and the time it took.
  void sign(const SetDirectory& set, Publication& publication);

 private:
  // A file as the set signed last listed it.
  struct Signed {
    ino_t inode;
    time_t modified;
    std::string digest;
    std::string line;  // its line of the index
  };
  const SigningKey& key_;
  std::unordered_map<std::string, Signed> signed_;  // of the set signed last, by $uri
  std::string signed_blocks_;                        // its blocks
  std::string signed_finality_;                      // and their finality
};

}  // namespace coin
