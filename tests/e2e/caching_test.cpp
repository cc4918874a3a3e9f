// HTTP caching of every published answer (27 of them) on the fixture: the publisher's file and
// the handlers' answer to the same request are byte for byte the same, plain and gzip, with
// and without conditions; Last-Modified is the newest snapshot and the ETag nginx's static one;
// 304s; gzip; and a stack without the publisher answers the same bytes.

#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "tests/e2e/answers.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/e2e/stack.hpp"
#include "tests/support/gunzip.hpp"

namespace coin::e2e {
namespace {

// The fixture's newest snapshot (tests/sql/last_snapshot.test.sql works it out from
// fixture.sql): tron's chain_state and TRX-A's vault_state at 2026-05-13 08:00 UTC+8, which is
// 2026-05-13 00:00 UTC, 1778630400 s after the epoch. 2026-01-01 was a Thursday and May 13 is
// the year's 133rd day, 132 = 18 x 7 + 6 days later: a Wednesday.
const std::string last_modified = "Wed, 13 May 2026 00:00:00 GMT";
const std::string second_later = "Wed, 13 May 2026 00:00:01 GMT";
const std::string second_earlier = "Tue, 12 May 2026 23:59:59 GMT";
// 1778630400 = 0x6a03bf00 (0x6a000000 = 1778384896, 0x3bf00 = 245504).
const std::string last_modified_hex = "6a03bf00";

const std::string accept_gzip = "Accept-Encoding: gzip";

// nginx's ETag of a static file of `length` bytes modified at the fixture's newest snapshot.
std::string etag_of(size_t length) {
  char hex[32];
  std::snprintf(hex, sizeof hex, "%zx", length);
  return "\"" + last_modified_hex + "-" + hex + "\"";
}

std::vector<std::string> plus(std::vector<std::string> headers, const std::vector<std::string>& more) {
  headers.insert(headers.end(), more.begin(), more.end());
  return headers;
}

// The handlers' answer to `request` with `headers`. nginx publishes only the canonical query of
// an endpoint with parameters, so the same query with an unknown parameter goes to the handlers
// of the same stack. An endpoint without parameters answers any query from its published file:
// its handlers answer on the stack without the publisher.
HttpResponse handlers_answer(const Request& request, const std::vector<std::string>& headers) {
  if (request.endpoint->parameters.empty()) return http("GET", unpublished_stack().url(request.path), headers);
  return http("GET", fixture_stack().url(request.with_unknown_parameter()), headers);
}

HttpResponse published_answer(const Request& request, const std::vector<std::string>& headers = {}) {
  return http("GET", fixture_stack().url(request.path), headers);
}

// The conditions a request carries, and the status they get: 304 when every validator sent
// holds (If-Modified-Since only when it is exactly the Last-Modified: nginx's
// if_modified_since exact), else 200.
struct Conditions {
  std::vector<std::string> headers;
  long status;
};

std::vector<Conditions> conditions_for(const std::string& etag, const std::string& other_length_etag) {
  return {
      {{}, 200},
      {{"If-None-Match: " + etag}, 304},
      {{"If-None-Match: W/" + etag}, 304},
      {{"If-None-Match: \"other\", " + etag}, 304},
      {{"If-None-Match: *"}, 304},
      {{"If-None-Match: \"other\""}, 200},
      {{"If-None-Match: " + other_length_etag}, 200},
      {{"If-Modified-Since: " + last_modified}, 304},
      {{"If-Modified-Since: " + second_later}, 200},
      {{"If-Modified-Since: " + second_earlier}, 200},
      {{"If-Modified-Since: yesterday"}, 200},
      {{"If-None-Match: " + etag, "If-Modified-Since: " + last_modified}, 304},
      {{"If-None-Match: " + etag, "If-Modified-Since: " + second_earlier}, 200},
      {{"If-None-Match: \"other\"", "If-Modified-Since: " + last_modified}, 200},
  };
}

TEST(Caching, EveryPublishedAnswerIsTheHandlersByteForByte) {
  for (const Request& request : published_requests()) {
    const HttpResponse plain = published_answer(request);
    const HttpResponse gzipped = published_answer(request, {accept_gzip});
    ASSERT_EQ(plain.status, 200) << request.name();
    for (const std::vector<std::string>& encoding : {std::vector<std::string>{}, {accept_gzip}}) {
      const HttpResponse& variant = encoding.empty() ? plain : gzipped;
      const std::string etag = variant.header("etag");
      for (const Conditions& conditions : conditions_for(etag, etag_of(variant.body.size() + 1))) {
        const std::vector<std::string> headers = plus(encoding, conditions.headers);
        std::string context = request.name();
        for (const std::string& header : headers) context += " | " + header;
        const HttpResponse published = published_answer(request, headers);
        const HttpResponse handlers = handlers_answer(request, headers);
        EXPECT_EQ(published.status, conditions.status) << context;
        EXPECT_FALSE(from_a_handler(published)) << context;
        EXPECT_TRUE(from_a_handler(handlers)) << context;
        expect_same_answer(published, handlers, context);
      }
      // The other variant's ETag is no match: each variant is a representation of its own.
      const std::string other_variant = (encoding.empty() ? gzipped : plain).header("etag");
      if (other_variant != etag) {
        const std::vector<std::string> headers = plus(encoding, {"If-None-Match: " + other_variant});
        expect_same_answer(published_answer(request, headers), handlers_answer(request, headers), request.name());
        EXPECT_EQ(published_answer(request, headers).status, 200) << request.name();
      }
    }
  }
}

// The other preconditions of RFC 9110 a client may send with a GET: the same answer too.
TEST(Caching, IfMatchAndIfUnmodifiedSinceAreAnsweredAlike) {
  for (const Request& request : published_requests()) {
    const std::string etag = published_answer(request).header("etag");
    for (const std::string& condition :
         {"If-Match: " + etag, std::string("If-Match: \"other\""), "If-Unmodified-Since: " + last_modified,
          "If-Unmodified-Since: " + second_earlier}) {
      const std::string context = request.name() + " | " + condition;
      const HttpResponse published = published_answer(request, {condition});
      const HttpResponse handlers = handlers_answer(request, {condition});
      if (published.status != handlers.status) {  // no need for the bodies then
        ADD_FAILURE() << context << ": " << published.status << " published, " << handlers.status
                      << " from the handlers";
        continue;
      }
      expect_same_answer(published, handlers, context);
    }
  }
}

TEST(Caching, LastModifiedIsTheNewestSnapshotAndTheEtagNginxsStaticOne) {
  for (const Request& request : published_requests()) {
    for (const std::vector<std::string>& headers : {std::vector<std::string>{}, {accept_gzip}}) {
      const std::string context = request.name() + (headers.empty() ? "" : " gzip");
      const HttpResponse response = published_answer(request, headers);
      EXPECT_EQ(response.status, 200) << context;
      EXPECT_EQ(response.header("last-modified"), last_modified) << context;
      EXPECT_EQ(response.header("etag"), etag_of(response.body.size())) << context;
      EXPECT_EQ(response.header("content-length"), std::to_string(response.body.size())) << context;
      EXPECT_EQ(response.header("cache-control"), published_cache_control) << context;
      EXPECT_EQ(response.header("vary"), "Accept-Encoding") << context;
      EXPECT_EQ(response.header("content-type"), request.content_type) << context;
    }
  }
}

void expect_not_modified(const HttpResponse& response, const std::string& etag, const std::string& context) {
  EXPECT_EQ(response.status, 304) << context;
  EXPECT_EQ(response.body, "") << context;
  EXPECT_EQ(response.header("etag"), etag) << context;
  EXPECT_EQ(response.header("last-modified"), last_modified) << context;
  EXPECT_EQ(response.header("cache-control"), published_cache_control) << context;
  EXPECT_EQ(response.header("vary"), "Accept-Encoding") << context;
  EXPECT_FALSE(response.has_header("content-encoding")) << context;
  EXPECT_EQ(response.header("access-control-allow-origin"), "*") << context;
}

TEST(Caching, A304CarriesTheValidatorsCacheControlAndVaryAndNoBody) {
  for (const Request& request : published_requests()) {
    for (const std::vector<std::string>& encoding : {std::vector<std::string>{}, {accept_gzip}}) {
      const std::string context = request.name() + (encoding.empty() ? "" : " gzip");
      const std::string etag = published_answer(request, encoding).header("etag");
      ASSERT_FALSE(etag.empty()) << context;
      for (const std::string& condition : {"If-None-Match: " + etag, "If-Modified-Since: " + last_modified}) {
        const std::vector<std::string> headers = plus(encoding, {condition});
        expect_not_modified(published_answer(request, headers), etag, context + " | " + condition);
        expect_not_modified(handlers_answer(request, headers), etag, context + " | " + condition + " (handlers)");
      }
    }
  }
}

// gzip_min_length (shared/rendered_answer.hpp): a body under 1 KB is never compressed. JSON of 4 KB
// or more always gets smaller.
TEST(Caching, LargeAnswersComeGzippedToClientsThatAcceptIt) {
  int gzipped_answers = 0;
  for (const Request& request : published_requests()) {
    const HttpResponse plain = published_answer(request);
    EXPECT_FALSE(plain.has_header("content-encoding")) << request.name();
    for (const std::string& accept : {accept_gzip, std::string("Accept-Encoding: deflate, gzip;q=0.5")}) {
      const std::string context = request.name() + " | " + accept;
      const HttpResponse response = published_answer(request, {accept});
      EXPECT_EQ(response.status, 200) << context;
      if (plain.body.size() < 1024) {
        EXPECT_FALSE(response.has_header("content-encoding")) << context;
        EXPECT_EQ(response.body, plain.body) << context;
        continue;
      }
      if (plain.body.size() >= 4096) {
        EXPECT_EQ(response.header("content-encoding"), "gzip") << context;
      }
      if (response.header("content-encoding") != "gzip") continue;
      ++gzipped_answers;
      EXPECT_EQ(testing_support::gunzip(response.body), plain.body) << context;
      EXPECT_LT(response.body.size(), plain.body.size()) << context;
      EXPECT_EQ(response.header("etag"), etag_of(response.body.size())) << context;
      EXPECT_NE(response.header("etag"), plain.header("etag")) << context;
    }
    // gzip refused: the plain answer.
    const HttpResponse refused = published_answer(request, {"Accept-Encoding: gzip;q=0, identity"});
    EXPECT_FALSE(refused.has_header("content-encoding")) << request.name();
    EXPECT_EQ(refused.body, plain.body) << request.name();
  }
  const Request history = sample_requests()[12];  // tron's 168 hourly points
  ASSERT_EQ(history.name(), "6.13 chain=tron&interval=WEEKLY");
  EXPECT_GE(published_answer(history).body.size(), 4096u);
  EXPECT_GE(gzipped_answers, 2);  // that one, with both Accept-Encoding headers
}

TEST(Caching, AStackWithoutThePublisherAnswersTheSameBytes) {
  for (const Request& request : published_requests()) {
    for (const std::vector<std::string>& encoding : {std::vector<std::string>{}, {accept_gzip}}) {
      const HttpResponse published = published_answer(request, encoding);
      for (const std::vector<std::string>& conditions :
           std::vector<std::vector<std::string>>{{}, {"If-None-Match: " + published.header("etag")}}) {
        const std::vector<std::string> headers = plus(encoding, conditions);
        const std::string context = request.name() + (encoding.empty() ? "" : " gzip") +
                                    (conditions.empty() ? "" : " | If-None-Match");
        const HttpResponse unpublished = http("GET", unpublished_stack().url(request.path), headers);
        EXPECT_TRUE(from_a_handler(unpublished)) << context;
        expect_same_answer(published_answer(request, headers), unpublished, context);
      }
      const HttpResponse head = http("HEAD", unpublished_stack().url(request.path), encoding);
      expect_same_answer(http("HEAD", fixture_stack().url(request.path), encoding), head, request.name() + " HEAD");
    }
  }
}

}  // namespace
}  // namespace coin::e2e
