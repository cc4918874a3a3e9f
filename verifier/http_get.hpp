#pragma once
// One HTTP GET of coin-api-verify (libcurl): the status, the header fields and the body as sent,
// with no content coding asked for, so that the body is the bytes the digest covers.

#include <map>
#include <stdexcept>
#include <string>

namespace coin::verifier {

struct HttpAnswer {
  long status = 0;
  std::map<std::string, std::string> fields;  // by lower-case name; a repeated field's values joined by ", "
  std::string body;

  // The field's value; "" when the answer has none.
  std::string field(const std::string& lower_case_name) const;
};

// Throws std::runtime_error naming the URL when no answer comes (in `timeout_seconds`).
HttpAnswer http_get(const std::string& url, long timeout_seconds = 30);

// "https://host:port" of a URL: where the well-known paths are.
std::string origin_of(const std::string& url);

}  // namespace coin::verifier
