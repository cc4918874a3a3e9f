#pragma once
// nginx's event channel (nginx/events.conf), kept holding the current set's event. nchan keeps
// the channel in nginx's memory, which a start, restart or reload of nginx empties; nginx then
// holds new subscribers until the channel holds an event again (nchan aborts a worker when
// subscribers wait on a channel that never held one: nginx/events.conf). So each set's event is
// posted when the set is published, and whenever the channel is found without one (looked at
// four times a second) the current set's event is posted again, listing every answer: a client
// that resumes after nginx lost the events it missed asks again for everything.

#include <condition_variable>
#include <ctime>
#include <mutex>
#include <string>
#include <thread>

#include "publisher/event_poster.hpp"
#include "publisher/publication.hpp"
#include "shared/signing_key.hpp"

namespace coin {

class EventChannel {
 public:
  // `socket`: nginx's publisher socket (EventPoster); "" posts nothing. Each event is signed
  // with `key` (snapshot_event.hpp).
  EventChannel(std::string socket, const SigningKey& key);
  ~EventChannel();
  EventChannel(const EventChannel&) = delete;
  EventChannel& operator=(const EventChannel&) = delete;

  // Posts the event of `publication`, just published: its changed answers, or every answer when
  // the channel holds no event.
  void publish(const Publication& publication);

 private:
  void keep_filled();  // the keeper's loop
  bool fill();         // posts every_ to a channel without an event; true when posted

  std::mutex mutex_;  // over every member below but keeper_
  std::condition_variable stop_;
  bool stopping_ = false;
  EventPoster poster_;
  const SigningKey& key_;
  std::string every_;  // the current set's event listing every answer ("": none published yet)
  std::time_t posted_at_ = -1;  // when an event was last posted
  std::thread keeper_;
};

}  // namespace coin
