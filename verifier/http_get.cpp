#include "verifier/http_get.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <memory>

namespace coin::verifier {

namespace {

std::size_t append_body(char* data, std::size_t size, std::size_t count, void* body) {
  static_cast<std::string*>(body)->append(data, size * count);
  return size * count;
}

// One header line "Name: value\r\n" into the answer's fields (the status line and the blank
// line end have no colon).
std::size_t add_field(char* data, std::size_t size, std::size_t count, void* answer) {
  const std::string line(data, size * count);
  const std::size_t colon = line.find(':');
  if (colon != std::string::npos) {
    std::string name = line.substr(0, colon);
    std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
    const std::size_t start = line.find_first_not_of(" \t", colon + 1);
    const std::size_t end = line.find_last_not_of(" \t\r\n");
    const std::string value = start == std::string::npos || end < start ? "" : line.substr(start, end - start + 1);
    std::string& field = static_cast<HttpAnswer*>(answer)->fields[name];
    field += (field.empty() ? "" : ", ") + value;
  }
  return size * count;
}

}  // namespace

std::string HttpAnswer::field(const std::string& lower_case_name) const {
  const auto found = fields.find(lower_case_name);
  return found == fields.end() ? "" : found->second;
}

HttpAnswer http_get(const std::string& url, long timeout_seconds) {
  const std::unique_ptr<CURL, decltype(&curl_easy_cleanup)> curl(curl_easy_init(), curl_easy_cleanup);
  if (!curl) throw std::runtime_error("libcurl: cannot create a handle");
  HttpAnswer answer;
  curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, &append_body);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &answer.body);
  curl_easy_setopt(curl.get(), CURLOPT_HEADERFUNCTION, &add_field);
  curl_easy_setopt(curl.get(), CURLOPT_HEADERDATA, &answer);
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, timeout_seconds);
  curl_easy_setopt(curl.get(), CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl.get(), CURLOPT_PROTOCOLS_STR, "http,https");
  const CURLcode sent = curl_easy_perform(curl.get());
  if (sent != CURLE_OK) throw std::runtime_error(url + ": " + curl_easy_strerror(sent));
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &answer.status);
  return answer;
}

std::string origin_of(const std::string& url) {
  const std::size_t scheme = url.find("://");
  if (scheme == std::string::npos) throw std::invalid_argument(url + ": not an http:// or https:// URL");
  return url.substr(0, url.find('/', scheme + 3));
}

}  // namespace coin::verifier
