#pragma once
// What the publisher keeps between sets of each answer of a kept endpoint (Endpoint::kept): its
// kept part's kept_key and where that part ends in the answer's files, in the set that holds
// them, and the live part that follows it there. The next set then takes the kept bytes from the
// set before's files, asks the database for the live part alone, compares it with the one held,
// and compresses only that (split_compression.hpp). Only parts in the set served count: one
// written by a set that failed, or by a set before an answer was linked from an older one, is
// asked for again.

#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "publisher/answer_jobs.hpp"

namespace coin {

struct KeptPart {
  std::string key;         // the view's kept_key of the bytes ("": none held)
  unsigned long set = 0;   // the set whose files hold them (KeptAnswers' count of renders)
  std::size_t plain = 0;   // their length in the answer's file
  std::size_t gzip = 0;    // in its .gz; 0: the answer is compressed whole (a start under 1 KB)
  std::size_t brotli = 0;  // in its .br
  std::uint32_t crc = 0;   // their CRC-32
  std::string live{};      // the bytes after them in the answer's file: to compare, not to read back
  // A segmented endpoint's (Kept::segments): where each kept part is in the answer's file, its
  // offset and length (the fields above are a Kept::start endpoint's).
  std::vector<std::pair<std::size_t, std::size_t>> segments{};
};

class KeptAnswers {
 public:
  // Begins a set's render, of `jobs`: keeps the parts of their kept endpoints' answers (those
  // linked from the set served stay held), forgets the others.
  void begin(const std::vector<AnswerJob>& jobs);

  // The set begun last is served now: the next one starts from its files.
  void published() { served_ = rendering_; }

  // The part of the answer in `file`, one of begin's jobs': to read when held, and to write.
  // Each by one session at a time; begin is never called meanwhile.
  KeptPart& part(const std::string& file) { return parts_.at(file); }

  // Whether `part`'s bytes are in the set served, the base of the set being rendered.
  bool held(const KeptPart& part) const { return !part.key.empty() && part.set == served_; }

  // The set being rendered, for KeptPart::set.
  unsigned long rendering() const { return rendering_; }

 private:
  std::map<std::string, KeptPart> parts_;  // by the answer's file
  unsigned long rendering_ = 0;
  unsigned long served_ = 0;
};

}  // namespace coin
