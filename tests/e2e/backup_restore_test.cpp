// Backup and restore (scripts/package/backup.sh, scripts/package/restore.sh): the fixture's
// snapshot rows, backed up and restored through sqitch into a new, empty database of a second
// stack that keeps running, answer every request byte for byte as the fixture does; a second
// restore over them is refused.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tests/e2e/answers.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

std::string script(const std::string& name) {
  return std::string(COIN_SOURCE_DIR) + "/scripts/package/" + name;
}

// Runs `argv` as an operator would, on the database of `stack` as its superuser (libpq's PG*
// variables); its exit status, its output in <var>/<log_name>.log.
int run_on(const Stack& stack, const std::vector<std::string>& argv, const std::string& log_name) {
  return wait_status(spawn(argv, {"PGHOST=" + stack.var() + "/pg", "PGUSER=postgres", "PGDATABASE=coin"},
                           stack.var() + "/" + log_name + ".log"));
}

std::string log_of(const Stack& stack, const std::string& log_name) {
  return read_file(stack.var() + "/" + log_name + ".log");
}

// Answers that come from the handlers, not from the published set: the spec's errors.
const std::vector<std::string> error_requests = {
    "/api/v1/data-platform/latest-collateral",
    "/api/v1/data-platform/latest-collateral?chain=TRON",
    "/api/v1/data-platform/collateral-history?chain=eth",
    "/api/v1/data-platform/collateral-history?chain=eth&interval=DAILY",
};

// The rows of every snapshot table, counted.
const std::string row_counts =
    "SELECT (SELECT count(*) FROM snapshot.chain_state), (SELECT count(*) FROM snapshot.vault), "
    "(SELECT count(*) FROM snapshot.vault_state), (SELECT count(*) FROM snapshot.allocator_position), "
    "(SELECT count(*) FROM snapshot.allocator_position_state)";

TEST(BackupRestore, ARestoredDatabaseAnswersEveryRequestByteForByteAsBefore) {
  const Stack& original = fixture_stack();
  Stack restored("empty");
  const std::string dump = restored.var() + "/fixture.dump";
  ASSERT_EQ(run_on(original, {script("backup.sh"), dump}, "backup"), 0) << log_of(original, "backup");

  // An empty database, as after its loss: run.sh deployed the schema into the stack's database,
  // so it is dropped (its sessions ended) and created anew, while the stack runs on.
  ASSERT_EQ(run_on(restored, {"dropdb", "--force", "coin"}, "dropdb"), 0) << log_of(restored, "dropdb");
  ASSERT_EQ(run_on(restored, {"createdb", "coin"}, "createdb"), 0) << log_of(restored, "createdb");
  ASSERT_EQ(run_on(restored, {script("restore.sh"), dump}, "restore"), 0) << log_of(restored, "restore");
  EXPECT_EQ(restored.query("postgres", row_counts), original.query("postgres", row_counts));

  // The database had nothing to publish before, and the restore wrote its rows at once: the
  // publisher's first set is the restored one.
  ASSERT_TRUE(eventually([&] { return std::filesystem::is_symlink(restored.published() + "/current"); }))
      << "nothing published";

  for (const Request& request : published_requests()) {
    // The published answer, and the handlers' (nginx publishes only the canonical query).
    for (const std::string& path : {request.path, request.with_unknown_parameter()}) {
      for (const std::vector<std::string>& headers : {std::vector<std::string>{}, {"Accept-Encoding: gzip"}}) {
        const HttpResponse before = http("GET", original.url(path), headers);
        EXPECT_EQ(before.status, 200) << path;
        expect_same_answer(before, http("GET", restored.url(path), headers), path + (headers.empty() ? "" : " gzip"));
      }
    }
  }
  for (const std::string& path : error_requests) {
    expect_same_answer(http("GET", original.url(path)), http("GET", restored.url(path)), path);
  }

  // A second restore finds the rows of the first, and changes nothing.
  EXPECT_EQ(run_on(restored, {script("restore.sh"), dump}, "restore-again"), 1);
  EXPECT_EQ(log_of(restored, "restore-again"),
            "error: database coin holds snapshot rows already: restore into an empty one\n");
  EXPECT_EQ(restored.query("postgres", row_counts), original.query("postgres", row_counts));
}

}  // namespace
}  // namespace coin::e2e
