// Merging the processes' metrics files for /metrics, and this process's registry in the text
// format.

#include "handlers/ops/metrics_text.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

namespace coin {
namespace {

TEST(MetricsText, EachFamilyOnceWithTheSamplesOfEveryProcess) {
  const std::string supply =
      "# HELP answers_total Answers\n# TYPE answers_total counter\nanswers_total{process=\"supply-1\"} 3\n"
      "# HELP took_seconds Time\n# TYPE took_seconds histogram\n"
      "took_seconds_count{process=\"supply-1\"} 1\ntook_seconds_sum{process=\"supply-1\"} 0.5\n"
      "took_seconds_bucket{process=\"supply-1\",le=\"+Inf\"} 1\n";
  const std::string protocol =
      "# HELP answers_total Answers\n# TYPE answers_total counter\nanswers_total{process=\"protocol-1\"} 4\n";
  const std::string ops = "\n# a comment\n# HELP up Up\n# TYPE up gauge\nup 1\n";
  EXPECT_EQ(merge_metrics_texts({supply, protocol, ops}),
            "# HELP answers_total Answers\n# TYPE answers_total counter\n"
            "answers_total{process=\"supply-1\"} 3\nanswers_total{process=\"protocol-1\"} 4\n"
            "# HELP took_seconds Time\n# TYPE took_seconds histogram\n"
            "took_seconds_count{process=\"supply-1\"} 1\ntook_seconds_sum{process=\"supply-1\"} 0.5\n"
            "took_seconds_bucket{process=\"supply-1\",le=\"+Inf\"} 1\n"
            "# HELP up Up\n# TYPE up gauge\nup 1\n");
}

TEST(MetricsText, ReadsEveryPromFileBelowTheDirectoryInPathOrder) {
  const std::filesystem::path directory = std::filesystem::temp_directory_path() / "coin-metrics-text-test";
  std::filesystem::remove_all(directory);
  std::filesystem::create_directories(directory / "coin-api-handler-supply@1");
  std::ofstream(directory / "publisher.prom") << "b\n";
  std::ofstream(directory / "coin-api-handler-supply@1" / "metrics.prom") << "a\n";
  std::ofstream(directory / "publisher.prom.tmp") << "being written\n";
  EXPECT_EQ(read_metrics_files(directory.string()), (std::vector<std::string>{"a\n", "b\n"}));
  std::filesystem::remove_all(directory);
  EXPECT_TRUE(read_metrics_files(directory.string()).empty()) << "a missing directory is no metrics";
}

}  // namespace
}  // namespace coin
