#include "indexer/description_writer.hpp"

#include <pqxx/pqxx>

#include "shared/log.hpp"

namespace coin::indexer {
namespace {

// written_at moves only with the text: an indexer started again with the same file keeps the
// answer's Last-Modified and ETag (sql/deploy/deployment_description.sql).
constexpr const char* upsert_description = R"(
INSERT INTO snapshot.deployment_description AS d (description) VALUES ($1::json)
    ON CONFLICT (one) DO UPDATE SET description = excluded.description, written_at = excluded.written_at
 WHERE d.description::text IS DISTINCT FROM excluded.description::text)";

}  // namespace

bool write_description(Database& database, const std::string& description) {
  try {
    pqxx::work transaction(database.connection());
    transaction.exec_params(upsert_description, description);
    transaction.commit();
    return true;
  } catch (const std::exception& e) {
    database.reset();
    log_error(std::string("the deployment's description not written, tried again next round: ") + e.what());
    return false;
  }
}

}  // namespace coin::indexer
