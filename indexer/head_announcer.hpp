#pragma once
// A node's announcements of its new blocks: eth_subscribe("newHeads") over a WebSocket
// (Boost.Beast), on a thread of its own. Each notification calls `announced`, which wakes the
// chain's follower (head_follower.hpp) at once instead of at its next poll. A connection that
// fails, or that the node or a proxy drops, is made again after a pause (2 s, doubling up to
// 30 s); meanwhile the follower polls at its own pace. A connection with nothing on it for 30 s
// is pinged, and taken as lost when the ping goes unanswered as long.

#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <thread>

namespace coin::indexer {

class HeadAnnouncer {
 public:
  // Subscribes to `url`'s new heads (a URL web_socket_url.hpp takes), for `chain` (its name
  // in the log lines). `announced` is called on the announcer's thread, at each new head and
  // each time the subscription is made or lost (connected() says which).
  HeadAnnouncer(std::string chain, const std::string& url, std::function<void()> announced);
  ~HeadAnnouncer();  // closes the connection and joins the thread
  HeadAnnouncer(const HeadAnnouncer&) = delete;
  HeadAnnouncer& operator=(const HeadAnnouncer&) = delete;

  // Whether the subscription is made and its connection up.
  bool connected() const { return connected_; }

 private:
  struct Loop;  // the io_context, the connection and its steps (head_announcer.cpp)
  std::atomic<bool> connected_{false};
  std::unique_ptr<Loop> loop_;
  std::thread thread_;
};

}  // namespace coin::indexer
