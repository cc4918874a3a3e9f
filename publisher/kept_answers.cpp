#include "publisher/kept_answers.hpp"

#include <utility>

#include "shared/endpoints.hpp"

namespace coin {

void KeptAnswers::begin(const std::vector<AnswerJob>& jobs) {
  std::map<std::string, KeptPart> parts;
  for (const AnswerJob& job : jobs) {
    if (job.endpoint->kept == Kept::none) continue;
    const std::string file = published_file(*job.endpoint, job.values);
    const auto found = parts_.find(file);
    KeptPart& part = parts[file];
    if (found == parts_.end()) continue;
    part = std::move(found->second);
    // A job kept is the served set's file, linked: the same bytes in the new set.
    if (job.kept && held(part)) part.set = rendering_ + 1;
  }
  parts_ = std::move(parts);
  ++rendering_;
}

}  // namespace coin
