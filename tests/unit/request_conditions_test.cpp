#include "shared/request_conditions.hpp"

#include <gtest/gtest.h>

#include <ctime>

#include "tests/unit/known_times.hpp"

namespace coin {
namespace {

using namespace known_times;

TEST(HttpDate, IsImfFixdateInGmt) {
  EXPECT_EQ(http_date(0), "Thu, 01 Jan 1970 00:00:00 GMT");
  EXPECT_EQ(http_date(rfc_example), "Sun, 06 Nov 1994 08:49:37 GMT");
  EXPECT_EQ(http_date(modified), modified_date);
  // 2024-02-29 is day 19782 (54 years from 1970 with 13 leap days = 19723, + 59), 12:34:56 is
  // 45296 s: 19782 x 86400 + 45296 = 1709210096; 19782 = 7 x 2826 + 0, a Thursday.
  EXPECT_EQ(http_date(1709210096), "Thu, 29 Feb 2024 12:34:56 GMT");
}

TEST(ParseHttpDate, ReadsTheThreeFormats) {
  EXPECT_EQ(parse_http_date("Sun, 06 Nov 1994 08:49:37 GMT"), rfc_example);
  EXPECT_EQ(parse_http_date("Sunday, 06-Nov-94 08:49:37 GMT"), rfc_example);
  EXPECT_EQ(parse_http_date("Sun Nov  6 08:49:37 1994"), rfc_example);
  EXPECT_EQ(parse_http_date("Thu, 01 Jan 1970 00:00:00 GMT"), 0);
  EXPECT_EQ(parse_http_date("Thu, 29 Feb 2024 12:34:56 GMT"), 1709210096);
  EXPECT_EQ(parse_http_date("Thursday, 29-Feb-24 12:34:56 GMT"), 1709210096);
  EXPECT_EQ(parse_http_date("Thu Feb 29 12:34:56 2024"), 1709210096);
}

TEST(ParseHttpDate, RoundTripsHttpDate) {
  for (const std::time_t time : {std::time_t{0}, std::time_t{rfc_example}, std::time_t{modified},
                                 std::time_t{1709210096}, std::time_t{951782399}, std::time_t{4102444799}}) {
    EXPECT_EQ(parse_http_date(http_date(time)), time) << http_date(time);
  }
}

TEST(ParseHttpDate, RefusesWhatIsNoDate) {
  // Each also refused by nginx (ngx_parse_http_time), whose If-Modified-Since is then ignored.
  for (const char* text : {"", " ", "yesterday", "0", "1778634000", "2026-05-13T01:00:00Z",
                           "Wed, 13 May 2026 25:00:00 GMT", "Wed, 32 May 2026 01:00:00 GMT",
                           "Wed, 13 Xyz 2026 01:00:00 GMT", "Wed, 13 May 2026 01:60:00 GMT",
                           "Wed, 13 May 2026 01:00 GMT",
                           "Wed May 13 01:00:00", "Wednesday, 13-May-2026 01:00:00 GMT"}) {
    EXPECT_EQ(parse_http_date(text), std::nullopt) << '"' << text << '"';
  }
}

// --- the header parsers ---

TEST(EtagMatches, ComparesWeaklyAndReadsLists) {
  const std::string etag = "W/\"00ff\"";
  EXPECT_TRUE(etag_matches("W/\"00ff\"", etag));
  EXPECT_TRUE(etag_matches("\"00ff\"", etag));
  EXPECT_TRUE(etag_matches("\"aa\", W/\"00ff\"", etag));
  EXPECT_TRUE(etag_matches(" * ", etag));
  EXPECT_TRUE(etag_matches("W/\"6a03cd10-4\"", "\"6a03cd10-4\""));
  EXPECT_FALSE(etag_matches("", etag));
  EXPECT_FALSE(etag_matches("\"00FF\"", etag));
  EXPECT_FALSE(etag_matches("\"00ff", etag));
  EXPECT_FALSE(etag_matches(",,", etag));
}

TEST(AcceptsGzip, ReadsCodingsAndWeights) {
  EXPECT_TRUE(accepts_gzip("gzip"));
  EXPECT_TRUE(accepts_gzip("deflate, GZIP;q=0.5"));
  EXPECT_TRUE(accepts_gzip("*"));
  EXPECT_FALSE(accepts_gzip(""));
  EXPECT_FALSE(accepts_gzip("br, deflate"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("gzip; q=0.000"));
  EXPECT_FALSE(accepts_gzip("gzip;q=0, *")) << "a refused gzip is not accepted through *";
  EXPECT_FALSE(accepts_gzip("*, gzip;q=0"));
  EXPECT_FALSE(accepts_gzip("*;q=0"));
  EXPECT_TRUE(accepts_gzip("br;q=0, *"));
  EXPECT_FALSE(accepts_gzip("x-gzip2"));
}

}  // namespace
}  // namespace coin
