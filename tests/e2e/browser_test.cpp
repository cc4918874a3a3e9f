// The pages for people in headless Chromium (issue 14), on the fixture stack: the dashboard at
// / (tests/browser/dashboard.mjs) and the API reference at /docs (tests/browser/docs.mjs). Each
// script checks its page against the API and writes its screenshots to build/debug/screenshots/.

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

// Runs tests/browser/<script> against the fixture stack; its exit status, and what it printed.
int run_browser_test(const std::string& script, std::string* output) {
  return run_node_script("tests/browser/" + script, "'" + fixture_stack().url("") + "' '" COIN_SCREENSHOT_DIR "'",
                         output);
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
