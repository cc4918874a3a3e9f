#pragma once
// A worker thread's database connection, with the handler's statements prepared on it.

#include <atomic>
#include <cstdint>
#include <ctime>
#include <memory>
#include <optional>
#include <pqxx/connection>
#include <pqxx/result>
#include <pqxx/row>
#include <stdexcept>
#include <string>
#include <vector>

#include "shared/backoff.hpp"
#include "shared/statement.hpp"

namespace coin {

// What an endpoint's statement (statement_of in endpoints.hpp) gives: the payload, the time of
// the newest snapshot, the answer's Last-Modified, and the blocks it rests on, its
// X-Snapshot-Blocks, and whether each is final, its X-Snapshot-Final (snapshot_blocks.hpp).
struct Fetched {
  std::string value;
  std::time_t last_modified = -1;
  std::string blocks;
  std::string finality;
  std::size_t kept = 0;  // the value's first bytes that are a kept part (a fifth column: the live part)
  bool final = false;    // asked at a past time, and every chain has a newer snapshot (api.answer_at)
};

// The payload in a row of an endpoint's statement `name`: its first column. Throws DatabaseError
// when it is NULL (no snapshot yet).
std::string payload_from(const pqxx::row& row, const std::string& name);

// The first row of an endpoint's statement; nullopt when there is none (no row has the
// parameters' values). Throws DatabaseError when one of its columns is NULL (no snapshot yet),
// or its blocks or finality are not are_snapshot_blocks.
std::optional<Fetched> fetched_from(const pqxx::result& result, const std::string& name);

// Each row of `result` as the text of its fields (NULL as "").
std::vector<std::vector<std::string>> text_rows(const pqxx::result& result);

// The snapshot's columns of statement `name`'s `row`, from column `first` on (snapshot_statement's,
// or those beside an endpoint's payload): a Fetched without its value. Throws DatabaseError as
// fetched_from does.
Fetched snapshot_from(const pqxx::row& row, const std::string& name, pqxx::row::size_type first = 0);

// Counts a database session opened again after one was lost, could not be opened or moved
// (coin_database_reconnections_total): a worker's, or the snapshot listener's.
void count_reconnection();

// A failure of the database or of a statement's result. Its text is for the log only.
class DatabaseError : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A parameter's value that a statement refused: an api function that checks what only the data
// can (an urn, a cursor) raises SQLSTATE CA002 with the spec's message, e.g. "Invalid urn.",
// which is what() (and nothing else: another text is a DatabaseError).
class RefusedValue : public std::runtime_error {
  using std::runtime_error::runtime_error;
};

class Database {
 public:
  // Connects on first use, with libpq's PG* variables filling in what `conninfo` leaves out.
  // `listener_readers`, if given, counts the sessions the process's snapshot listener opened
  // to read from: when it has changed since this session was opened, the next request opens a
  // new one, on the server the listener reads from now (a standby that answers again, after
  // reading from the primary while it was away), the one whose snapshots it announces.
  Database(std::string conninfo, std::vector<Statement> statements,
           const std::atomic<unsigned>* listener_readers = nullptr);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Runs prepared statement `name` and returns what its first row holds (fetched_from); with
  // `at_ms`, as of that time (epoch ms): in a transaction api.answer_at bounds, which may refuse
  // the time (RefusedValue). A session lost since the last request (a server restart,
  // pg_terminate_backend) is opened again and the statement tried again, twice at most. Throws
  // DatabaseError when that fails, when the statement fails or times out, when it yields NULL,
  // and, without trying, while the backoff after a failed connection attempt lasts;
  // RefusedValue when it refused a value.
  std::optional<Fetched> fetch(const std::string& name, const std::vector<std::string>& params = {},
                               std::optional<std::int64_t> at_ms = std::nullopt);

  // The same for any statement: all its rows. Throws DatabaseError as fetch does, but not
  // for an empty result.
  pqxx::result execute(const std::string& name, const std::vector<std::string>& params = {});

 private:
  pqxx::connection& connection();
  // `final`, when given, is set by api.answer_at(*at_ms) in the statement's transaction.
  pqxx::result execute_once(const std::string& name, const std::vector<std::string>& params,
                            std::optional<std::int64_t> at_ms, bool* final);
  pqxx::result execute(const std::string& name, const std::vector<std::string>& params,
                       std::optional<std::int64_t> at_ms, bool* final);

  std::string conninfo_;
  std::vector<Statement> statements_;
  std::unique_ptr<pqxx::connection> connection_;
  const std::atomic<unsigned>* listener_readers_;
  unsigned listener_readers_seen_ = 0;  // *listener_readers_ when connection_ was opened
  bool connected_before_ = false;  // so that a new connection after the first is a reconnection
  Backoff backoff_;
};

}  // namespace coin
