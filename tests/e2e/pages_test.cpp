// The pages for people as nginx serves them: the dashboard at /, the API reference
// at /docs, their files under /assets/ and the OpenAPI document at /openapi.json. A page's
// Content-Security-Policy lets it load its own files and call the API, the document's is the
// API's; every answer keeps CORS and the other security headers. What the pages show is
// browser_test's.

#include <gtest/gtest.h>

#include <string>

#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

struct Page {
  std::string path;
  std::string content_type;
};

TEST(Pages, EachIsServedWithThePagesPolicy) {
  for (const Page& page : {Page{"/", "text/html; charset=utf-8"}, Page{"/docs", "text/html; charset=utf-8"},
                           Page{"/assets/docs.js", "application/javascript; charset=utf-8"},
                           Page{"/assets/docs.css", "text/css; charset=utf-8"},
                           Page{"/assets/vendor/uPlot.iife.min.js", "application/javascript; charset=utf-8"},
                           Page{"/assets/vendor/swagger-ui-bundle.js", "application/javascript; charset=utf-8"}}) {
    const HttpResponse response = http("GET", fixture_stack().url(page.path));
    EXPECT_EQ(response.status, 200) << page.path;
    EXPECT_EQ(response.header("content-type"), page.content_type) << page.path;
    EXPECT_FALSE(response.body.empty()) << page.path;
    expect_security_headers(response, page.path, page_policy);
    expect_cors(response, page.path);
    EXPECT_EQ(response.header("cache-control"), published_cache_control) << page.path;
    expect_no_header_twice(response, page.path);
  }
}

TEST(Pages, TheOpenApiDocumentIsDataWithTheApisPolicy) {
  const HttpResponse response = http("GET", fixture_stack().url("/openapi.json"));
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.header("content-type"), "application/json; charset=utf-8");
  EXPECT_EQ(Json::parse(response.body)["openapi"].text(), "3.1.0");
  expect_security_headers(response, "/openapi.json");
  expect_cors(response, "/openapi.json");
}

// Compressed once, when rendered (their .gz files): the same length every time.
TEST(Pages, AreGzippedWhenTaken) {
  for (const std::string path : {"/", "/assets/vendor/swagger-ui-bundle.js"}) {
    const HttpResponse response = http("GET", fixture_stack().url(path), {"Accept-Encoding: gzip"});
    EXPECT_EQ(response.status, 200) << path;
    EXPECT_EQ(response.header("content-encoding"), "gzip") << path;
    EXPECT_EQ(response.header("vary"), "Accept-Encoding") << path;
    EXPECT_FALSE(response.header("content-length").empty()) << path << ": a file, not compressed on the fly";
    expect_no_header_twice(response, path);
  }
}

TEST(Pages, AnswerOtherMethodsAndMissingFilesAsTheApiDoes) {
  const HttpResponse post = http("POST", fixture_stack().url("/"));
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(post.header("allow"), "GET, HEAD, OPTIONS");
  EXPECT_EQ(http("OPTIONS", fixture_stack().url("/docs")).status, 204);
  const HttpResponse missing = http("GET", fixture_stack().url("/assets/none.js"));
  EXPECT_EQ(missing.status, 404);
  // errors.conf's 404 page, the API's, with the API's policy: it runs nothing.
  EXPECT_EQ(missing.header("content-type"), "text/html");
  expect_security_headers(missing, "a missing asset");
  expect_security_headers(http("GET", fixture_stack().url("/docs/")), "/docs/");
}

}  // namespace
}  // namespace coin::e2e
