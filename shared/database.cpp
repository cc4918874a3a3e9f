#include "shared/database.hpp"

#include <pqxx/pqxx>

namespace coin {
namespace {

// Whether `error` means the session is gone, rather than that the statement failed: the link
// broke, or the server ended the session (SQLSTATE class 08, or 57P01-57P03: shutdown, crash,
// pg_terminate_backend).
bool session_lost(const pqxx::failure& error) {
  if (dynamic_cast<const pqxx::broken_connection*>(&error) != nullptr) return true;
  const auto* sql = dynamic_cast<const pqxx::sql_error*>(&error);
  if (sql == nullptr) return false;
  const std::string& state = sql->sqlstate();
  return state.rfind("08", 0) == 0 || state.rfind("57P", 0) == 0;
}

}  // namespace

Database::Database(std::string conninfo, std::vector<Statement> statements)
    : conninfo_(std::move(conninfo)), statements_(std::move(statements)) {}

Database::~Database() = default;

pqxx::connection& Database::connection() {
  if (connection_) return *connection_;
  if (!backoff_.ready()) throw DatabaseError("database unreachable, waiting before the next attempt");
  try {
    auto fresh = std::make_unique<pqxx::connection>(conninfo_);
    for (const Statement& statement : statements_) fresh->prepare(statement.name, statement.sql);
    connection_ = std::move(fresh);
  } catch (const pqxx::broken_connection&) {
    backoff_.failed();
    throw;
  }
  backoff_.succeeded();
  return *connection_;
}

Fetched fetched_from(const pqxx::result& result, const std::string& name) {
  if (result.empty() || result[0][0].is_null() || result[0][1].is_null()) {
    throw DatabaseError("statement " + name + " gave no value");
  }
  return {result[0][0].c_str(), result[0][1].as<std::time_t>()};
}

Fetched Database::fetch_once(const std::string& name, const std::vector<std::string>& params) {
  pqxx::nontransaction transaction(connection());
  return fetched_from(transaction.exec_prepared(name, pqxx::prepare::make_dynamic_params(params)), name);
}

Fetched Database::fetch(const std::string& name, const std::vector<std::string>& params) {
  for (int attempt = 1;; ++attempt) {
    try {
      return fetch_once(name, params);
    } catch (const pqxx::failure& e) {
      const bool lost = session_lost(e);
      if (lost) connection_.reset();
      if (lost && attempt == 1) continue;  // one fresh session, at once
      throw DatabaseError((lost ? "database unreachable: " : "statement " + name + " failed: ") +
                          std::string(e.what()));
    }
  }
}

}  // namespace coin
