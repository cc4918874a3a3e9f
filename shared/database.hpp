#pragma once
// A worker thread's database connection, with the handler's statements prepared on it.

#include <memory>
#include <pqxx/connection>
#include <stdexcept>
#include <string>
#include <vector>

#include "backoff.hpp"

namespace coin {

struct Statement {
  std::string name;
  std::string sql;
};

// A failure of the database or of a statement's result. Its text is for the log only.
class DatabaseError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Database {
 public:
  // Connects on first use, with libpq's PG* variables filling in what `conninfo` leaves out.
  Database(std::string conninfo, std::vector<Statement> statements);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs prepared statement `name` and returns the first column of its first row as text.
  // A session lost since the last request (a server restart, pg_terminate_backend) is opened
  // again and the statement tried once more. Throws DatabaseError when that fails too, when
  // the statement fails or times out, when it yields no row or NULL, and, without trying,
  // while the backoff after a failed connection attempt lasts.
  std::string fetch(const std::string& name, const std::vector<std::string>& params = {});

 private:
  pqxx::connection& connection();
  std::string fetch_once(const std::string& name, const std::vector<std::string>& params);

  std::string conninfo_;
  std::vector<Statement> statements_;
  std::unique_ptr<pqxx::connection> connection_;
  Backoff backoff_;
};

}  // namespace coin
