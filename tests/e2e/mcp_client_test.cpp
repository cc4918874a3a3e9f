// POST /mcp through real MCP clients on the fixture stack: the official SDK's client
// (tests/mcp/sdk_client.mjs) calls every tool with every allowed value and reads every resource,
// each result against the GET of the same answer byte for byte; the MCP Inspector's CLI mode
// (tests/mcp/inspector_cli.mjs) lists, calls and reads. Both npm packages are pinned in
// package-lock.json. The hand-worked figures are mcp_test.cpp's; here it is the clients' word
// and the equality with the GET.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "tests/e2e/node_script.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

// The endpoint list as `publisher --routes` prints it, in a file of its own while it lives.
class RoutesFile {
 public:
  RoutesFile() : directory_(make_var_directory("coin-mcp-routes")) {
    std::ofstream(path()) << output_of(std::string(COIN_HANDLER_DIR) + "/publisher --routes");
  }
  ~RoutesFile() {
    std::error_code ignored;
    std::filesystem::remove_all(directory_, ignored);
  }
  RoutesFile(const RoutesFile&) = delete;
  RoutesFile& operator=(const RoutesFile&) = delete;

  std::string path() const { return directory_ + "/routes.tsv"; }

 private:
  std::string directory_;
};

// Runs tests/mcp/<script> against the fixture stack with the endpoint list; its exit status,
// and what it printed.
int run_client(const std::string& script, std::string* output) {
  const RoutesFile routes;
  return run_node_script("tests/mcp/" + script, "'" + fixture_stack().url("") + "' --routes '" + routes.path() + "'",
                         output);
}

// The last line of `output`: the script's count of what it checked.
std::string last_line(std::string output) {
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return output.substr(output.rfind('\n') + 1) + "\n";  // npos + 1 = 0: a single line
}

TEST(McpClient, TheSdksClientGetsTheGetsBytesFromEveryToolAndResource) {
  std::string output;
  const int status = run_client("sdk_client.mjs", &output);
  ASSERT_EQ(status, 0) << output;
  std::printf("%s", last_line(output).c_str());
}

TEST(McpClient, TheInspectorsCliListsCallsAndReads) {
  std::string output;
  const int status = run_client("inspector_cli.mjs", &output);
  ASSERT_EQ(status, 0) << output;
  std::printf("%s", last_line(output).c_str());
}

}  // namespace
}  // namespace coin::e2e
