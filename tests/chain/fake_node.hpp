#pragma once
// A JSON-RPC "node" that is not one, on a free loopback port, for the indexer's fault tests:
// it answers every request with garbage, or never answers at all, or passes each request on to
// a real node but refuses JSON-RPC batches, or the "finalized" block tag, or eth_getLogs over
// too many blocks or logs, as some nodes do; or names as finalized the block a set lag below the
// head (anvil's own lags 64 blocks, and moves only with the head).

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
    log_limits,    // eth_getLogs over more than `most_blocks` blocks, or answering more than `most_logs`
                   // logs, gets the error answer a node provider gives
    finalized_lag,  // eth_getBlockByNumber("finalized") asked alone (not in a batch) answers the
                    // block set_finalized_lag's blocks below the head (at least the block 0)
  };

  explicit FakeNode(Behaviour behaviour, int upstream_port = 0, int most_blocks = 0, int most_logs = 0);
  ~FakeNode();
  FakeNode(const FakeNode&) = delete;
  FakeNode& operator=(const FakeNode&) = delete;

  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  int requests() const { return requests_; }  // requests taken so far
  // log_limits: the eth_getLogs requests taken, those refused for their range and for their logs,
  // and the widest range answered.
  int log_requests() const { return log_requests_; }
  int range_refusals() const { return range_refusals_; }
  int size_refusals() const { return size_refusals_; }
  int widest_answered() const { return widest_answered_; }
  // finalized_lag: how far below the head the finalized block is, from the next request on.
  void set_finalized_lag(int blocks) { finalized_lag_ = blocks; }

 private:
  void serve();
  std::string answer_of(const std::string& request);
  std::string pass_on(const std::string& body) const;
  std::string limited_logs(const std::string& body);
  std::string lagging_finalized(const std::string& body) const;

  Behaviour behaviour_;
  int upstream_port_;
  int listener_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::atomic<int> requests_{0};
  int most_blocks_, most_logs_;
  std::atomic<int> log_requests_{0}, range_refusals_{0}, size_refusals_{0}, widest_answered_{0};
  std::atomic<int> finalized_lag_{0};
  std::thread thread_;
};

}  // namespace coin::chain_test
