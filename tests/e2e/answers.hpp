#pragma once
// Published answers and the handlers' told apart, and compared byte for byte: the status, the
// body and every header but Date, as sorted lists (nginx sends a published file's headers and a
// handler's in another order).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/e2e/http_client.hpp"

namespace coin::e2e {

// `response`'s header lines ("Name: value") without Date, sorted.
inline std::vector<std::string> sorted_headers_without_date(const HttpResponse& response) {
  std::vector<std::string> lines;
  for (const std::string& line : response.header_lines) {
    if (lower_case(line.substr(0, 5)) != "date:") lines.push_back(line);
  }
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
