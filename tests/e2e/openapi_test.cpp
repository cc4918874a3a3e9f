// The OpenAPI document (openapi/openapi.json) against the live answers, so that the two cannot
// drift apart: tests/openapi/validate_answers.mjs asks for every path of the document with
// every combination of its parameters' allowed values, every error case and the 304s, and
// validates each answer (status, Content-Type, headers, body) with Ajv. On the fixture stack;
// then the answers a healthy stack never gives (503, 429) on a stack of its own, broken.

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "tests/e2e/node_script.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

// Runs the validator against `stack` with `arguments`; its exit status, and what it printed.
int validate_answers(const Stack& stack, const std::string& arguments, std::string* output) {
  return run_node_script("tests/openapi/validate_answers.mjs", "'" + stack.url("") + "' " + arguments, output);
}

// The last line of `output`: the validator's count of what it found valid.
std::string last_line(std::string output) {
  while (!output.empty() && output.back() == '\n') output.pop_back();
  return output.substr(output.rfind('\n') + 1) + "\n";  // npos + 1 = 0: a single line
}

TEST(OpenApi, EveryAnswerOfTheFixtureMatchesTheDocument) {
  std::string output;
  const int status = validate_answers(fixture_stack(), "", &output);
  ASSERT_EQ(status, 0) << output;
  // The document has every answer of the endpoint list: each was asked for and found valid.
  std::string missing;
  for (const Request& request : published_requests()) {
    if (output.find("\nok    GET " + request.path + " -> 200 " + request.content_type + "\n") == std::string::npos) {
      missing += "  " + request.name() + "\n";
    }
  }
  EXPECT_EQ(missing, "") << "answers of the endpoint list the validator did not check:\n" << missing << output;
  std::printf("%s", last_line(output).c_str());
}

// A stack of its own, rate-limited, with its database stopped: a handler's 503 (a request that
// is not published goes to the handlers, which cannot reach the database); nginx's 503 (the
// protocol pool's sockets gone); limit_req's 429, and the event stream's (streams kept open
// until one is refused). Its burst (5) covers the requests before the flood.
TEST(OpenApi, ServerErrorsAndTooManyRequestsMatchTheDocument) {
  const Stack stack("fixture", {"RATE_LIMIT=on", "RATE=1r/s", "BURST=5"});
  ASSERT_TRUE(stack.stop_database());
  std::string output;
  ASSERT_EQ(validate_answers(stack, "--expect 503 '/api/v1/data-platform/latest-collateral?chain=bsc&x=1'", &output), 0)
      << output;
  for (const char* socket : {"/run/protocol-1.sock", "/run/protocol-2.sock"}) {
    const std::string path = stack.var() + socket;
    ASSERT_EQ(std::rename(path.c_str(), (path + ".away").c_str()), 0) << path;
  }
  EXPECT_EQ(validate_answers(stack,
                             "--expect 503 '/api/v1/data-platform/collateral-history?chain=eth&interval=WEEKLY&x=1' "
                             "--expect 429 /totalSupply --expect 429 /api/v1/events",
                             &output),
            0)
      << output;
  std::printf("%s", output.c_str());
}

}  // namespace
}  // namespace coin::e2e
