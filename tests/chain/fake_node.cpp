#include "tests/chain/fake_node.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <json/json.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/e2e/stack.hpp"

namespace coin::chain_test {

namespace {

// All a peer sends until it closes, or an HTTP request whole (headers and Content-Length's body).
// A peer silent for 30 s is given up: the node's thread never waits for ever, nor its destructor.
std::string receive(int socket, bool one_request) {
  std::string text;
  char buffer[4096];
  for (;;) {
    if (one_request) {
      const std::size_t end = text.find("\r\n\r\n");
      if (end != std::string::npos) {
        const std::size_t length = text.find("Content-Length: ");
        const std::size_t body = length == std::string::npos ? 0 : std::stoul(text.substr(length + 16));
        if (text.size() >= end + 4 + body) return text;
      }
    }
    pollfd readable{socket, POLLIN, 0};
    if (::poll(&readable, 1, 30'000) != 1) return text;
    const ssize_t got = ::recv(socket, buffer, sizeof buffer, 0);
    if (got <= 0) return text;
    text.append(buffer, static_cast<std::size_t>(got));
  }
}

std::string http_answer(const std::string& type, const std::string& body) {
  return "HTTP/1.1 200 OK\r\nContent-Type: " + type + "\r\nContent-Length: " + std::to_string(body.size()) +
         "\r\nConnection: close\r\n\r\n" + body;
}

Json::Value parsed(const std::string& text) {
  Json::Value value;
  std::istringstream stream(text);
  std::string error;
  Json::parseFromStream(Json::CharReaderBuilder(), stream, &value, &error);
  return value;
}

}  // namespace

FakeNode::FakeNode(Behaviour behaviour, int upstream_port, int most_blocks, int most_logs)
    : behaviour_(behaviour), upstream_port_(upstream_port), most_blocks_(most_blocks), most_logs_(most_logs) {
  listener_ = e2e::bind_loopback(&port_);
  if (::listen(listener_, 16) != 0) throw std::runtime_error("fake node: cannot listen");
  thread_ = std::thread(&FakeNode::serve, this);
}

FakeNode::~FakeNode() {
  stopping_ = true;
  thread_.join();
  ::close(listener_);
}

void FakeNode::serve() {
  std::vector<int> held;  // the silent node's connections, open until it stops
  while (!stopping_) {
    pollfd ready{listener_, POLLIN, 0};
    if (::poll(&ready, 1, 50) != 1) continue;
    const int client = ::accept(listener_, nullptr, nullptr);
    if (client < 0) continue;
    const std::string request = receive(client, true);
    if (!request.empty()) ++requests_;
    if (behaviour_ == Behaviour::silent) {
      held.push_back(client);
      continue;
    }
    const std::string answer = answer_of(request);
    (void)::send(client, answer.data(), answer.size(), MSG_NOSIGNAL);
    ::close(client);
  }
  for (const int client : held) ::close(client);
}

std::string FakeNode::answer_of(const std::string& request) {
  if (behaviour_ == Behaviour::garbage) return http_answer("text/html", "<html>not a node</html>");
  const std::string body = request.substr(request.find("\r\n\r\n") + 4);
  if (behaviour_ == Behaviour::no_batches && body.compare(0, 1, "[") == 0) {
    return http_answer("application/json",
                       R"({"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"batch requests are not supported"}})");
  }
  if (behaviour_ == Behaviour::no_finalized && body.find("\"finalized\"") != std::string::npos) {
    return http_answer("application/json",
                       R"({"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"unknown block tag finalized"}})");
  }
  if (behaviour_ == Behaviour::log_limits && body.find("\"eth_getLogs\"") != std::string::npos) return limited_logs(body);
  if (behaviour_ == Behaviour::finalized_lag && body.compare(0, 1, "[") != 0 &&
      body.find("\"finalized\"") != std::string::npos) {
    return lagging_finalized(body);
  }
  return pass_on(body);
}

std::string FakeNode::pass_on(const std::string& body) const {
  const int upstream = e2e::connect_loopback(upstream_port_);
  if (upstream < 0) return "HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
  const std::string passed = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: " +
                             std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
  (void)::send(upstream, passed.data(), passed.size(), MSG_NOSIGNAL);
  std::string answer = receive(upstream, false);
  ::close(upstream);
  return answer;
}

// As QuickNode refuses a range ("eth_getLogs is limited to a 10,000 range", HTTP 413) and Infura
// an answer of too many logs ("query returned more than 10000 results", -32005).
std::string FakeNode::limited_logs(const std::string& body) {
  ++log_requests_;
  const Json::Value request = parsed(body);
  const Json::Value& filter = request["params"][0];
  const auto block = [&](const char* key) { return std::stoll(filter[key].asString(), nullptr, 16); };
  const long long range = block("toBlock") - block("fromBlock") + 1;
  Json::StreamWriterBuilder writer;
  writer["indentation"] = "";
  const std::string id = Json::writeString(writer, request["id"]);
  if (range > most_blocks_) {
    ++range_refusals_;
    const std::string error = R"({"jsonrpc":"2.0","id":)" + id +
                              R"(,"error":{"code":-32614,"message":"eth_getLogs is limited to a )" +
                              std::to_string(most_blocks_) + R"( range"}})";
    return "HTTP/1.1 413 Payload Too Large\r\nContent-Type: application/json\r\nContent-Length: " +
           std::to_string(error.size()) + "\r\nConnection: close\r\n\r\n" + error;
  }
  const std::string answer = pass_on(body);
  const Json::Value reply = parsed(answer.substr(answer.find("\r\n\r\n") + 4));
  if (static_cast<int>(reply["result"].size()) > most_logs_) {
    ++size_refusals_;
    return http_answer("application/json", R"({"jsonrpc":"2.0","id":)" + id +
                                               R"(,"error":{"code":-32005,"message":"query returned more than )" +
                                               std::to_string(most_logs_) + R"( results"}})");
  }
  if (range > widest_answered_) widest_answered_ = static_cast<int>(range);
  return answer;
}

// The request for the finalized block asked for the block finalized_lag_ below the head instead.
std::string FakeNode::lagging_finalized(const std::string& body) const {
  const std::string head = pass_on(R"({"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]})");
  const long long number = std::stoll(parsed(head.substr(head.find("\r\n\r\n") + 4))["result"].asString(), nullptr, 16);
  std::ostringstream finalized;
  finalized << "0x" << std::hex << std::max(0LL, number - finalized_lag_);
  Json::Value request = parsed(body);
  request["params"][0] = finalized.str();
  Json::StreamWriterBuilder writer;
  writer["indentation"] = "";
  return pass_on(Json::writeString(writer, request));
}

}  // namespace coin::chain_test
