#pragma once
// Published answers and the handlers' told apart, and compared byte for byte: the status, the
// body and every header but Date, as sorted lists (nginx sends a published file's headers and a
// handler's in another order), the signature's but for when and by which key it was made.

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"

namespace coin::e2e {

// A header's value as two answers of the same bytes share it: their signatures, made at other
// times (a set's render, a handler's) or with another stack's key, alike but for `created` and
// `keyid`, and so for the Signature itself (whether each verifies: signatures_test.cpp).
inline std::string comparable_value(const std::string& name, const std::string& value) {
  const std::string header = lower_case(name);
  if (header == "signature-input") {
    return std::regex_replace(value, std::regex(";created=[0-9]+;keyid=\"[^\"]*\""), ";created=...;keyid=...");
  }
  return header == "signature" ? "coin=:...:" : value;
}

// `response`'s header lines ("Name: value") without Date, their values comparable_value's, in
// the order sent.
inline std::vector<std::string> headers_without_date(const HttpResponse& response) {
  std::vector<std::string> lines;
  for (const std::string& line : response.header_lines) {
    const std::size_t colon = line.find(':');
    const std::string name = line.substr(0, colon);
    if (lower_case(name) == "date") continue;
    lines.push_back(name + ": " + comparable_value(name, colon == std::string::npos ? "" : line.substr(colon + 2)));
  }
  return lines;
}

// The same, sorted.
inline std::vector<std::string> sorted_headers_without_date(const HttpResponse& response) {
  std::vector<std::string> lines = headers_without_date(response);
  std::sort(lines.begin(), lines.end());
  return lines;
}

// Whether a handler sent `response`: it sends its ETag before its Last-Modified
// (shared/rendered_answer.cpp), nginx a published file's Last-Modified first. The tests use it to
// make sure that they compare a published answer with a handler's, not with itself.
inline bool from_a_handler(const HttpResponse& response) {
  const std::vector<std::string>& lines = response.header_lines;
  size_t etag = lines.size();
  size_t modified = lines.size();
  for (size_t i = 0; i < lines.size(); ++i) {
    if (lower_case(lines[i]).rfind("etag:", 0) == 0) etag = i;
    if (lower_case(lines[i]).rfind("last-modified:", 0) == 0) modified = i;
  }
  return etag < modified;
}

inline void expect_same_answer(const HttpResponse& expected, const HttpResponse& actual,
                               const std::string& context) {
  EXPECT_EQ(actual.status, expected.status) << context;
  EXPECT_EQ(actual.body, expected.body) << context;
  EXPECT_EQ(sorted_headers_without_date(actual), sorted_headers_without_date(expected)) << context;
}

}  // namespace coin::e2e
