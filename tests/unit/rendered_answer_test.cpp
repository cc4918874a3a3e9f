#include "shared/rendered_answer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdio>

#include "shared/content_digest.hpp"
#include "shared/gzip.hpp"
#include "tests/support/cgi_output.hpp"
#include "tests/support/gunzip.hpp"
#include "tests/support/rfc9421_key.hpp"
#include "tests/unit/known_times.hpp"

namespace coin {
namespace {

using testing_support::body_of;
using testing_support::gunzip;

using namespace known_times;

// Every expected value below is worked out by hand, not taken from the code's output.
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

// --- render ---

TEST(Render, A200IsWhatNginxSendsForTheSameStaticFile) {
  const RenderedAnswer rendered = render(plain_text("12.5"), modified);
  EXPECT_EQ(rendered.last_modified, modified);
  EXPECT_EQ(rendered.identity.etag, "\"6a03cd10-4\"");
  EXPECT_EQ(rendered.identity.full,
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
  EXPECT_EQ(rendered.gzip.etag, "");
  EXPECT_EQ(rendered.gzip.full, "");
  EXPECT_EQ(rendered.gzip.not_modified, "");
}

TEST(Render, ACsvFileIsOfferedForSavingUnderItsName) {
  const RenderedAnswer rendered = render(csv_file("a,b\r\n1,2\r\n", "x_20260513T010000Z.csv"), modified);
  EXPECT_EQ(rendered.identity.full,
            "Status: 200 OK\r\n"
            "Content-Type: text/csv\r\n"
            "Content-Disposition: attachment; filename=\"x_20260513T010000Z.csv\"\r\n"
            "ETag: \"6a03cd10-a\"\r\n"
            "Last-Modified: Wed, 13 May 2026 01:00:00 GMT\r\n"
            "Cache-Control: public, max-age=30, stale-while-revalidate=270, stale-if-error=86400\r\n"
            "Vary: Accept-Encoding\r\n"
            "Content-Length: 10\r\n"
            "\r\n"
            "a,b\r\n1,2\r\n");
}

TEST(Render, The304CarriesTheValidatorsAndNoBody) {
  const RenderedAnswer rendered = render(plain_text("12.5"), modified);
  EXPECT_EQ(rendered.identity.not_modified,
            "Status: 304 Not Modified\r\n"
            "ETag: \"6a03cd10-4\"\r\n"
            "Last-Modified: Wed, 13 May 2026 01:00:00 GMT\r\n"
            "Cache-Control: public, max-age=30, stale-while-revalidate=270, stale-if-error=86400\r\n"
            "Vary: Accept-Encoding\r\n"
            "\r\n");
}

// The blocks an answer rests on, and the headers that 6.1's "12.5" at `modified` with them
// shares with its 304.
const std::string blocks = "tron=latest; eth=22480012; bsc=48123456";
const std::string headers_with_blocks = "ETag: \"6a03cd10-4\"\r\n"
                                        "Last-Modified: Wed, 13 May 2026 01:00:00 GMT\r\n"
                                        "Cache-Control: " + control + "\r\n"
                                        "Vary: Accept-Encoding\r\n"
                                        "X-Snapshot-Blocks: tron=latest; eth=22480012; bsc=48123456\r\n";

TEST(Render, TheBlocksAnAnswerRestsOnGoWithItAndIts304) {
  const RenderedAnswer rendered = render(plain_text("12.5"), modified, blocks);
  EXPECT_EQ(rendered.identity.full,
            "Status: 200 OK\r\nContent-Type: text/plain\r\n" + headers_with_blocks + "Content-Length: 4\r\n\r\n12.5");
  EXPECT_EQ(rendered.identity.not_modified, "Status: 304 Not Modified\r\n" + headers_with_blocks + "\r\n");
  // The ETag does not change with them: a new snapshot has a new Last-Modified anyway.
  EXPECT_EQ(rendered.identity.etag, render(plain_text("12.5"), modified).identity.etag);
  // An error rests on no snapshot.
  EXPECT_EQ(render(server_error(), -1, blocks).identity.full.find("X-Snapshot-Blocks"), std::string::npos);
}

// Whether each block is final goes beside the blocks, on the 200 and its 304, and is signed.
TEST(Render, TheFinalityGoesBesideTheBlocksAndIsSigned) {
  const SigningKey key = SigningKey::from_pem(testing_support::rfc9421_key);
  const Signer signer{key, 1795734000};
  const RenderedAnswer rendered = render(plain_text("12.5"), modified, blocks, "tron=no; eth=yes; bsc=no", &signer);
  const std::string both = "X-Snapshot-Blocks: tron=latest; eth=22480012; bsc=48123456\r\n"
                           "X-Snapshot-Final: tron=no; eth=yes; bsc=no\r\n";
  EXPECT_NE(rendered.identity.full.find(both), std::string::npos) << rendered.identity.full;
  EXPECT_NE(rendered.identity.not_modified.find(both), std::string::npos) << rendered.identity.not_modified;
  EXPECT_NE(rendered.identity.full.find("Signature-Input: coin=(\"content-type\" \"content-digest\" \"last-modified\" "
                                        "\"x-snapshot-blocks\" \"x-snapshot-final\");created=1795734000;"),
            std::string::npos);
  EXPECT_EQ(render(server_error(), -1, blocks, "eth=yes").identity.full.find("X-Snapshot-Final"), std::string::npos);
}

// Signed with RFC 9421's test key at a fixed time: the digest and the signature worked out with
// openssl dgst and pkeyutl over the signature base written out here.
TEST(Render, ASignedAnswerCarriesItsDigestAndSignatureAndIts304Neither) {
  const SigningKey key = SigningKey::from_pem(testing_support::rfc9421_key);
  const Signer signer{key, 1795734000};
  const RenderedAnswer rendered = render(plain_text("12.5"), modified, blocks, {}, &signer);
  EXPECT_EQ(rendered.identity.full,
            "Status: 200 OK\r\nContent-Type: text/plain\r\n" + headers_with_blocks +
                "Content-Digest: sha-256=:uQLMRVCDgimnEL/sTDjLx+sRCCNnpAnfkTXn8Aepa9o=:\r\n"
                "Signature-Input: coin=(\"content-type\" \"content-digest\" \"last-modified\" \"x-snapshot-blocks\")"
                ";created=1795734000;keyid=\"" + std::string(testing_support::rfc9421_keyid) + "\"\r\n"
                "Signature: coin=:pr9tmY72TWWm0HXEQ1kmOmNGULlV8QaIHG8kA2j0CVBcmpyeIVXSosczW1cdv19n2ufJVrko35tWrUrlf9mZBQ==:\r\n"
                "Content-Length: 4\r\n\r\n12.5");
  EXPECT_EQ(rendered.identity.not_modified, "Status: 304 Not Modified\r\n" + headers_with_blocks + "\r\n");
  // Without a snapshot's data there is nothing to sign.
  EXPECT_EQ(render(business_error(10002, "Invalid chain."), -1, {}, {}, &signer).identity.full.find("Signature"),
            std::string::npos);
  EXPECT_EQ(render(server_error(), -1, {}, {}, &signer).identity.full.find("Signature"), std::string::npos);
}

TEST(Render, AGzipVariantIsSignedWithItsCodingAndTheDigestOfItsOwnBytes) {
  const SigningKey key = SigningKey::from_pem(testing_support::rfc9421_key);
  const Signer signer{key, 1795734000};
  const RenderedAnswer rendered = render(success(long_data()), modified, "eth=22480012", {}, &signer);
  ASSERT_FALSE(rendered.gzip.full.empty());
  const std::string compressed(body_of(rendered.gzip.full));
  EXPECT_NE(rendered.gzip.full.find("\r\nContent-Digest: " + content_digest(compressed) + "\r\n"), std::string::npos);
  EXPECT_NE(rendered.gzip.full.find("\r\nSignature-Input: coin=(\"content-type\" \"content-encoding\" "
                                    "\"content-digest\" \"last-modified\" \"x-snapshot-blocks\");created=1795734000;"),
            std::string::npos);
  EXPECT_NE(rendered.identity.full.find("\r\nContent-Digest: " + content_digest(body_of(rendered.identity.full)) + "\r\n"),
            std::string::npos);
}

TEST(Render, TheStrongETagIsLastModifiedAndBodyLengthInHex) {
  // {"code":0,"message":"SUCCESS","data":1} is 39 = 0x27 bytes.
  EXPECT_EQ(render(success("1"), modified).identity.etag, "\"6a03cd10-27\"");
  EXPECT_EQ(render(plain_text(std::string(4096, '7')), rfc_example).identity.etag,
            "\"2ebc98a1-1000\"");
  EXPECT_EQ(render(plain_text(""), 0).identity.etag, "\"0-0\"");
  // As nginx's for a file: the time and the length only, not the bytes.
  EXPECT_EQ(render(plain_text("12.6"), modified).identity.etag, "\"6a03cd10-4\"");
  EXPECT_EQ(render(plain_text("12.5"), modified + 1).identity.etag, "\"6a03cd11-4\"");
}

TEST(Render, ALargeBodyGetsAGzipVariantWithAnETagOfItsOwn) {
  const RenderedAnswer rendered = render(success(long_data()), modified);
  EXPECT_EQ(rendered.identity.etag, "\"6a03cd10-5ac7\"");
  EXPECT_EQ(body_of(rendered.identity.full).size(), 23239u);
  EXPECT_EQ(rendered.identity.full.find("Content-Encoding"), std::string::npos);
  ASSERT_FALSE(rendered.gzip.full.empty());

  const std::string_view gzipped = body_of(rendered.gzip.full);
  EXPECT_EQ(gunzip(gzipped), body_of(rendered.identity.full));
  EXPECT_LT(gzipped.size(), 23239u / 5);
  const std::string gzip_etag = "\"" + std::string(modified_hex) + "-" + hex(gzipped.size()) + "\"";
  EXPECT_EQ(rendered.gzip.etag, gzip_etag);
  EXPECT_NE(rendered.gzip.etag, rendered.identity.etag);
  const std::string validators = "Last-Modified: " + std::string(modified_date) +
                                 "\r\nCache-Control: " + control + "\r\nVary: Accept-Encoding\r\n";
  EXPECT_EQ(rendered.gzip.full, "Status: 200 OK\r\nContent-Type: application/json\r\nETag: " + gzip_etag +
                                    "\r\n" + validators + "Content-Encoding: gzip\r\nContent-Length: " +
                                    std::to_string(gzipped.size()) + "\r\n\r\n" + std::string(gzipped));
  // A 304 has no body, so no Content-Encoding either (nginx drops it from its 304s too).
  EXPECT_EQ(rendered.gzip.not_modified, "Status: 304 Not Modified\r\nETag: " + gzip_etag + "\r\n" + validators + "\r\n");
  EXPECT_EQ(rendered.identity.not_modified,
            "Status: 304 Not Modified\r\nETag: \"6a03cd10-5ac7\"\r\n" + validators + "\r\n");
}

TEST(Render, ABusinessErrorHasAWeakETagAndNeitherLastModifiedNorVary) {
  const Response error = business_error(10002, "Invalid chain.");
  const std::string body = R"({"code":10002,"message":"Invalid chain.","data":null})";  // 53 bytes
  ASSERT_EQ(error.body, body);
  const RenderedAnswer rendered = render(error);
  // FNV-1a (64 bits) of those 53 bytes, computed outside this code (Python, the algorithm's
  // reference vectors checked below).
  const std::string etag = "W/\"906b598bd4389afb\"";
  EXPECT_EQ(rendered.last_modified, -1);
  EXPECT_EQ(rendered.identity.etag, etag);
  EXPECT_EQ(rendered.identity.full, "Status: 200 OK\r\nContent-Type: application/json\r\nETag: " + etag +
                                        "\r\nCache-Control: " + control +
                                        "\r\nContent-Length: 53\r\n\r\n" + body);
  EXPECT_EQ(rendered.identity.not_modified,
            "Status: 304 Not Modified\r\nETag: " + etag + "\r\nCache-Control: " + control + "\r\n\r\n");
  EXPECT_EQ(rendered.gzip.full, "");
}

// The FNV-1a reference vectors (Fowler, Noll, Vo: "a", "foobar" and the empty string).
TEST(Render, TheWeakETagIsTheFnv1aHashOfTheBody) {
  EXPECT_EQ(render(plain_text("a")).identity.etag, "W/\"af63dc4c8601ec8c\"");
  EXPECT_EQ(render(plain_text("foobar")).identity.etag, "W/\"85944171f73967e8\"");
  EXPECT_EQ(render(plain_text("")).identity.etag, "W/\"cbf29ce484222325\"");
}

TEST(Render, ServerErrorsAreNeverCachedAndHaveNoETag) {
  const RenderedAnswer rendered = render(server_error());
  const std::string body = R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})";  // 58 bytes
  EXPECT_EQ(rendered.identity.full,
            "Status: 503 Service Unavailable\r\nContent-Type: application/json\r\nCache-Control: "
            "no-store\r\nRetry-After: 5\r\nContent-Length: 58\r\n\r\n" +
                body);
  EXPECT_EQ(rendered.last_modified, -1);
  EXPECT_EQ(rendered.identity.etag, "");
  EXPECT_EQ(rendered.identity.not_modified, "");
  EXPECT_EQ(rendered.gzip.full, "");
  // Whatever the request says, and even with a Last-Modified passed along.
  EXPECT_EQ(&choose(rendered, {"*", modified_date, "gzip"}), &rendered.identity.full);
  const RenderedAnswer not_found_answer = render(not_found(), modified);
  EXPECT_EQ(not_found_answer.identity.full,
            "Status: 404 Not Found\r\nContent-Type: text/plain\r\nCache-Control: no-store\r\n"
            "Content-Length: 10\r\n\r\nNot Found\n");
  EXPECT_EQ(&choose(not_found_answer, {"*", modified_date, ""}), &not_found_answer.identity.full);
}

TEST(Render, CountsBytesNotCharacters) {
  const RenderedAnswer rendered = render(plain_text("\xE2\x82\xAC"), modified);
  EXPECT_NE(rendered.identity.full.find("Content-Length: 3\r\n"), std::string::npos);
  EXPECT_EQ(rendered.identity.etag, "\"6a03cd10-3\"");
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

// A history's body whose kept part is 1 KB or more is compressed in two parts, the kept part
// apart (the publisher keeps it compressed between sets); one under 1 KB, whole.
TEST(CompressedVariant, AKeptPartOf1KbOrMoreIsCompressedApart) {
  const std::string kept = R"({"items":[)" + std::string(1100, '7') + ",";
  const std::string body = kept + "8]}";
  const std::string apart = compressed_variant(body, kept.size());
  EXPECT_EQ(apart, gzip_start(kept) + gzip_rest("8]}", crc32_of(kept), kept.size()));
  EXPECT_NE(apart, compressed_variant(body));
  EXPECT_EQ(gunzip(apart), body);
  EXPECT_EQ(compressed_variant(body, 1023), compressed_variant(body));
}

// --- choose ---

TEST(Choose, GzipWhenAcceptedAndWorthItElseIdentity) {
  const RenderedAnswer large = render(success(long_data()), modified);
  EXPECT_EQ(&choose(large, {}), &large.identity.full);
  EXPECT_EQ(&choose(large, {"", "", "gzip, deflate, br"}), &large.gzip.full);
  EXPECT_EQ(&choose(large, {"", "", "br;q=1, *"}), &large.gzip.full);
  EXPECT_EQ(&choose(large, {"", "", "gzip;q=0"}), &large.identity.full);
  EXPECT_EQ(&choose(large, {"", "", "identity"}), &large.identity.full);
  const RenderedAnswer small = render(plain_text("12.5"), modified);
  EXPECT_EQ(&choose(small, {"", "", "gzip"}), &small.identity.full);
}

TEST(Choose, IfNoneMatchListsWeakAndStar) {
  const RenderedAnswer rendered = render(plain_text("12.5"), modified);
  const std::string* const full = &rendered.identity.full;
  const std::string* const not_modified = &rendered.identity.not_modified;
  EXPECT_EQ(&choose(rendered, {"\"6a03cd10-4\"", "", ""}), not_modified);
  EXPECT_EQ(&choose(rendered, {"\"x\", \"6a03cd10-4\"", "", ""}), not_modified);
  EXPECT_EQ(&choose(rendered, {"\"6a03cd10-4\",\"x\"", "", ""}), not_modified);
  EXPECT_EQ(&choose(rendered, {"W/\"6a03cd10-4\"", "", ""}), not_modified) << "weak comparison";
  EXPECT_EQ(&choose(rendered, {"*", "", ""}), not_modified);
  EXPECT_EQ(&choose(rendered, {"\"6a03cd10-5\"", "", ""}), full);
  EXPECT_EQ(&choose(rendered, {"\"6a03cd0f-4\"", "", ""}), full);
  EXPECT_EQ(&choose(rendered, {"6a03cd10-4", "", ""}), full) << "not quoted";
}

TEST(Choose, EachVariantIsValidatedByItsOwnETag) {
  const RenderedAnswer rendered = render(success(long_data()), modified);
  const std::string& identity_etag = rendered.identity.etag;
  const std::string& gzip_etag = rendered.gzip.etag;
  EXPECT_EQ(&choose(rendered, {identity_etag, "", "gzip"}), &rendered.gzip.full);
  EXPECT_EQ(&choose(rendered, {gzip_etag, "", "gzip"}), &rendered.gzip.not_modified);
  EXPECT_EQ(&choose(rendered, {gzip_etag, "", ""}), &rendered.identity.full);
  EXPECT_EQ(&choose(rendered, {identity_etag, "", ""}), &rendered.identity.not_modified);
  EXPECT_EQ(&choose(rendered, {identity_etag + ", " + gzip_etag, "", "gzip"}), &rendered.gzip.not_modified);
  EXPECT_EQ(&choose(rendered, {"", modified_date, "gzip"}), &rendered.gzip.not_modified);
}

TEST(Choose, IfModifiedSinceMustEqualLastModifiedInAnyOfTheThreeFormats) {
  const RenderedAnswer rendered = render(plain_text("12.5"), modified);
  const std::string* const full = &rendered.identity.full;
  const std::string* const not_modified = &rendered.identity.not_modified;
  EXPECT_EQ(&choose(rendered, {"", "Wed, 13 May 2026 01:00:00 GMT", ""}), not_modified);  // IMF-fixdate
  EXPECT_EQ(&choose(rendered, {"", "Wednesday, 13-May-26 01:00:00 GMT", ""}), not_modified);  // RFC 850
  EXPECT_EQ(&choose(rendered, {"", "Wed May 13 01:00:00 2026", ""}), not_modified);  // asctime
  // nginx's if_modified_since exact: a later date is not "not modified since" either.
  EXPECT_EQ(&choose(rendered, {"", "Wed, 13 May 2026 01:00:01 GMT", ""}), full);
  EXPECT_EQ(&choose(rendered, {"", "Wed, 13 May 2026 00:59:59 GMT", ""}), full);
  EXPECT_EQ(&choose(rendered, {"", "Thu, 14 May 2026 01:00:00 GMT", ""}), full);
  EXPECT_EQ(&choose(rendered, {"", "Wed, 13 May 2027 01:00:00 GMT", ""}), full);
  EXPECT_EQ(&choose(rendered, {"", "yesterday", ""}), full);
}

TEST(Choose, BothValidatorsSentMustHold) {
  const RenderedAnswer rendered = render(plain_text("12.5"), modified);
  const std::string* const full = &rendered.identity.full;
  EXPECT_EQ(&choose(rendered, {"\"6a03cd10-4\"", modified_date, ""}), &rendered.identity.not_modified);
  EXPECT_EQ(&choose(rendered, {"\"6a03cd10-4\"", "Wed, 13 May 2026 00:59:59 GMT", ""}), full);
  EXPECT_EQ(&choose(rendered, {"\"6a03cd10-4\"", "garbage", ""}), full);
  EXPECT_EQ(&choose(rendered, {"\"6a03cd10-5\"", modified_date, ""}), full);
  EXPECT_EQ(&choose(rendered, {"*", "Wed May 13 01:00:00 2026", ""}), &rendered.identity.not_modified);
}

TEST(Choose, IfModifiedSinceNeverHoldsForAnAnswerWithoutLastModified) {
  const RenderedAnswer rendered = render(business_error(1, "Required request parameter 'chain' is not present"));
  const std::string* const full = &rendered.identity.full;
  EXPECT_EQ(&choose(rendered, {"", modified_date, ""}), full);
  EXPECT_EQ(&choose(rendered, {"", "Thu, 01 Jan 1970 00:00:00 GMT", ""}), full);
  EXPECT_EQ(&choose(rendered, {rendered.identity.etag, modified_date, ""}), full);
  // Its ETag alone is enough.
  EXPECT_EQ(&choose(rendered, {rendered.identity.etag, "", "gzip"}), &rendered.identity.not_modified);
  EXPECT_EQ(&choose(rendered, {"*", "", ""}), &rendered.identity.not_modified);
}

// If-Unmodified-Since and If-Match come first, as in nginx's filter: a 412 without a body
// (nginx puts its page there, nginx/errors.conf).
TEST(Choose, AFailedIfUnmodifiedSinceOrIfMatchIsA412) {
  const RenderedAnswer rendered = render(plain_text("12.5"), modified);  // ETag "6a03cd10-4"
  const std::string* const full = &rendered.identity.full;
  const std::string failed = "Status: 412 Precondition Failed\r\n\r\n";
  const auto with = [&](Conditions conditions) -> const std::string& { return choose(rendered, conditions); };
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
  EXPECT_EQ(&with({"\"6a03cd10-4\"", "", "", "\"6a03cd10-4\""}), &rendered.identity.not_modified);
  // An answer without Last-Modified was never unmodified since anything.
  const RenderedAnswer error = render(business_error(1, "Required request parameter 'chain' is not present"));
  EXPECT_EQ(choose(error, {"", "", "", "", modified_date}), failed);
}

}  // namespace
}  // namespace coin
