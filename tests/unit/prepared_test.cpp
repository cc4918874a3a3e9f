#include "prepared.hpp"

#include <gtest/gtest.h>

#include "cgi_output.hpp"
#include "gunzip.hpp"

namespace coin {
namespace {

using testing_support::body_of;
using testing_support::gunzip;

// A history-sized payload: repetitive JSON, as 6.9 is.
std::string long_data() {
  std::string data = "[";
  for (int i = 0; i < 400; ++i) data += R"({"statisticTime":1747065600000,"coin":["1.5","2.25","3"]},)";
  data.back() = ']';
  return data;
}

TEST(Prepare, WritesCgiHeadersThenTheBody) {
  const Prepared prepared = prepare(plain_text("12.5"));
  EXPECT_EQ(prepared.identity,
            "Status: 200 OK\r\nContent-Type: text/plain\r\nETag: " + prepared.etag +
                "\r\nCache-Control: public, max-age=30, stale-while-revalidate=270, "
                "stale-if-error=86400\r\nContent-Length: 4\r\n\r\n12.5");
  EXPECT_TRUE(prepared.gzip.empty());  // too small to gain
}

TEST(Prepare, TheETagIsWeakAndFollowsTheBody) {
  const std::string etag = prepare(plain_text("12.5")).etag;
  EXPECT_EQ(etag.size(), 2u + 1 + 16 + 1);
  EXPECT_EQ(etag.rfind("W/\"", 0), 0u);
  EXPECT_EQ(prepare(plain_text("12.5")).etag, etag);
  EXPECT_NE(prepare(plain_text("12.6")).etag, etag);
}

TEST(Prepare, TheNotModifiedAnswerCarriesETagAndCacheControlButNoBody) {
  const Prepared prepared = prepare(success("1"));
  EXPECT_EQ(prepared.not_modified, "Status: 304 Not Modified\r\nETag: " + prepared.etag +
                                       "\r\nCache-Control: " + std::string(cache_control) + "\r\n\r\n");
}

TEST(Prepare, ALargeBodyIsAlsoPreparedGzippedWithTheSameETag) {
  const Prepared prepared = prepare(success(long_data()));
  ASSERT_FALSE(prepared.gzip.empty());
  EXPECT_NE(prepared.gzip.find("\r\nContent-Encoding: gzip\r\n"), std::string::npos);
  EXPECT_NE(prepared.gzip.find("\r\nETag: " + prepared.etag + "\r\n"), std::string::npos);
  EXPECT_NE(prepared.identity.find("\r\nVary: Accept-Encoding\r\n"), std::string::npos);
  EXPECT_NE(prepared.not_modified.find("\r\nVary: Accept-Encoding\r\n"), std::string::npos);
  EXPECT_EQ(gunzip(body_of(prepared.gzip)), body_of(prepared.identity));
  EXPECT_LT(prepared.gzip.size(), prepared.identity.size() / 5);
  const std::string length = std::to_string(body_of(prepared.gzip).size());
  EXPECT_NE(prepared.gzip.find("\r\nContent-Length: " + length + "\r\n"), std::string::npos);
}

TEST(Prepare, ErrorsAreNeverCachedAndHaveNoETag) {
  const Prepared prepared = prepare(server_error());
  const std::string body = R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})";
  EXPECT_EQ(prepared.identity,
            "Status: 503 Service Unavailable\r\nContent-Type: application/json\r\nCache-Control: "
            "no-store\r\nRetry-After: 5\r\nContent-Length: " +
                std::to_string(body.size()) + "\r\n\r\n" + body);
  EXPECT_TRUE(prepared.etag.empty());
  EXPECT_EQ(&choose(prepared, "*", "gzip"), &prepared.identity);
}

TEST(Prepare, CountsBytesNotCharacters) {
  EXPECT_NE(prepare(plain_text("\xE2\x82\xAC")).identity.find("Content-Length: 3\r\n"), std::string::npos);
}

TEST(Choose, PicksNotModifiedThenGzipThenIdentity) {
  const Prepared prepared = prepare(success(long_data()));
  EXPECT_EQ(&choose(prepared, "", ""), &prepared.identity);
  EXPECT_EQ(&choose(prepared, "", "gzip, deflate, br"), &prepared.gzip);
  EXPECT_EQ(&choose(prepared, prepared.etag, "gzip"), &prepared.not_modified);
  EXPECT_EQ(&choose(prepared, "W/\"0000000000000000\"", "gzip"), &prepared.gzip);
}

TEST(EtagMatches, ComparesWeaklyAndReadsLists) {
  const std::string etag = "W/\"00ff\"";
  EXPECT_TRUE(etag_matches("W/\"00ff\"", etag));
  EXPECT_TRUE(etag_matches("\"00ff\"", etag));
  EXPECT_TRUE(etag_matches("\"aa\", W/\"00ff\"", etag));
  EXPECT_TRUE(etag_matches(" * ", etag));
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
