#pragma once
// Posts each published set's event (snapshot_event.hpp) to nginx's nchan publisher location,
// over the Unix socket of nginx/events-publisher.conf: nginx holds the subscribers
// (nginx/events.conf). An event that cannot be posted (nginx down or restarting) is logged and
// dropped: the answers are published all the same, and a client that reconnects after nginx is
// back reads them (an event after a restart of the publisher lists every answer).

#include <string>

namespace coin {

class EventPoster {
 public:
  // `socket`: the Unix socket's path; "" posts nothing.
  explicit EventPoster(std::string socket);
  ~EventPoster();
  EventPoster(const EventPoster&) = delete;
  EventPoster& operator=(const EventPoster&) = delete;

  // Posts `event`; true when nchan took it. The first failure of a run of them is logged.
  bool post(const std::string& event);

 private:
  std::string socket_;
  bool failing_ = false;
  void* curl_;  // CURL*, kept for its connection
};

}  // namespace coin
