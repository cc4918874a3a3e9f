#pragma once
// A JSON-RPC "node" that is not one, on a free loopback port, for the indexer's fault tests:
// it answers every request with garbage, or never answers at all, or passes each request on to
// a real node but refuses JSON-RPC batches, or the "finalized" block tag, as some nodes do.

#include <atomic>
#include <string>
#include <thread>

namespace coin::chain_test {

class FakeNode {
 public:
  enum class Behaviour {
    garbage,  // HTTP 200 with a body that is not JSON-RPC
    silent,   // reads the request and never answers (the indexer's timeout must end the wait)
    // Passed on to the node at `upstream_port`, but:
    no_batches,    // a batch gets an error answer
    no_finalized,  // eth_getBlockByNumber("finalized") gets an error answer, as on a node without finality
  };

  explicit FakeNode(Behaviour behaviour, int upstream_port = 0);
  ~FakeNode();
  FakeNode(const FakeNode&) = delete;
  FakeNode& operator=(const FakeNode&) = delete;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int requests() const { return requests_; }  // requests taken so far

 private:
  void serve();
  std::string answer_of(const std::string& request);

  Behaviour behaviour_;
  int upstream_port_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> requests_{0};
  std::thread thread_;
};

}  // namespace coin::chain_test
