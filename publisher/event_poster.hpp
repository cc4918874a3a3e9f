#pragma once
// Speaks to nginx's nchan publisher location over the Unix socket of
// nginx/events-publisher.conf: posts an event (snapshot_event.hpp) for nginx's subscribers
// (nginx/events.conf), and asks whether the channel holds one. A posted event also has nginx
// read the link current again (nginx/events-publisher.conf), so it is posted once the link
// points at its set. An event that cannot be posted (nginx down or restarting) is logged and
// dropped: EventChannel posts the set's again once nginx answers.

#include <optional>
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

  // Whether the channel holds an event; nullopt when nginx does not answer.
  std::optional<bool> holds_event();

 private:
  std::string socket_;
  bool failing_ = false;
  void* curl_;  // CURL*, kept for its connection

  // Sends the request set up on curl_ (after prepare()); the HTTP status, or 0 when none came.
  // `failure`, if given, says what came: "HTTP <status>", or curl's reason for none.
  long perform(std::string* failure = nullptr);
  void prepare();
};

}  // namespace coin
