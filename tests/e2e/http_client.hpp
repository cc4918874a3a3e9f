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
  long version = 0;  // the HTTP version it came in: CURL_HTTP_VERSION_1_1, CURL_HTTP_VERSION_2_0...

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

// How a request reaches the server, beyond its URL: for HTTPS with a certificate a test made,
// the file of the CA that signed it and the name the URL uses resolved to 127.0.0.1
// ("api.coin.test:8443:127.0.0.1"); HTTP/2 is offered, as browsers do. `from`: the local
// address to send from (any loopback address, "127.0.0.2"), "" for the kernel's choice.
struct HttpRoute {
  std::string ca_file;
  std::string resolve;
  std::string from;
};

// Sends `method` (GET, HEAD, OPTIONS, POST...) to `url` with extra `headers` ("Name: value"),
// by `route`. Throws std::runtime_error when no HTTP answer comes back.
HttpResponse http(std::string_view method, const std::string& url,
                  const std::vector<std::string>& headers = {}, const HttpRoute& route = {});

// GETs `url` every `interval` until `done` holds of the answer (a server not listening yet is
// asked again), for up to `patience` (waiting.hpp); the last answer, status 0 if none came.
HttpResponse http_until(const std::string& url, const std::function<bool(const HttpResponse&)>& done,
                        std::chrono::milliseconds interval = std::chrono::milliseconds(50));

}  // namespace coin::e2e
