#include "prepared.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>

#include "cgi_output.hpp"
#include "gunzip.hpp"

namespace coin {
namespace {

using testing_support::body_of;
using testing_support::gunzip;

// Every expected value below is worked out by hand, not taken from the code's output:
//   1778634000 s = 20586 days + 3600 s. Day 20586 after Thu 1970-01-01 is 132 days after
//   2026-01-01 (day 20454: 56 years, 14 of them leap), so 13 May (Jan..Apr hold 120 days);
//   20586 = 7 x 2940 + 6, so Thursday + 6 = a Wednesday; 3600 s is 01:00:00.
//   In hex, 1778634000 = 0x6a03cd10 (0x6a03 x 65536 = 1778581504, + 0xcd10 = 52496).
constexpr std::time_t modified = 1778634000;
constexpr const char* modified_date = "Wed, 13 May 2026 01:00:00 GMT";
constexpr const char* modified_hex = "6a03cd10";
// RFC 9110's own example: Sun, 06 Nov 1994 08:49:37 GMT = 9075 days + 31777 s = 784111777
// = 0x2ebc98a1.
constexpr std::time_t rfc_example = 784111777;

const std::string control = "public, max-age=30, stale-while-revalidate=270, stale-if-error=86400";

// A history-sized payload: repetitive JSON, as 6.9 is. Each element is 57 bytes and a comma, so
// the array is 1 + 400 x 58 = 23201 bytes, and its envelope 37 + 23201 + 1 = 23239 = 0x5ac7.
std::string long_data() {
  std::string data = "[";
  for (int i = 0; i < 400; ++i) data += R"({"statisticTime":1747065600000,"coin":["1.5","2.25","3"]},)";
  data.back() = ']';
  return data;
}

std::string hex(std::size_t n) {
  char text[24];
  std::snprintf(text, sizeof text, "%zx", n);
  return text;
}

// 64-bit FNV-1a, written out again to check the weak ETags of business errors.
std::string fnv1a(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  for (const char c : text) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 0x100000001b3ull;
  }
  char out[24];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(hash));
  return out;
}

TEST(Fnv1a, TheTestsReferenceGivesTheFnvTestVectors) {
  EXPECT_EQ(fnv1a(""), "cbf29ce484222325");
  EXPECT_EQ(fnv1a("a"), "af63dc4c8601ec8c");
  EXPECT_EQ(fnv1a("foobar"), "85944171f73967e8");
}

// --- prepare ---

TEST(Prepare, A200IsWhatNginxSendsForTheSameStaticFile) {
  const Prepared prepared = prepare(plain_text("12.5"), modified);
  EXPECT_EQ(prepared.last_modified, modified);
  EXPECT_EQ(prepared.identity.etag, "\"6a03cd10-4\"");
  EXPECT_EQ(prepared.identity.full,
            "Status: 200 OK\r\n"
            "Content-Type: text/plain\r\n"
            "ETag: \"6a03cd10-4\"\r\n"
            "Last-Modified: Wed, 13 May 2026 01:00:00 GMT\r\n"
            "Cache-Control: public, max-age=30, stale-while-revalidate=270, stale-if-error=86400\r\n"
            "Vary: Accept-Encoding\r\n"
            "Content-Length: 4\r\n"
            "\r\n"
            "12.5");
  // Too small to compress (as nginx's gzip_min_length): no gzip variant at all.
  EXPECT_EQ(prepared.gzip.etag, "");
  EXPECT_EQ(prepared.gzip.full, "");
  EXPECT_EQ(prepared.gzip.not_modified, "");
}

TEST(Prepare, The304CarriesTheValidatorsAndNoBody) {
  const Prepared prepared = prepare(plain_text("12.5"), modified);
  EXPECT_EQ(prepared.identity.not_modified,
            "Status: 304 Not Modified\r\n"
            "ETag: \"6a03cd10-4\"\r\n"
            "Last-Modified: Wed, 13 May 2026 01:00:00 GMT\r\n"
            "Cache-Control: public, max-age=30, stale-while-revalidate=270, stale-if-error=86400\r\n"
            "Vary: Accept-Encoding\r\n"
            "\r\n");
}

TEST(Prepare, TheStrongETagIsLastModifiedAndBodyLengthInHex) {
  // {"code":0,"message":"SUCCESS","data":1} is 39 = 0x27 bytes.
  EXPECT_EQ(prepare(success("1"), modified).identity.etag, "\"6a03cd10-27\"");
  EXPECT_EQ(prepare(plain_text(std::string(4096, '7')), rfc_example).identity.etag,
            "\"2ebc98a1-1000\"");
  EXPECT_EQ(prepare(plain_text(""), 0).identity.etag, "\"0-0\"");
  // As nginx's for a file: the time and the length only, not the bytes.
  EXPECT_EQ(prepare(plain_text("12.6"), modified).identity.etag, "\"6a03cd10-4\"");
  EXPECT_EQ(prepare(plain_text("12.5"), modified + 1).identity.etag, "\"6a03cd11-4\"");
}

TEST(Prepare, ALargeBodyGetsAGzipVariantWithAnETagOfItsOwn) {
  const Prepared prepared = prepare(success(long_data()), modified);
  EXPECT_EQ(prepared.identity.etag, "\"6a03cd10-5ac7\"");
  EXPECT_EQ(body_of(prepared.identity.full).size(), 23239u);
  EXPECT_EQ(prepared.identity.full.find("Content-Encoding"), std::string::npos);
  ASSERT_FALSE(prepared.gzip.full.empty());

  const std::string_view gzipped = body_of(prepared.gzip.full);
  EXPECT_EQ(gunzip(gzipped), body_of(prepared.identity.full));
  EXPECT_LT(gzipped.size(), 23239u / 5);
  const std::string gzip_etag = "\"" + std::string(modified_hex) + "-" + hex(gzipped.size()) + "\"";
  EXPECT_EQ(prepared.gzip.etag, gzip_etag);
  EXPECT_NE(prepared.gzip.etag, prepared.identity.etag);
  const std::string validators = "Last-Modified: " + std::string(modified_date) +
                                 "\r\nCache-Control: " + control + "\r\nVary: Accept-Encoding\r\n";
  EXPECT_EQ(prepared.gzip.full, "Status: 200 OK\r\nContent-Type: application/json\r\nETag: " + gzip_etag +
                                    "\r\n" + validators + "Content-Encoding: gzip\r\nContent-Length: " +
                                    std::to_string(gzipped.size()) + "\r\n\r\n" + std::string(gzipped));
  // A 304 has no body, so no Content-Encoding either (nginx drops it from its 304s too).
  EXPECT_EQ(prepared.gzip.not_modified, "Status: 304 Not Modified\r\nETag: " + gzip_etag + "\r\n" + validators + "\r\n");
  EXPECT_EQ(prepared.identity.not_modified,
            "Status: 304 Not Modified\r\nETag: \"6a03cd10-5ac7\"\r\n" + validators + "\r\n");
}

TEST(Prepare, ABusinessErrorHasAWeakETagAndNeitherLastModifiedNorVary) {
  const Response error = business_error(10002, "Invalid chain.");
  const std::string body = R"({"code":10002,"message":"Invalid chain.","data":null})";  // 53 bytes
  ASSERT_EQ(error.body, body);
  const Prepared prepared = prepare(error);
  const std::string etag = "W/\"" + fnv1a(body) + "\"";
  EXPECT_EQ(prepared.last_modified, -1);
  EXPECT_EQ(prepared.identity.etag, etag);
  EXPECT_EQ(prepared.identity.full, "Status: 200 OK\r\nContent-Type: application/json\r\nETag: " + etag +
                                        "\r\nCache-Control: " + control +
                                        "\r\nContent-Length: 53\r\n\r\n" + body);
  EXPECT_EQ(prepared.identity.not_modified,
            "Status: 304 Not Modified\r\nETag: " + etag + "\r\nCache-Control: " + control + "\r\n\r\n");
  EXPECT_EQ(prepared.gzip.full, "");
}

TEST(Prepare, TheWeakETagIsTheFnv1aHashOfTheBody) {
  EXPECT_EQ(prepare(plain_text("a")).identity.etag, "W/\"af63dc4c8601ec8c\"");
  EXPECT_EQ(prepare(plain_text("foobar")).identity.etag, "W/\"85944171f73967e8\"");
  EXPECT_EQ(prepare(plain_text("")).identity.etag, "W/\"cbf29ce484222325\"");
}

TEST(Prepare, ServerErrorsAreNeverCachedAndHaveNoETag) {
  const Prepared prepared = prepare(server_error());
  const std::string body = R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})";  // 58 bytes
  EXPECT_EQ(prepared.identity.full,
            "Status: 503 Service Unavailable\r\nContent-Type: application/json\r\nCache-Control: "
            "no-store\r\nRetry-After: 5\r\nContent-Length: 58\r\n\r\n" +
                body);
  EXPECT_EQ(prepared.last_modified, -1);
  EXPECT_EQ(prepared.identity.etag, "");
  EXPECT_EQ(prepared.identity.not_modified, "");
  EXPECT_EQ(prepared.gzip.full, "");
  // Whatever the request says, and even with a Last-Modified passed along.
  EXPECT_EQ(&choose(prepared, {"*", modified_date, "gzip"}), &prepared.identity.full);
  const Prepared not_found = prepare(Response{404, "text/plain", "Not Found\n", false}, modified);
  EXPECT_EQ(not_found.identity.full,
            "Status: 404 Not Found\r\nContent-Type: text/plain\r\nCache-Control: no-store\r\n"
            "Content-Length: 10\r\n\r\nNot Found\n");
  EXPECT_EQ(&choose(not_found, {"*", modified_date, ""}), &not_found.identity.full);
}

TEST(Prepare, CountsBytesNotCharacters) {
  const Prepared prepared = prepare(plain_text("\xE2\x82\xAC"), modified);
  EXPECT_NE(prepared.identity.full.find("Content-Length: 3\r\n"), std::string::npos);
  EXPECT_EQ(prepared.identity.etag, "\"6a03cd10-3\"");
}

TEST(CompressedVariant, OnlyFromGzipMinLengthAndOnlyWhenSmaller) {
  EXPECT_EQ(gzip_min_length, 1024u);
  EXPECT_EQ(compressed_variant(std::string(1023, 'a')), "");
  const std::string compressed = compressed_variant(std::string(1024, 'a'));
  ASSERT_NE(compressed, "");
  EXPECT_EQ(gunzip(compressed), std::string(1024, 'a'));
  // Bytes that do not compress: a linear congruential sequence's high bytes.
  std::string noise;
  std::uint32_t state = 12345;
  for (int i = 0; i < 4096; ++i) {
    state = state * 1103515245u + 12345u;
    noise += static_cast<char>(state >> 24);
  }
  EXPECT_EQ(compressed_variant(noise), "");
}

// --- choose ---

TEST(Choose, GzipWhenAcceptedAndWorthItElseIdentity) {
  const Prepared large = prepare(success(long_data()), modified);
  EXPECT_EQ(&choose(large, {}), &large.identity.full);
  EXPECT_EQ(&choose(large, {"", "", "gzip, deflate, br"}), &large.gzip.full);
  EXPECT_EQ(&choose(large, {"", "", "br;q=1, *"}), &large.gzip.full);
  EXPECT_EQ(&choose(large, {"", "", "gzip;q=0"}), &large.identity.full);
  EXPECT_EQ(&choose(large, {"", "", "identity"}), &large.identity.full);
  const Prepared small = prepare(plain_text("12.5"), modified);
  EXPECT_EQ(&choose(small, {"", "", "gzip"}), &small.identity.full);
}

TEST(Choose, IfNoneMatchListsWeakAndStar) {
  const Prepared prepared = prepare(plain_text("12.5"), modified);
  const std::string* const full = &prepared.identity.full;
  const std::string* const not_modified = &prepared.identity.not_modified;
  EXPECT_EQ(&choose(prepared, {"\"6a03cd10-4\"", "", ""}), not_modified);
  EXPECT_EQ(&choose(prepared, {"\"x\", \"6a03cd10-4\"", "", ""}), not_modified);
  EXPECT_EQ(&choose(prepared, {"\"6a03cd10-4\",\"x\"", "", ""}), not_modified);
  EXPECT_EQ(&choose(prepared, {"W/\"6a03cd10-4\"", "", ""}), not_modified) << "weak comparison";
  EXPECT_EQ(&choose(prepared, {"*", "", ""}), not_modified);
  EXPECT_EQ(&choose(prepared, {"\"6a03cd10-5\"", "", ""}), full);
  EXPECT_EQ(&choose(prepared, {"\"6a03cd0f-4\"", "", ""}), full);
  EXPECT_EQ(&choose(prepared, {"6a03cd10-4", "", ""}), full) << "not quoted";
}

TEST(Choose, EachVariantIsValidatedByItsOwnETag) {
  const Prepared prepared = prepare(success(long_data()), modified);
  const std::string& identity_etag = prepared.identity.etag;
  const std::string& gzip_etag = prepared.gzip.etag;
  EXPECT_EQ(&choose(prepared, {identity_etag, "", "gzip"}), &prepared.gzip.full);
  EXPECT_EQ(&choose(prepared, {gzip_etag, "", "gzip"}), &prepared.gzip.not_modified);
  EXPECT_EQ(&choose(prepared, {gzip_etag, "", ""}), &prepared.identity.full);
  EXPECT_EQ(&choose(prepared, {identity_etag, "", ""}), &prepared.identity.not_modified);
  EXPECT_EQ(&choose(prepared, {identity_etag + ", " + gzip_etag, "", "gzip"}), &prepared.gzip.not_modified);
  EXPECT_EQ(&choose(prepared, {"", modified_date, "gzip"}), &prepared.gzip.not_modified);
}

TEST(Choose, IfModifiedSinceMustEqualLastModifiedInAnyOfTheThreeFormats) {
  const Prepared prepared = prepare(plain_text("12.5"), modified);
  const std::string* const full = &prepared.identity.full;
  const std::string* const not_modified = &prepared.identity.not_modified;
  EXPECT_EQ(&choose(prepared, {"", "Wed, 13 May 2026 01:00:00 GMT", ""}), not_modified);  // IMF-fixdate
  EXPECT_EQ(&choose(prepared, {"", "Wednesday, 13-May-26 01:00:00 GMT", ""}), not_modified);  // RFC 850
  EXPECT_EQ(&choose(prepared, {"", "Wed May 13 01:00:00 2026", ""}), not_modified);  // asctime
  // nginx's if_modified_since exact: a later date is not "not modified since" either.
  EXPECT_EQ(&choose(prepared, {"", "Wed, 13 May 2026 01:00:01 GMT", ""}), full);
  EXPECT_EQ(&choose(prepared, {"", "Wed, 13 May 2026 00:59:59 GMT", ""}), full);
  EXPECT_EQ(&choose(prepared, {"", "Thu, 14 May 2026 01:00:00 GMT", ""}), full);
  EXPECT_EQ(&choose(prepared, {"", "Wed, 13 May 2027 01:00:00 GMT", ""}), full);
  EXPECT_EQ(&choose(prepared, {"", "yesterday", ""}), full);
}

TEST(Choose, BothValidatorsSentMustHold) {
  const Prepared prepared = prepare(plain_text("12.5"), modified);
  const std::string* const full = &prepared.identity.full;
  EXPECT_EQ(&choose(prepared, {"\"6a03cd10-4\"", modified_date, ""}), &prepared.identity.not_modified);
  EXPECT_EQ(&choose(prepared, {"\"6a03cd10-4\"", "Wed, 13 May 2026 00:59:59 GMT", ""}), full);
  EXPECT_EQ(&choose(prepared, {"\"6a03cd10-4\"", "garbage", ""}), full);
  EXPECT_EQ(&choose(prepared, {"\"6a03cd10-5\"", modified_date, ""}), full);
  EXPECT_EQ(&choose(prepared, {"*", "Wed May 13 01:00:00 2026", ""}), &prepared.identity.not_modified);
}

TEST(Choose, IfModifiedSinceNeverHoldsForAnAnswerWithoutLastModified) {
  const Prepared prepared = prepare(business_error(1, "Required request parameter 'chain' is not present"));
  const std::string* const full = &prepared.identity.full;
  EXPECT_EQ(&choose(prepared, {"", modified_date, ""}), full);
  EXPECT_EQ(&choose(prepared, {"", "Thu, 01 Jan 1970 00:00:00 GMT", ""}), full);
  EXPECT_EQ(&choose(prepared, {prepared.identity.etag, modified_date, ""}), full);
  // Its ETag alone is enough.
  EXPECT_EQ(&choose(prepared, {prepared.identity.etag, "", "gzip"}), &prepared.identity.not_modified);
  EXPECT_EQ(&choose(prepared, {"*", "", ""}), &prepared.identity.not_modified);
}

// If-Unmodified-Since and If-Match come first, as in nginx's filter: a 412 without a body
// (nginx puts its page there, nginx/errors.conf).
TEST(Choose, AFailedIfUnmodifiedSinceOrIfMatchIsA412) {
  const Prepared prepared = prepare(plain_text("12.5"), modified);  // ETag "6a03cd10-4"
  const std::string* const full = &prepared.identity.full;
  const std::string failed = "Status: 412 Precondition Failed\r\n\r\n";
  const auto with = [&](Conditions conditions) -> const std::string& { return choose(prepared, conditions); };
  EXPECT_EQ(&with({"", "", "", "", modified_date}), full) << "not modified since: go on";
  EXPECT_EQ(&with({"", "", "", "", "Thu, 14 May 2026 00:00:00 GMT"}), full);
  EXPECT_EQ(with({"", "", "", "", "Wed, 13 May 2026 00:59:59 GMT"}), failed) << "modified since";
  EXPECT_EQ(with({"", "", "", "", "garbage"}), failed);
  EXPECT_EQ(&with({"", "", "", "\"6a03cd10-4\""}), full);
  EXPECT_EQ(&with({"", "", "", "\"x\", \"6a03cd10-4\""}), full);
  EXPECT_EQ(&with({"", "", "", "*"}), full);
  EXPECT_EQ(with({"", "", "", "W/\"6a03cd10-4\""}), failed) << "strong comparison";
  EXPECT_EQ(with({"", "", "", "\"6a03cd10-5\""}), failed);
  // Before If-None-Match: a request that would be a 304 fails first.
  EXPECT_EQ(with({"\"6a03cd10-4\"", "", "", "\"x\""}), failed);
  EXPECT_EQ(&with({"\"6a03cd10-4\"", "", "", "\"6a03cd10-4\""}), &prepared.identity.not_modified);
  // An answer without Last-Modified was never unmodified since anything.
  const Prepared error = prepare(business_error(1, "Required request parameter 'chain' is not present"));
  EXPECT_EQ(choose(error, {"", "", "", "", modified_date}), failed);
}

// --- dates ---

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
