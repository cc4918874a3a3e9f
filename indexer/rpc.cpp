#include "indexer/rpc.hpp"

#include <curl/curl.h>

#include <algorithm>
#include <memory>
#include <sstream>
#include <thread>

#include <json/reader.h>
#include <json/writer.h>

namespace coin::indexer {

namespace {

// The largest answers are a batch of multicalls (its body at most max_batch_bytes, its answer
// about as long) or an eth_getLogs of thousands of logs, a few MB; one that keeps talking past
// this is not a node. An eth_getLogs answer this large is a refusal of its window, which is
// halved (log_reader.cpp): so no answer parsed is larger, nor the memory it takes (about ten
// times its text as Json::Value).
constexpr std::size_t max_answer_bytes = 16 << 20;

std::size_t append(char* data, std::size_t size, std::size_t count, void* answer) {
  auto& text = *static_cast<std::string*>(answer);
  if (text.size() + size * count > max_answer_bytes) return 0;  // ends the transfer: an error
  text.append(data, size * count);
  return size * count;
}

constexpr std::size_t max_batch = 100;  // requests in one JSON-RPC batch: most providers take this many
// And at most this much of them (a batch of multicalls of 100 calls each runs to 2 MB, over
// anvil's body limit of 2 MiB, and most providers' of 2.5 to 5 MB).
constexpr std::size_t max_batch_bytes = 1 << 20;

Json::Value request_object(const std::string& method, const Json::Value& params, int id) {
  Json::Value request(Json::objectValue);
  request["jsonrpc"] = "2.0";
  request["id"] = id;
  request["method"] = method;
  request["params"] = params;
  return request;
}

bool parse(const std::string& text, Json::Value& value) {
  Json::CharReaderBuilder builder;
  std::string error;
  std::istringstream stream(text);
  return Json::parseFromStream(builder, stream, &value, &error);
}

std::string to_json(const Json::Value& value) {
  Json::StreamWriterBuilder builder;
  builder["indentation"] = "";
  return Json::writeString(builder, value);
}

// A JSON-RPC answer's result; throws ReadError for an error answer, NodeError for one that is
// not JSON-RPC.
Json::Value result_of(const Json::Value& reply, int id) {
  if (!reply.isObject()) throw NodeError("not a JSON-RPC answer");
  if (reply.isMember("error")) {
    const Json::Value& error = reply["error"];
    throw ReadError("error answer: " + (error.isObject() && error["message"].isString()
                                            ? error["message"].asString()
                                            : std::string("(no message)")));
  }
  if (reply["jsonrpc"] != "2.0" || reply["id"] != id || !reply.isMember("result")) {
    throw NodeError("not a JSON-RPC answer");
  }
  return reply["result"];
}

}  // namespace

Nodes::Nodes(std::vector<std::string> urls, std::chrono::milliseconds timeout, double max_rps, bool batches)
    : urls_(std::move(urls)), timeout_(timeout), batches_(batches), curl_(curl_easy_init()) {
  if (curl_ == nullptr) throw std::runtime_error("libcurl: cannot create a handle");
  if (max_rps > 0) {
    spacing_ = std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(1 / max_rps));
  }
}

Nodes::~Nodes() { curl_easy_cleanup(curl_); }

Json::Value Nodes::call(const std::string& method, const Json::Value& params) {
  const std::string body = to_json(request_object(method, params, 1));
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

std::vector<Reply> Nodes::call_all(const std::vector<Request>& requests) {
  std::vector<Reply> replies(requests.size());
  for (std::size_t from = 0, count = 0; from < requests.size(); from += count) {
    std::size_t bytes = 0;
    for (count = 0; from + count < requests.size() && count < max_batch; ++count) {
      bytes += to_json(requests[from + count].params).size() + requests[from + count].method.size();
      if (count > 0 && bytes > max_batch_bytes) break;
    }
    if (batches_ && count > 1 && call_batch(requests, from, count, replies)) continue;
    for (std::size_t i = from; i < from + count; ++i) {
      try {
        replies[i].result = call(requests[i].method, requests[i].params);
      } catch (const ReadError&) {
        replies[i].error = std::current_exception();
      }
    }
  }
  return replies;
}

bool Nodes::call_batch(const std::vector<Request>& requests, std::size_t from, std::size_t count,
                       std::vector<Reply>& replies) {
  Json::Value batch(Json::arrayValue);
  for (std::size_t i = 0; i < count; ++i) {
    batch.append(request_object(requests[from + i].method, requests[from + i].params, static_cast<int>(i)));
  }
  const std::string body = to_json(batch);
  const std::string what = "a batch of " + std::to_string(count) + " requests";
  std::string failures;
  for (std::size_t tried = 0; tried < urls_.size(); ++tried) {
    const std::string& url = urls_[current_];
    try {
      const Posted posted = post(url, body, count);
      Json::Value answer;
      if (posted.status != 200 || !parse(posted.body, answer) || !answer.isArray()) {
        if (posted.status >= 500) throw NodeError("HTTP status " + std::to_string(posted.status));
        batches_ = false;  // answered, but not as a batch: this node takes none
        return false;
      }
      std::vector<bool> seen(count);
      for (const Json::Value& item : answer) {
        const Json::Value& id = item.isObject() ? item["id"] : Json::Value();
        if (!id.isInt() || id.asInt() < 0 || static_cast<std::size_t>(id.asInt()) >= count || seen[id.asUInt()]) {
          throw NodeError("an answer in the batch with an unknown or repeated id");
        }
        seen[id.asUInt()] = true;
        Reply& reply = replies[from + id.asUInt()];
        try {
          reply.result = result_of(item, id.asInt());
        } catch (const ReadError&) {
          reply.error = std::current_exception();
        }
      }
      for (std::size_t i = 0; i < count; ++i) {
        if (!seen[i]) replies[from + i].error = std::make_exception_ptr(ReadError(requests[from + i].method + ": no answer in the batch"));
      }
      return true;
    } catch (const NodeError& e) {
      failures += (failures.empty() ? "" : "; ") + url + ": " + e.what();
      current_ = (current_ + 1) % urls_.size();
    }
  }
  for (std::size_t i = from; i < from + count; ++i) {
    replies[i].error = std::make_exception_ptr(NodeError(requests[i].method + " in " + what + " " + failures));
  }
  return true;
}

Nodes::Posted Nodes::post(const std::string& url, const std::string& body, std::size_t calls) {
  std::this_thread::sleep_until(next_request_);
  next_request_ = std::chrono::steady_clock::now() + spacing_ * static_cast<long>(calls);
  ++requests_;
  calls_ += static_cast<long long>(calls);
  CURL* curl = static_cast<CURL*>(curl_);
  Posted posted;
  std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headers(
      curl_slist_append(nullptr, "Content-Type: application/json"), &curl_slist_free_all);
  curl_easy_reset(curl);
  curl_easy_setopt(curl, CURLOPT_URL, url.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, body.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(body.size()));
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &append);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, &posted.body);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, static_cast<long>(timeout_.count()));
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  const CURLcode sent = curl_easy_perform(curl);
  if (sent == CURLE_WRITE_ERROR) throw NodeError("an answer over " + std::to_string(max_answer_bytes >> 20) + " MiB");
  if (sent != CURLE_OK) throw NodeError(curl_easy_strerror(sent));
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &posted.status);
  return posted;
}

Json::Value Nodes::call_at(const std::string& url, const std::string& body) {
  const Posted posted = post(url, body);
  if (posted.status != 200) {
    // Some nodes refuse a request with an HTTP error and a JSON-RPC error's message (QuickNode's
    // 413 "eth_getLogs is limited to a 10,000 range"): the message says why.
    Json::Value reply;
    const bool said = parse(posted.body, reply) && reply.isObject() && reply["error"].isObject() &&
                      reply["error"]["message"].isString();
    throw NodeError("HTTP status " + std::to_string(posted.status) +
                    (said ? ": " + reply["error"]["message"].asString() : ""));
  }
  Json::Value reply;
  if (!parse(posted.body, reply)) throw NodeError("not a JSON-RPC answer");
  return result_of(reply, 1);
}

}  // namespace coin::indexer
