#pragma once
// A raw HTTP/1.x client for the requests libcurl will not send: NUL bytes, broken request
// lines, HTTP/0.9, paths with dot segments as they are, bodies on a GET.

#include <chrono>
#include <string>
#include <string_view>

#include "tests/e2e/http_client.hpp"

namespace coin::e2e {

// Sends the bytes of `request` as they are to the server of `url` ("http://host:port", any
// path is ignored), then reads until the server closes the connection or a whole answer has
// come (by its Content-Length), and parses the status line, headers and body. An answer
// without a status line (HTTP/0.9) is all body with status 0; a connection closed without an
// answer gives status 0 and an empty body. Throws std::runtime_error when it cannot connect
// or the answer is not complete within `timeout`.
HttpResponse raw_http(const std::string& url, std::string_view request,
                      std::chrono::milliseconds timeout = std::chrono::seconds(15));

}  // namespace coin::e2e
