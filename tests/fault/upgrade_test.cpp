// Upgrades under load that drop nothing.
// 1. New handler binaries, put in place as a package does (written beside the old ones, renamed
//    over them: a new inode), then each handler process restarted in turn, as `systemctl
//    restart` does (SIGTERM; scripts/dev/run.sh's supervisor starts it again from the new file),
//    the next once the last listens again: no request fails (nginx hands what a stopping
//    process refuses or drops to the other one, and never leaves one out: upstreams.conf,
//    publisher/nginx_config.cpp), and every process runs the new file.
// 2. A view changed with `sqitch rework` after the plan's release tag and deployed, then
//    3. reverted with `sqitch revert --to` the change before it: no request fails, and every
//    published answer and every handler's answer shows the new (then the old) figure without a
//    snapshot written, announced by the deploy's own NOTIFY (sql/deploy/ddl_notify.sql), within
//    change_shown_within (fault.hpp). The handlers' prepared statements follow the view that
//    was replaced: PostgreSQL plans them again.

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <future>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/fault/fault.hpp"
#include "tests/fault/load.hpp"
#include "tests/support/temporary_directory.hpp"

namespace coin::fault {
namespace {

namespace fs = std::filesystem;
using e2e::http;

using testing_support::TemporaryDirectory;

ino_t inode_of(const fs::path& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0 ? status.st_ino : 0;
}

// The file process `pid` runs: /proc/<pid>/exe leads to it even once it was replaced.
ino_t running_inode(pid_t pid) { return inode_of("/proc/" + std::to_string(pid) + "/exe"); }

// A package upgrade: the new file written beside the old one, then renamed over it, so that
// the running processes keep the old file and the next one started gets the new (a new inode).
// Returns its inode.
ino_t install(const fs::path& from, const fs::path& to) {
  const fs::path partial = to.string() + ".new";
  fs::copy_file(from, partial, fs::copy_options::overwrite_existing);
  fs::rename(partial, to);
  return inode_of(to);
}

bool accepts_connections(const std::string& socket_path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  socket_path.copy(address.sun_path, sizeof address.sun_path - 1);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  const bool connected = ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return connected;
}

TEST(Upgrade, NewHandlerBinariesRestartedProcessByProcessDropNoRequest) {
  const TemporaryDirectory handlers("coin-upgrade");
  fs::copy(COIN_HANDLER_DIR, handlers.path(), fs::copy_options::recursive);
  // Without the publisher, every request reaches a handler.
  const e2e::Stack stack("fixture", {"PUBLISH=off", "HANDLERS=" + handlers.path().string()});
  auto load = std::async(std::launch::async, [&] {
    return run_load(stack.url(""), every_endpoint(), Load{/*connections*/ 32, /*seconds*/ 20});
  });
  std::this_thread::sleep_for(3s);

  std::map<std::string, ino_t> new_inode;  // by handler binary: "supply", "protocol"
  for (const std::string& name : handler_names) {
    const std::string binary = name.substr(0, name.find('-'));
    if (new_inode.count(binary) == 0) {
      new_inode[binary] = install(fs::path(COIN_HANDLER_DIR) / binary, handlers.path() / binary);
    }
  }
  double slowest_restart = 0;
  for (const std::string& name : handler_names) {
    const pid_t old_pid = handler_pid(stack.var(), name);
    ASSERT_GT(old_pid, 0) << name;
    ASSERT_EQ(::kill(old_pid, SIGTERM), 0);
    const double listening = seconds_until(Clock::now(), [&] {
      const pid_t pid = handler_pid(stack.var(), name);
      return pid > 0 && pid != old_pid && accepts_connections(stack.var() + "/run/" + name + ".sock");
    });
    ASSERT_GE(listening, 0) << name << " did not listen again";
    slowest_restart = std::max(slowest_restart, listening);
  }

  const LoadResult result = load.get();
  report("handlers upgraded", result.figures() + "; " + std::to_string(handler_names.size()) +
                                  " processes restarted one after another, the slowest listening again after " +
                                  std::to_string(slowest_restart) + " s");
  EXPECT_EQ(result.failed(), 0) << result.figures() << failure_evidence(stack.var());
  EXPECT_GT(result.requests, 10'000) << "the load ran";
  for (const auto& [name, pid] : handler_processes(stack.var())) {
    EXPECT_EQ(running_inode(pid), new_inode[name.substr(0, name.find('-'))]) << name << " runs the old file";
  }
}

// An answer the reworked view changes: 6.12 of tron or eth, published, or with an unknown
// parameter, which nginx sends to the handlers.
struct ChangedAnswer {
  std::string chain;
  std::string path;
  bool published;
};

std::vector<ChangedAnswer> changed_answers() {
  const Endpoint* latest_collateral = nullptr;
  for (const Endpoint& endpoint : endpoints()) {
    if (endpoint.spec == "6.12") latest_collateral = &endpoint;
  }
  std::vector<ChangedAnswer> answers;
  for (const char* chain : {"tron", "eth"}) {
    const e2e::Request request = e2e::request_for(*latest_collateral, {chain});
    answers.push_back({chain, request.path, true});
    answers.push_back({chain, request.with_unknown_parameter(), false});
  }
  return answers;
}

// 6.12's apy of each chain: "eth" -> "0.0312".
using ApyByChain = std::map<std::string, std::string>;

// Whether `answer` shows `apy_of` its chain: 6.12's body begins with the chain's apy.
bool shows(const e2e::Stack& stack, const ChangedAnswer& answer, const ApyByChain& apy_of) {
  const std::string start = R"({"code":0,"message":"SUCCESS","data":{"apy":)" + apy_of.at(answer.chain) + ",";
  return http("GET", stack.url(answer.path)).body.rfind(start, 0) == 0;
}

// Seconds from `since` until every published answer, and every handlers' answer, of
// changed_answers() showed `apy_of` its chain; -1 for a kind of which one never did.
struct Showed {
  double published = 0;
  double handlers = 0;
};
Showed wait_until_shown(const e2e::Stack& stack, const ApyByChain& apy_of, Clock::time_point since) {
  Showed showed;
  std::vector<ChangedAnswer> waiting = changed_answers();
  const auto slowest = [&showed](const ChangedAnswer& answer) -> double& {
    return answer.published ? showed.published : showed.handlers;
  };
  seconds_until(since, [&] {
    for (auto answer = waiting.begin(); answer != waiting.end();) {
      if (shows(stack, *answer, apy_of)) {
        slowest(*answer) = std::max(slowest(*answer), seconds_since(since));
        answer = waiting.erase(answer);
      } else {
        ++answer;
      }
    }
    return waiting.empty();
  });
  for (const ChangedAnswer& answer : waiting) slowest(answer) = -1;
  return showed;
}

// Every endpoint's published answer, and the handlers' answer of every endpoint with parameters.
std::vector<std::string> published_and_handler_answers() {
  std::vector<std::string> paths = every_endpoint();
  for (const e2e::Request& request : e2e::sample_requests()) {
    if (!request.values.empty()) paths.push_back(request.with_unknown_parameter());
  }
  return paths;
}

// Runs `sqitch` (a deploy or a revert) on the stack's database as its superuser, 5 s into
// 20 s of load, then waits for every changed answer to show `apy_of` its chain. Reports it as
// `what`.
void change_under_load(const e2e::Stack& stack, const std::string& what, const std::string& sqitch,
                       const ApyByChain& apy_of) {
  const pid_t publisher = publisher_pid(stack.var());
  const auto handlers = handler_processes(stack.var());
  auto load = std::async(std::launch::async, [&] {
    return run_load(stack.url(""), published_and_handler_answers(), Load{/*connections*/ 32, /*seconds*/ 20});
  });
  std::this_thread::sleep_for(5s);
  const auto started = Clock::now();
  const std::string superuser = "PGHOST=" + stack.var() + "/pg PGUSER=postgres PGDATABASE=coin ";
  const int status = std::system((superuser + sqitch).c_str());
  const double sqitch_seconds = seconds_since(started);
  const auto done = Clock::now();
  const Showed showed = wait_until_shown(stack, apy_of, done);

  const LoadResult result = load.get();
  report(what, result.figures() + "; sqitch took " + std::to_string(sqitch_seconds) +
                   " s; after it returned, the published answers showed the change in " +
                   std::to_string(showed.published) + " s, the handlers' in " + std::to_string(showed.handlers) +
                   " s");
  EXPECT_EQ(status, 0) << sqitch;
  EXPECT_EQ(result.failed(), 0) << result.figures() << failure_evidence(stack.var());
  EXPECT_GT(result.requests, 10'000) << "the load ran";
  EXPECT_GE(showed.published, 0) << "a published answer never showed the change";
  EXPECT_LE(showed.published, change_shown_within);
  EXPECT_GE(showed.handlers, 0) << "a handlers' answer never showed the change";
  EXPECT_LE(showed.handlers, change_shown_within);
  EXPECT_EQ(publisher_pid(stack.var()), publisher) << "the publisher restarted";
  for (const auto& [name, pid] : handlers) EXPECT_EQ(handler_pid(stack.var(), name), pid) << name << " restarted";
}

void write_text(const fs::path& path, const std::string& text) { std::ofstream(path) << text; }

// `text` with its one `from` replaced by `to`; throws when `from` is not in it.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  if (at == std::string::npos) throw std::runtime_error("no '" + from + "' to replace");
  return text.replace(at, from.size(), to);
}

// The plan's newest tag ("v1.0.0"): the release after which a view changes by `sqitch rework`.
std::string newest_tag(const fs::path& project) {
  std::istringstream plan(e2e::read_file(project / "sqitch.plan"));
  std::string tag;
  for (std::string line; std::getline(plan, line);) {
    if (line.rfind('@', 0) == 0) tag = line.substr(1, line.find(' ') - 1);
  }
  if (tag.empty()) throw std::runtime_error("sqitch.plan has no tag");
  return tag;
}

// The released statement of `view` in `script`: from its CREATE VIEW to the semicolon ending it.
std::string view_statement(const std::string& script, const std::string& view) {
  const std::string create = "CREATE VIEW " + view + " AS\n";
  const size_t from = script.find(create);
  if (from == std::string::npos) throw std::runtime_error("no " + create);
  return script.substr(from, script.find(";\n", from) + 2 - from);
}

// api_protocol reworked as a DBA changes one view of it: 6.12's (api.latest_collateral) apy cut
// to 4 decimals (as 6.3), its revert putting the released statement back, each one
// CREATE OR REPLACE VIEW in one transaction, so no reader ever misses the view. Only the view
// that changes: later changes of the plan redefine other views of the released file (6.13's),
// which running it again would put back as they were released.
void rework_api_protocol(const fs::path& project, const std::string& release) {
  const std::string released = view_statement(
      e2e::read_file(project / "deploy" / ("api_protocol@" + release + ".sql")), "api.latest_collateral");
  const auto script = [](const std::string& statement) {
    return "BEGIN;\n" + replaced(statement, "CREATE VIEW", "CREATE OR REPLACE VIEW") + "COMMIT;\n";
  };
  write_text(project / "deploy" / "api_protocol.sql",
             script(replaced(released, "'apy', trim_scale(d.earn_apy),", "'apy', trim_scale(trunc(d.earn_apy, 4)),")));
  write_text(project / "revert" / "api_protocol.sql", script(released));
}

// By hand, from tests/sql/fixture.sql: 6.12's apy is the chain's latest Earn APY with every
// digit, tron 0.045699999999999999999999999999 and eth 0.031259999999999999999999999999; cut
// to 4 decimals, tron 0.0456 and eth 0.0312 (6.3's tronApy and ethApy).
TEST(Upgrade, AViewReworkedThenRevertedUnderLoadShowsAtItsCommitAndDropsNoRequest) {
  const e2e::Stack stack("fixture");
  const ApyByChain released = {{"tron", "0.045699999999999999999999999999"},
                               {"eth", "0.031259999999999999999999999999"}};
  const ApyByChain reworked = {{"tron", "0.0456"}, {"eth", "0.0312"}};
  for (const ChangedAnswer& answer : changed_answers()) ASSERT_TRUE(shows(stack, answer, released)) << answer.path;

  // A copy of the project (the real plan never changes), api_protocol reworked after its release tag.
  const TemporaryDirectory project("coin-upgrade");
  fs::copy(fs::path(COIN_SOURCE_DIR) / "sql", project.path(), fs::copy_options::recursive);
  const std::string release = newest_tag(project.path());
  const std::string sqitch = "SQITCH_FULLNAME=test SQITCH_EMAIL=test@coin-api.invalid sqitch --quiet --chdir " +
                             project.path().string() + " ";
  ASSERT_EQ(std::system((sqitch + "rework api_protocol -n '6.12 apy cut to 4 decimals'").c_str()), 0);
  rework_api_protocol(project.path(), release);

  change_under_load(stack, "view reworked, sqitch deploy", sqitch + "deploy --verify db:pg:", reworked);
  // Back to the change before the rework (the plan's changes after the release stay deployed).
  change_under_load(stack, "view reverted, sqitch revert", sqitch + "revert -y --to @HEAD^ db:pg:", released);
}

}  // namespace
}  // namespace coin::fault
