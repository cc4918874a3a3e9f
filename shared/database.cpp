#include "shared/database.hpp"

#include <pqxx/pqxx>
#include <optional>
#include <regex>
#include <string_view>
#include <utility>

#include "shared/metrics.hpp"
#include "shared/snapshot_blocks.hpp"

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

// The message of an api function's refusal (SQLSTATE CA002): libpq's "ERROR:  Invalid urn.",
// then maybe CONTEXT lines. Only "Invalid <name>." or "Invalid <name>: <lower-case words>."
// (api.answer_at's "Invalid at: in the future.") passes, so no other text of the database's
// ever reaches a client.
std::optional<std::string> refusal_of(const pqxx::failure& error) {
  const auto* sql = dynamic_cast<const pqxx::sql_error*>(&error);
  if (sql == nullptr || sql->sqlstate() != "CA002") return std::nullopt;
  static const std::regex refusal("^ERROR:  (Invalid [A-Za-z]+(: [a-z ]+)?\\.)(\n|$)");
  std::smatch match;
  const std::string text = error.what();
  if (!std::regex_search(text, match, refusal)) return std::nullopt;
  return match[1].str();
}

void count_error() {
  static auto& errors = counter_family("coin_database_errors_total",
                                       "Statements that failed: the database unreachable, a statement failed or timed out");
  errors.Add({}).Increment();
}

}  // namespace

void count_reconnection() {
  static auto& reconnections = counter_family(
      "coin_database_reconnections_total", "Database sessions opened again after one was lost, could not be opened or moved to another server");
  reconnections.Add({}).Increment();
}

Database::Database(std::string conninfo, std::vector<Statement> statements,
                   const std::atomic<unsigned>* listener_readers)
    : conninfo_(std::move(conninfo)), statements_(std::move(statements)), listener_readers_(listener_readers) {}

Database::~Database() = default;

pqxx::connection& Database::connection() {
  const unsigned listener_readers = listener_readers_ == nullptr ? 0 : listener_readers_->load();
  if (connection_ && listener_readers == listener_readers_seen_) return *connection_;
  connection_.reset();
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
  listener_readers_seen_ = listener_readers;
  if (connected_before_) count_reconnection();
  connected_before_ = true;
  return *connection_;
}

std::vector<std::vector<std::string>> text_rows(const pqxx::result& result) {
  std::vector<std::vector<std::string>> rows;
  for (const pqxx::row& row : result) {
    std::vector<std::string>& fields = rows.emplace_back();
    for (const pqxx::field& field : row) fields.emplace_back(field.c_str());
  }
  return rows;
}

Fetched snapshot_from(const pqxx::row& row, const std::string& name, pqxx::row::size_type first) {
  const pqxx::field time = row[first];
  const pqxx::field blocks = row[first + 1];
  const pqxx::field finality = row[first + 2];
  if (time.is_null() || blocks.is_null() || finality.is_null()) {
    throw DatabaseError("statement " + name + " gave no value");
  }
  for (const pqxx::field& header : {blocks, finality}) {
    if (!are_snapshot_blocks(std::string_view(header.c_str(), header.size()))) {
      throw DatabaseError("statement " + name + " gave a text unfit for a header: " + header.c_str());
    }
  }
  return Fetched{"", time.as<std::time_t>(), blocks.c_str(), finality.c_str()};
}

std::string payload_from(const pqxx::row& row, const std::string& name) {
  if (row[0].is_null()) throw DatabaseError("statement " + name + " gave no value");
  return row[0].c_str();
}

std::optional<Fetched> fetched_from(const pqxx::result& result, const std::string& name) {
  if (result.empty()) return std::nullopt;
  std::string payload = payload_from(result[0], name);
  Fetched fetched = snapshot_from(result[0], name, 1);
  if (result.columns() == 5) {  // a kept endpoint's payload in two parts, kept then live (statement_of)
    fetched.kept = payload.size();
    payload += result[0][4].c_str();
  }
  fetched.value = std::move(payload);
  return fetched;
}

pqxx::result Database::execute_once(const std::string& name, const std::vector<std::string>& params,
                                    std::optional<std::int64_t> at_ms, bool* final) {
  if (!at_ms) {
    pqxx::nontransaction transaction(connection());
    return transaction.exec_prepared(name, pqxx::prepare::make_dynamic_params(params));
  }
  // Read only: the bound (a setting local to the transaction) ends with it, whatever happens.
  pqxx::read_transaction transaction(connection());
  *final = transaction.exec_params1("SELECT api.answer_at($1)", *at_ms)[0].as<bool>();
  return transaction.exec_prepared(name, pqxx::prepare::make_dynamic_params(params));
}

pqxx::result Database::execute(const std::string& name, const std::vector<std::string>& params) {
  return execute(name, params, std::nullopt, nullptr);
}

pqxx::result Database::execute(const std::string& name, const std::vector<std::string>& params,
                               std::optional<std::int64_t> at_ms, bool* final) {
  for (int attempt = 1;; ++attempt) {
    try {
      return execute_once(name, params, at_ms, final);
    } catch (const pqxx::failure& e) {
      if (const std::optional<std::string> refused = refusal_of(e)) throw RefusedValue(*refused);
      const bool lost = session_lost(e);
      if (lost) connection_.reset();
      // A fresh session, at once, twice at most: one that ends all sessions (a failover,
      // pg_terminate_backend in a loop) may end the first fresh one too.
      if (lost && attempt <= 2) continue;
      count_error();
      throw DatabaseError((lost ? "database unreachable: " : "statement " + name + " failed: ") +
                          std::string(e.what()));
    } catch (const DatabaseError&) {  // waiting before the next attempt to connect
      count_error();
      throw;
    }
  }
}

std::optional<Fetched> Database::fetch(const std::string& name, const std::vector<std::string>& params,
                                       std::optional<std::int64_t> at_ms) {
  bool final = false;
  std::optional<Fetched> fetched = fetched_from(execute(name, params, at_ms, &final), name);
  if (fetched) fetched->final = final;
  return fetched;
}

}  // namespace coin
