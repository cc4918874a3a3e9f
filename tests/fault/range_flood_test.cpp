// A flood of date ranges, every request a range no other asked for (from = a number no other
// request sends, each before the data, so every answer is the whole window): nothing is
// published for a range, so every request reaches a handler and is computed, and none is in a
// handler's cache. Every answer is a 200, and the handlers' caches stay within their bound
// (32 MB each, shared/response_cache.hpp): their memory grows by far less than the answers
// they rendered, which they would otherwise have kept until the next snapshot.

#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/http_client.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/fault/fault.hpp"
#include "tests/fault/load.hpp"

namespace coin::fault {
namespace {

// The demo data's tron ANNUAL window: 365 daily points, over 100 KB.
const std::string annual = "/api/v1/data-platform/collateral-history?chain=tron&interval=ANNUAL";

long handlers_memory_mb(const std::string& var, const char* field) {
  long total = 0;
  for (const auto& process : handler_processes(var)) total += memory_kb(process.pid, field) / 1024;
  return total;
}

TEST(RangeFlood, EveryRangeIsComputedAndTheCachesStayBounded) {
  // AddressSanitizer keeps 256 MB of freed memory per process in quarantine by default, which
  // would hide what the caches hold.
  const e2e::Stack stack("demo", {"ASAN_OPTIONS=quarantine_size_mb=1"});
  const e2e::HttpResponse sample = e2e::http("GET", stack.url(annual + "&from=1"));
  ASSERT_EQ(sample.status, 200) << sample.body;
  const long answer_kb = static_cast<long>(sample.body.size() / 1024);
  const long before_mb = handlers_memory_mb(stack.var(), "VmRSS");

  // Enough requests to render 10 times what the caches may keep (at least 5 times: load.hpp),
  // however long that takes the machine (the cap is for a broken case): the protocol pool's 2
  // processes keep at most 32 MB of answers each.
  constexpr long caches_mb = 2 * 32;
  const long answers = 10 * caches_mb * 1024 / answer_kb;
  const LoadResult result = run_load(stack.url(""), {annual + "&from={n}"},
                                     Load{/*connections*/ 32, /*seconds, at most*/ 600, /*timeout*/ 5, answers});
  const long peak_mb = handlers_memory_mb(stack.var(), "VmHWM");
  const long rendered_mb = result.requests * answer_kb / 1024;
  report("range flood", result.figures() + "; " + std::to_string(answer_kb) + " KB each, " +
                            std::to_string(rendered_mb) + " MB rendered; the handlers' memory " +
                            std::to_string(before_mb) + " MB before, " + std::to_string(peak_mb) + " MB at its peak");
  EXPECT_EQ(result.failed(), 0) << failure_evidence(stack.var());
  // Kept, the answers rendered would have taken far more than the caches' bound.
  EXPECT_GT(rendered_mb, 4 * caches_mb) << "too few requests to fill the caches several times";
  EXPECT_LT(peak_mb - before_mb, 2 * caches_mb) << "the caches outgrew their bound";
}

}  // namespace
}  // namespace coin::fault
