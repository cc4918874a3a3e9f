#include "database.hpp"

#include <pqxx/pqxx>

namespace coin {

Database::Database(std::string conninfo, std::vector<Statement> statements)
    : conninfo_(std::move(conninfo)), statements_(std::move(statements)) {}

Database::~Database() = default;

pqxx::connection& Database::connection() {
  if (!connection_) {
    auto fresh = std::make_unique<pqxx::connection>(conninfo_);
    for (const Statement& statement : statements_) fresh->prepare(statement.name, statement.sql);
    connection_ = std::move(fresh);
  }
  return *connection_;
}

std::string Database::fetch_once(const std::string& name, const std::vector<std::string>& params) {
  pqxx::nontransaction transaction(connection());
  const pqxx::result result =
      transaction.exec_prepared(name, pqxx::prepare::make_dynamic_params(params));
  if (result.empty() || result[0][0].is_null()) {
    throw DatabaseError("statement " + name + " gave no value");
  }
  return result[0][0].c_str();
}

std::string Database::fetch(const std::string& name, const std::vector<std::string>& params) {
  try {
    try {
      return fetch_once(name, params);
    } catch (const pqxx::broken_connection&) {
      connection_.reset();  // the server restarted or the link dropped: one fresh try
      return fetch_once(name, params);
    }
  } catch (const pqxx::broken_connection& e) {
    connection_.reset();
    throw DatabaseError(std::string("database unreachable: ") + e.what());
  } catch (const pqxx::failure& e) {
    throw DatabaseError("statement " + name + " failed: " + e.what());
  }
}

}  // namespace coin
