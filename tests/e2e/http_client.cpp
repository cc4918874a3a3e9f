#include "tests/e2e/http_client.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <stdexcept>

#include "tests/e2e/waiting.hpp"

namespace coin::e2e {
namespace {

size_t collect_body(char* data, size_t size, size_t count, void* response) {
  static_cast<HttpResponse*>(response)->body.append(data, size * count);
  return size * count;
}

size_t collect_header(char* data, size_t size, size_t count, void* response) {
  static_cast<HttpResponse*>(response)->add_header_line(std::string_view(data, size * count));
  return size * count;
}

}  // namespace

std::string lower_case(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

void HttpResponse::add_header_line(std::string_view line) {
  const size_t colon = line.find(':');
  if (colon == std::string_view::npos) return;
  const size_t start = line.find_first_not_of(" \t", colon + 1);
  const size_t end = line.find_last_not_of(" \t\r\n");
  const std::string value =
      start == std::string_view::npos || end < start ? "" : std::string(line.substr(start, end - start + 1));
  headers[lower_case(std::string(line.substr(0, colon)))] = value;
  header_lines.push_back(std::string(line.substr(0, colon)) + ": " + value);
}

std::string HttpResponse::header(const std::string& lower_case_name) const {
  const auto found = headers.find(lower_case_name);
  return found == headers.end() ? "" : found->second;
}

bool HttpResponse::has_header(const std::string& lower_case_name) const {
  return headers.count(lower_case_name) != 0;
}

HttpResponse http(std::string_view method, const std::string& url,
                  const std::vector<std::string>& headers, const HttpRoute& route) {
  const std::unique_ptr<CURL, void (*)(CURL*)> curl(curl_easy_init(), curl_easy_cleanup);
  curl_slist* header_list = nullptr;
  for (const std::string& header : headers) header_list = curl_slist_append(header_list, header.c_str());
  const std::unique_ptr<curl_slist, void (*)(curl_slist*)> header_guard(header_list, curl_slist_free_all);

  HttpResponse response;
  const std::string method_name(method);
  curl_easy_setopt(curl.get(), CURLOPT_URL, url.c_str());
  if (method == "HEAD") {
    curl_easy_setopt(curl.get(), CURLOPT_NOBODY, 1L);
  } else if (method != "GET") {
    curl_easy_setopt(curl.get(), CURLOPT_CUSTOMREQUEST, method_name.c_str());
  }
  curl_easy_setopt(curl.get(), CURLOPT_HTTPHEADER, header_list);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEFUNCTION, collect_body);
  curl_easy_setopt(curl.get(), CURLOPT_WRITEDATA, &response);
  curl_easy_setopt(curl.get(), CURLOPT_HEADERFUNCTION, collect_header);
  curl_easy_setopt(curl.get(), CURLOPT_HEADERDATA, &response);
  curl_easy_setopt(curl.get(), CURLOPT_TIMEOUT, 30L);
  curl_slist* resolve = route.resolve.empty() ? nullptr : curl_slist_append(nullptr, route.resolve.c_str());
  const std::unique_ptr<curl_slist, void (*)(curl_slist*)> resolve_guard(resolve, curl_slist_free_all);
  if (resolve != nullptr) curl_easy_setopt(curl.get(), CURLOPT_RESOLVE, resolve);
  if (!route.ca_file.empty()) curl_easy_setopt(curl.get(), CURLOPT_CAINFO, route.ca_file.c_str());
  if (!route.from.empty()) curl_easy_setopt(curl.get(), CURLOPT_INTERFACE, route.from.c_str());
  curl_easy_setopt(curl.get(), CURLOPT_HTTP_VERSION, static_cast<long>(CURL_HTTP_VERSION_2TLS));
  const CURLcode result = curl_easy_perform(curl.get());
  if (result != CURLE_OK) throw std::runtime_error(method_name + " " + url + ": " + curl_easy_strerror(result));
  curl_easy_getinfo(curl.get(), CURLINFO_RESPONSE_CODE, &response.status);
  curl_easy_getinfo(curl.get(), CURLINFO_HTTP_VERSION, &response.version);
  return response;
}

HttpResponse http_until(const std::string& url, const std::function<bool(const HttpResponse&)>& done,
                        std::chrono::milliseconds interval) {
  HttpResponse response;
  seconds_until(
      Clock::now(),
      [&] {
        try {
          response = http("GET", url);
          return done(response);
        } catch (const std::runtime_error&) {  // not listening yet
          return false;
        }
      },
      patience, interval);
  return response;
}

}  // namespace coin::e2e
