#pragma once
// A small blocking HTTP client over libcurl, for the end-to-end tests.

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace coin::e2e {

struct HttpResponse {
  long status = 0;
  std::map<std::string, std::string> headers;  // names in lower case
  std::vector<std::string> header_lines;       // every header as sent, "Name: value", in order
  std::string body;

  // The header's value, or "" when it is absent.
  std::string header(const std::string& lower_case_name) const;
  bool has_header(const std::string& lower_case_name) const;

  // Records a header line "Name: value" (its CRLF may be there): in `headers`, the name in
  // lower case and the value without surrounding white space; in `header_lines`, the name as
  // sent. A line without a colon is ignored.
  void add_header_line(std::string_view line);
};

// `text` with ASCII letters in lower case.
std::string lower_case(std::string text);

// Sends `method` (GET, HEAD, OPTIONS, POST...) to `url` with extra `headers` ("Name: value").
// Throws std::runtime_error when no HTTP answer comes back.
HttpResponse http(std::string_view method, const std::string& url,
                  const std::vector<std::string>& headers = {});

// GETs `url` every `interval` until `done` holds of the answer (a server not listening yet is
// asked again), for up to `patience` (waiting.hpp); the last answer, status 0 if none came.
HttpResponse http_until(const std::string& url, const std::function<bool(const HttpResponse&)>& done,
                        std::chrono::milliseconds interval = std::chrono::milliseconds(50));

}  // namespace coin::e2e
