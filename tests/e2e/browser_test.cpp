// The pages for people in headless Chromium: the dashboard at / (tests/browser/
// dashboard.mjs) and the API reference at /docs (tests/browser/docs.mjs). Each script checks its
// page against the API and writes its screenshots to build/debug/screenshots/. The dashboard's
// also commits snapshots while the page is open (it follows them live), on a stack of
// its own; the docs' runs on the fixture stack.

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "tests/e2e/node_script.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

// Runs tests/browser/<script> against `stack`, with `more` arguments after its URL and the
// screenshots' directory; its exit status, and what it printed.
int run_browser_test(const std::string& script, const Stack& stack, std::string* output,
                     const std::string& more = "") {
  return run_node_script("tests/browser/" + script, "'" + stack.url("") + "' '" COIN_SCREENSHOT_DIR "' " + more, output);
}

TEST(Browser, DashboardShowsTheApiFiguresAndFollowsEachSnapshot) {
  const Stack stack("fixture");
  std::string output;
  EXPECT_EQ(run_browser_test("dashboard.mjs", stack, &output, "'" + stack.var() + "'"), 0) << output;
  std::printf("%s", output.c_str());
}

TEST(Browser, DocsListEveryEndpointAndTryItWorks) {
  std::string output;
  EXPECT_EQ(run_browser_test("docs.mjs", fixture_stack(), &output), 0) << output;
  std::printf("%s", output.c_str());
}

}  // namespace
}  // namespace coin::e2e
