#pragma once
// A chain's JSON-RPC nodes: Ethereum JSON-RPC 2.0 over HTTP POST (libcurl), asked one call at a
// time over a kept-alive connection. A chain lists one or more URLs; a call goes to the one
// that answered last and, when it fails, to the others in order.

#include <chrono>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <json/value.h>

namespace coin::indexer {

// A read that failed: no answer in time, an HTTP error, an answer that is not JSON-RPC, an
// error answer (a reverted call), or a result the caller found malformed or out of range.
struct ReadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A read that failed because no node answered it (none reachable, in time, or in JSON-RPC), as
// opposed to a call that a node answered with an error (a revert): nothing more can be read
// from the chain this round. `chain` names it where known.
struct NodeError : ReadError {
  NodeError(const std::string& what, std::string chain_name = "") : ReadError(what), chain(std::move(chain_name)) {}
  std::string chain;
};

class Nodes {
 public:
  // `max_rps`: at most that many requests a second, spaced evenly (0: as fast as they answer).
  Nodes(std::vector<std::string> urls, std::chrono::milliseconds timeout, double max_rps = 0);
  ~Nodes();
  Nodes(const Nodes&) = delete;
  Nodes& operator=(const Nodes&) = delete;

  // The result of `method` with `params` from the first node that answers it. Throws ReadError
  // with every node's failure when none does: NodeError unless one answered with an error.
  Json::Value call(const std::string& method, const Json::Value& params);

  // Requests sent so far (each URL tried counts).
  long long requests() const { return requests_; }

 private:
  Json::Value call_at(const std::string& url, const std::string& body);

  std::vector<std::string> urls_;
  std::size_t current_ = 0;  // the node that answered last
  std::chrono::milliseconds timeout_;
  std::chrono::steady_clock::duration spacing_{};          // 1 / max_rps
  std::chrono::steady_clock::time_point next_request_{};  // the earliest the next may go
  long long requests_ = 0;
  void* curl_;               // CURL*, kept for its connection
};

}  // namespace coin::indexer
