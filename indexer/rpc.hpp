#pragma once
// A chain's JSON-RPC nodes: Ethereum JSON-RPC 2.0 over HTTP POST (libcurl), over a kept-alive
// connection, one call a request or many in a JSON-RPC batch. A chain lists one or more URLs; a
// request goes to the one that answered last and, when it fails, to the others in order.

#include <chrono>
#include <exception>
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

struct Request {
  std::string method;
  Json::Value params;
};

// A request's result, or why there is none: a ReadError, or a NodeError.
struct Reply {
  Json::Value result;
  std::exception_ptr error;
};

class Nodes {
 public:
  // `max_rps`: at most that many calls a second, spaced evenly, a batch counting each of its
  // calls as node providers count them (0: as fast as they answer).
  // `batches`: whether call_all may send JSON-RPC batches.
  Nodes(std::vector<std::string> urls, std::chrono::milliseconds timeout, double max_rps = 0, bool batches = true);
  ~Nodes();
  Nodes(const Nodes&) = delete;
  Nodes& operator=(const Nodes&) = delete;

  // The result of `method` with `params` from the first node that answers it. Throws ReadError
  // with every node's failure when none does: NodeError unless one answered with an error.
  Json::Value call(const std::string& method, const Json::Value& params);

  // Each request's reply, in order: in JSON-RPC batches of at most 100 where the nodes take
  // them, else one request each. A node that answers a batch with anything but an array (an
  // error, an HTTP error status) takes none: it is asked one call at a time from then on.
  std::vector<Reply> call_all(const std::vector<Request>& requests);

  // HTTP requests sent so far (each URL tried counts; a batch is one), and the JSON-RPC calls
  // they carried (a batch's each).
  long long requests() const { return requests_; }
  long long calls() const { return calls_; }

 private:
  struct Posted {
    long status = 0;
    std::string body;
  };
  // `body` carries `calls` JSON-RPC calls. Throws NodeError: no answer.
  Posted post(const std::string& url, const std::string& body, std::size_t calls = 1);
  Json::Value call_at(const std::string& url, const std::string& body);
  // Replies to requests[from, from + count) from one batch; false if the nodes take no batches.
  bool call_batch(const std::vector<Request>& requests, std::size_t from, std::size_t count,
                  std::vector<Reply>& replies);

  std::vector<std::string> urls_;
  std::size_t current_ = 0;  // the node that answered last
  std::chrono::milliseconds timeout_;
  std::chrono::steady_clock::duration spacing_{};          // 1 / max_rps, per call
  std::chrono::steady_clock::time_point next_request_{};  // the earliest the next may go
  long long requests_ = 0;
  long long calls_ = 0;
  bool batches_;
  void* curl_;               // CURL*, kept for its connection
};

}  // namespace coin::indexer
