#include "indexer/rpc.hpp"

#include <curl/curl.h>

#include <memory>
#include <sstream>
#include <thread>

#include <json/reader.h>
#include <json/writer.h>

namespace coin::indexer {

namespace {

// A node's answer is a few words; one that keeps talking is not a node.
constexpr std::size_t max_answer_bytes = 1 << 20;

std::size_t append(char* data, std::size_t size, std::size_t count, void* answer) {
  auto& text = *static_cast<std::string*>(answer);
  if (text.size() + size * count > max_answer_bytes) return 0;  // ends the transfer: an error
  text.append(data, size * count);
  return size * count;
}

std::string to_json(const Json::Value& value) {
  Json::StreamWriterBuilder builder;
  builder["indentation"] = "";
  return Json::writeString(builder, value);
}

}  // namespace

Nodes::Nodes(std::vector<std::string> urls, std::chrono::milliseconds timeout, double max_rps)
    : urls_(std::move(urls)), timeout_(timeout), curl_(curl_easy_init()) {
  if (curl_ == nullptr) throw std::runtime_error("libcurl: cannot create a handle");
  if (max_rps > 0) {
    spacing_ = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(1 / max_rps));
  }
}

Nodes::~Nodes() { curl_easy_cleanup(curl_); }

Json::Value Nodes::call(const std::string& method, const Json::Value& params) {
  Json::Value request(Json::objectValue);
  request["jsonrpc"] = "2.0";
  request["id"] = 1;
  request["method"] = method;
  request["params"] = params;
  const std::string body = to_json(request);

  std::string failures;
  bool answered = false;  // by a node, with an error
  for (std::size_t tried = 0; tried < urls_.size(); ++tried) {
    const std::string& url = urls_[current_];
    try {
      return call_at(url, body);
    } catch (const ReadError& e) {
      answered = answered || dynamic_cast<const NodeError*>(&e) == nullptr;
      failures += (failures.empty() ? "" : "; ") + url + ": " + e.what();
      current_ = (current_ + 1) % urls_.size();
    }
  }
  if (answered) throw ReadError(method + " " + failures);
  throw NodeError(method + " " + failures);
}

Json::Value Nodes::call_at(const std::string& url, const std::string& body) {
  std::this_thread::sleep_until(next_request_);
  next_request_ = std::chrono::steady_clock::now() + spacing_;
  ++requests_;
  CURL* curl = static_cast<CURL*>(curl_);
  std::string answer;
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headers(
      curl_slist_append(nullptr, "Content-Type: application/json"), &curl_slist_free_all);
  curl_easy_reset(curl);
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &append);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &answer);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_.count()));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  const CURLcode sent = curl_easy_perform(curl);
  if (sent != CURLE_OK) throw NodeError(curl_easy_strerror(sent));
  long status = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  if (status != 200) throw NodeError("HTTP status " + std::to_string(status));

  Json::Value reply;
  Json::CharReaderBuilder builder;
  std::string parse_error;
  std::istringstream stream(answer);
  if (!Json::parseFromStream(builder, stream, &reply, &parse_error) || !reply.isObject()) {
    throw NodeError("not a JSON-RPC answer");
  }
  if (reply.isMember("error")) {
    const Json::Value& error = reply["error"];
    throw ReadError("error answer: " + (error.isObject() && error["message"].isString()
                                            ? error["message"].asString()
                                            : std::string("(no message)")));
  }
  if (reply["jsonrpc"] != "2.0" || reply["id"] != 1 || !reply.isMember("result")) {
    throw NodeError("not a JSON-RPC answer");
  }
  return reply["result"];
}

}  // namespace coin::indexer
