// The optional parameters of the histories (shared/history_options.hpp): from, to and format.
// The epoch ms below were worked out by hand: 2026-05-13 00:00 UTC+8 = 2026-05-12 16:00 UTC =
// 1778601600 s (1778630400, the fixture's newest snapshot, is 2026-05-13 00:00 UTC, 8 hours later).

#include "shared/history_options.hpp"

#include <gtest/gtest.h>

namespace coin {
namespace {

CheckedOptions check(std::string_view query, bool takes_range = true, bool takes_format = true, bool takes_at = true) {
  return check_options(QueryString::parse(query), takes_range, takes_format, takes_at);
}

std::string error_of(std::string_view query) {
  const CheckedOptions checked = check(query);
  return checked.error ? checked.error->body : "no error";
}

TEST(ParseBound, TakesEpochMillisecondsAsTheyAre) {
  EXPECT_EQ(parse_bound("1778630400000", false), 1778630400000);
  EXPECT_EQ(parse_bound("1778630400000", true), 1778630400000);
  EXPECT_EQ(parse_bound("0", false), 0);
  EXPECT_EQ(parse_bound("999999999999999", false), 999999999999999);
}

TEST(ParseBound, TakesADayOfUtc8FromItsFirstToItsLastMillisecond) {
  EXPECT_EQ(parse_bound("2026-05-13", false), 1778601600000);
  EXPECT_EQ(parse_bound("2026-05-13", true), 1778601600000 + 86400000 - 1);
  EXPECT_EQ(parse_bound("1970-01-01", false), -8 * 3600000);
  EXPECT_EQ(parse_bound("2024-02-29", false), 1709136000000);  // 2024-02-28 16:00 UTC
  EXPECT_EQ(parse_bound("2000-03-01", false), 951840000000);   // 2000-02-29 16:00 UTC
  // Before 1970 too: a range may start or end before any data (which it then leaves out).
  EXPECT_EQ(parse_bound("1969-12-31", false), -86400000 - 8 * 3600000);
  EXPECT_EQ(parse_bound("1969-12-31", true), -8 * 3600000 - 1);
  EXPECT_EQ(parse_bound("1000-01-01", false), -30610224000000 - 8 * 3600000);
  EXPECT_EQ(parse_bound("0000-01-01", false), -62167219200000 - 8 * 3600000);  // year 0 is 1 BC
  EXPECT_EQ(parse_bound("0004-02-29", false), -62035891200000 - 8 * 3600000);
}

TEST(ParseBound, RefusesAnythingElse) {
  for (const char* text : {"", "-1", "1e12", "1778630400000.5", " 1", "1234567890123456", "2026-5-13", "2026-05-13T00:00",
                           "2026/05/13", "2026-13-01", "2026-00-10", "2026-04-31", "2025-02-29", "1900-02-29",
                           "0100-02-29", "2026-05-1a", "yesterday", "+2026-05-13", "2026-05-72", "2026-05-32", "2026-1-013"}) {
    EXPECT_EQ(parse_bound(text, false), std::nullopt) << text;
  }
}

// 2026-05-12 12:34:56.789 UTC in epoch ms, worked out by hand: 2026-05-12 00:00 UTC is
// 1778544000000 (2026-05-12 00:00 UTC+8, 1778515200000, plus 8 hours); 12:34:56.789 is 45296789.
constexpr std::int64_t half_past_noon = 1778544000000 + 45'296'789;

TEST(ParseInstant, TakesWhatFromTakesADayAtItsFirstMillisecond) {
  EXPECT_EQ(parse_instant("1778630400000"), 1778630400000);
  EXPECT_EQ(parse_instant("0"), 0);
  EXPECT_EQ(parse_instant("2026-05-12"), 1778515200000) << "00:00 UTC+8, the daily snapshot";
}

TEST(ParseInstant, TakesAnIso8601TimeWithItsZone) {
  EXPECT_EQ(parse_instant("2026-05-12T12:34:56.789Z"), half_past_noon);
  EXPECT_EQ(parse_instant("2026-05-12T20:34:56.789+08:00"), half_past_noon);
  EXPECT_EQ(parse_instant("2026-05-12T20:34:56.789 08:00"), half_past_noon) << "a + sent unescaped";
  EXPECT_EQ(parse_instant("2026-05-12T07:04:56.789-05:30"), half_past_noon);
  EXPECT_EQ(parse_instant("2026-05-12T12:34:56.789999999Z"), half_past_noon) << "the fraction cut to the ms";
  EXPECT_EQ(parse_instant("2026-05-12T12:34:56.7Z"), half_past_noon - 89);
  EXPECT_EQ(parse_instant("2026-05-12T12:34:56Z"), half_past_noon - 789);
  EXPECT_EQ(parse_instant("2026-05-12T12:34Z"), half_past_noon - 56'789);
  EXPECT_EQ(parse_instant("2026-05-13T00:00:00+08:00"), 1778601600000);
}

TEST(ParseInstant, RefusesAnythingElse) {
  for (const char* text : {"", "-1", "1234567890123456", "2026-05-12T", "2026-05-12T12:34", "2026-05-12T12:34:56",
                           "2026-05-12 12:34:56Z", "2026-05-12t12:34:56z", "2026-05-12T24:00:00Z",
                           "2026-05-12T12:60:00Z", "2026-05-12T12:34:60Z", "2026-05-12T12:34:56.Z",
                           "2026-05-12T12:34:56.1234567890Z", "2026-05-12T12:34:56+0800", "2026-05-12T12:34:56+08",
                           "2026-05-12T12:34:56+24:00", "2026-05-12T12:34:56+08:60", "2026-02-30T00:00:00Z",
                           "2026-05-12T1:34:56Z", "2026-05-12T12:34:56Z ", "2026-05-12T12:34:56+08:00x"}) {
    EXPECT_EQ(parse_instant(text), std::nullopt) << text;
  }
}

TEST(CheckOptions, LeavesEverythingUnboundedAndJsonWithoutThem) {
  const CheckedOptions checked = check("chain=eth&x=1");
  EXPECT_FALSE(checked.error);
  EXPECT_FALSE(checked.options.ranged());
  EXPECT_FALSE(checked.options.csv);
  EXPECT_EQ(checked.options.from_ms, std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(checked.options.to_ms, std::numeric_limits<std::int64_t>::max());
}

TEST(CheckOptions, KeepsWhatTheClientWroteAndWhatItMeans) {
  const CheckedOptions checked = check("to=2026-05-13&from=1778601600000&format=csv");
  EXPECT_FALSE(checked.error);
  EXPECT_EQ(checked.options.from, "1778601600000");
  EXPECT_EQ(checked.options.to, "2026-05-13");
  EXPECT_EQ(checked.options.from_ms, 1778601600000);
  EXPECT_EQ(checked.options.to_ms, 1778687999999);
  EXPECT_TRUE(checked.options.csv);
  EXPECT_TRUE(check("from=2026-05-13&to=2026-05-13").options.ranged()) << "one day";
  EXPECT_FALSE(check("format=json").options.csv);
}

TEST(CheckOptions, AnswersEachBadValueWithItsOwnMessage) {
  EXPECT_EQ(error_of("from=yesterday"), R"({"code":10002,"message":"Invalid from.","data":null})");
  EXPECT_EQ(error_of("from="), R"({"code":10002,"message":"Invalid from.","data":null})");
  EXPECT_EQ(error_of("to=2026-02-30"), R"({"code":10002,"message":"Invalid to.","data":null})");
  EXPECT_EQ(error_of("format=CSV"), R"({"code":10002,"message":"Invalid format.","data":null})");
  EXPECT_EQ(error_of("format"), R"({"code":10002,"message":"Invalid format.","data":null})");
}

TEST(CheckOptions, AFromAfterToIsAnInvalidFrom) {
  EXPECT_EQ(error_of("from=2026-05-14&to=2026-05-13"), R"({"code":10002,"message":"Invalid from.","data":null})");
  EXPECT_EQ(error_of("from=1778601600001&to=1778601600000"), R"({"code":10002,"message":"Invalid from.","data":null})");
  EXPECT_FALSE(check("from=1778601600000&to=1778601600000").error);
}

TEST(CheckOptions, ChecksFromThenToThenFormat) {
  EXPECT_EQ(error_of("format=xml&to=x&from=y"), R"({"code":10002,"message":"Invalid from.","data":null})");
  EXPECT_EQ(error_of("format=xml&to=x"), R"({"code":10002,"message":"Invalid to.","data":null})");
}

TEST(CheckOptions, KeepsTheTimeAtNames) {
  EXPECT_EQ(check("at=2026-05-12T12:34:56.789Z").options.at_ms, half_past_noon);
  EXPECT_EQ(check("chain=eth").options.at_ms, std::nullopt) << "now";
  EXPECT_EQ(error_of("at=yesterday"), R"({"code":10002,"message":"Invalid at.","data":null})");
  EXPECT_EQ(error_of("at="), R"({"code":10002,"message":"Invalid at.","data":null})");
  EXPECT_EQ(error_of("format=xml&at=x"), R"({"code":10002,"message":"Invalid format.","data":null})") << "format first";
}

TEST(CheckOptions, RefusesAtWhereTheEndpointKeepsNoPast) {
  const CheckedOptions checked = check("at=1778630400000", true, true, false);
  ASSERT_TRUE(checked.error);
  EXPECT_EQ(checked.error->body, R"({"code":10002,"message":"Invalid at: not kept for this endpoint.","data":null})");
}

TEST(CheckOptions, IgnoresWhatTheEndpointDoesNotTake) {
  EXPECT_FALSE(check("from=x&to=y", false, true).error);
  EXPECT_FALSE(check("from=x&to=y", false, true).options.ranged());
  EXPECT_FALSE(check("format=xml", true, false).error);
  EXPECT_FALSE(check("format=csv", true, false).options.csv);
}

}  // namespace
}  // namespace coin
