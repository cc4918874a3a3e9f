// The pages for people in headless Chromium (issue 14), on the fixture stack: the dashboard at
// / (tests/browser/dashboard.mjs) and the API reference at /docs (tests/browser/docs.mjs). Each
// script checks its page against the API and writes its screenshots to build/screenshots/.

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <string>

#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

// Runs tests/browser/<script> against the fixture stack; its exit status, and what it printed.
int run_browser_test(const std::string& script, std::string* output) {
  const std::string command = "node " + std::string(COIN_SOURCE_DIR) + "/tests/browser/" + script + " '" +
                              fixture_stack().url("") + "' '" + COIN_SCREENSHOT_DIR + "' 2>&1";
  FILE* const pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return -1;
  std::array<char, 4096> chunk{};
  while (const size_t size = std::fread(chunk.data(), 1, chunk.size(), pipe)) output->append(chunk.data(), size);
  const int status = ::pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(Browser, DashboardShowsTheApiFigures) {
  std::string output;
  EXPECT_EQ(run_browser_test("dashboard.mjs", &output), 0) << output;
  std::printf("%s", output.c_str());
}

TEST(Browser, DocsListEveryEndpointAndTryItWorks) {
  std::string output;
  EXPECT_EQ(run_browser_test("docs.mjs", &output), 0) << output;
  std::printf("%s", output.c_str());
}

}  // namespace
}  // namespace coin::e2e
