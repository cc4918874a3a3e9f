#include "shared/config.hpp"

#include <gtest/gtest.h>

namespace coin {
namespace {

Config parse(std::vector<std::string_view> args) { return parse_config(args, "supply", "Serves."); }

TEST(Config, DefaultsLeaveTheDatabaseToLibpq) {
  const Config config = parse({});
  EXPECT_EQ(config.socket, "");
  EXPECT_EQ(config.threads, 4);
  EXPECT_EQ(config.backlog, 1024);
  EXPECT_EQ(config.database, "");
  EXPECT_TRUE(config.cache);
  EXPECT_FALSE(config.print_routes);
}

TEST(Config, RoutesAsksForTheEndpointsTable) {
  EXPECT_TRUE(parse({"--routes"}).print_routes);
  const Config config = parse({"--threads", "2", "--routes", "--no-cache"});
  EXPECT_TRUE(config.print_routes);
  EXPECT_EQ(config.threads, 2);
  EXPECT_FALSE(config.cache);
  EXPECT_FALSE(parse({"--no-cache"}).print_routes);
}

TEST(Config, ReadsEveryFlag) {
  const Config config = parse({"--socket", "/run/coin/supply.sock", "--threads", "16", "--backlog",
                               "64", "--database", "dbname=coin user=coin_api", "--no-cache"});
  EXPECT_EQ(config.socket, "/run/coin/supply.sock");
  EXPECT_EQ(config.threads, 16);
  EXPECT_EQ(config.backlog, 64);
  EXPECT_EQ(config.database, "dbname=coin user=coin_api");
  EXPECT_FALSE(config.cache);
  EXPECT_FALSE(config.print_routes);
}

TEST(Config, TheLastOfARepeatedFlagWins) {
  EXPECT_EQ(parse({"--threads", "2", "--threads", "3"}).threads, 3);
}

TEST(ConfigDeathTest, HelpPrintsUsageAndExitsZero) {
  EXPECT_EXIT(parse({"--help"}), testing::ExitedWithCode(0), "");
}

TEST(ConfigDeathTest, RejectsAnUnknownFlag) {
  EXPECT_EXIT(parse({"--thread", "2"}), testing::ExitedWithCode(2), "unknown option '--thread'");
}

TEST(ConfigDeathTest, RoutesTakesNoValue) {
  EXPECT_EXIT(parse({"--routes", "supply"}), testing::ExitedWithCode(2), "unknown option 'supply'");
}

TEST(ConfigDeathTest, RejectsAFlagWithoutValue) {
  EXPECT_EXIT(parse({"--socket"}), testing::ExitedWithCode(2), "--socket needs a value");
}

TEST(ConfigDeathTest, RejectsCountsThatAreNotWholePositiveNumbers) {
  EXPECT_EXIT(parse({"--threads", "0"}), testing::ExitedWithCode(2), "from 1 to 1024");
  EXPECT_EXIT(parse({"--threads", "4x"}), testing::ExitedWithCode(2), "not '4x'");
  EXPECT_EXIT(parse({"--threads", "-1"}), testing::ExitedWithCode(2), "from 1 to 1024");
  EXPECT_EXIT(parse({"--backlog", "99999999999"}), testing::ExitedWithCode(2), "from 1 to 65535");
}

TEST(Usage, NamesEveryFlagAndTheDefaults) {
  const std::string text = usage("supply", "Serves Group A.");
  for (const char* expected : {"Usage: supply [options]", "Serves Group A.", "--socket", "--threads",
                               "(default 4)", "--backlog", "(default 1024)", "--database", "PGHOST",
                               "--no-cache", "--routes", "--help", "SIGTERM"}) {
    EXPECT_NE(text.find(expected), std::string::npos) << expected;
  }
}

}  // namespace
}  // namespace coin
