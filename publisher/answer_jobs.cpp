#include "publisher/answer_jobs.hpp"

#include <algorithm>
#include <pqxx/pqxx>

#include "publisher/set_files.hpp"
#include "shared/database.hpp"

namespace coin {
namespace {

// The position of the chain among `endpoint`'s parameters, or npos when it has none: its
// answers are then those of every chain.
std::size_t chain_position(const Endpoint& endpoint) {
  const auto found = std::find(endpoint.parameters.begin(), endpoint.parameters.end(), &api_parameter("chain"));
  return found == endpoint.parameters.end() ? std::string::npos
                                            : static_cast<std::size_t>(found - endpoint.parameters.begin());
}

}  // namespace

Statement day_statement() { return {"day", "SELECT midnight::text FROM api.daily_baseline"}; }

std::vector<AnswerJob> answer_jobs(pqxx::transaction_base& transaction, const SetDirectory& set,
                                   const SetDirectory& base, const WrittenChains& written,
                                   std::string& day) {
  const pqxx::row today = transaction.exec_prepared1(day_statement().name);
  const bool day_moved = today[0].is_null() || today[0].c_str() != day;
  day = today[0].is_null() ? "" : today[0].c_str();
  const auto rows = [&](const Statement& statement) { return text_rows(transaction.exec_prepared(statement.name)); };
  std::vector<AnswerJob> jobs;
  for (const Endpoint& endpoint : endpoints()) {
    const std::size_t chain = chain_position(endpoint);
    for (std::vector<std::string>& values : published_values(endpoint, rows)) {
      const bool unchanged = endpoint.refreshed
                                 ? !written.every()
                                 : chain != std::string::npos && !day_moved && !written.has(values[chain], endpoint.tables);
      const bool kept = unchanged && link_from(base, set, published_file(endpoint, values));
      jobs.push_back({&endpoint, std::move(values), kept});
    }
  }
  return jobs;
}

}  // namespace coin
