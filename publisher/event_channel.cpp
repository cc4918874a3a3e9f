#include "publisher/event_channel.hpp"

#include <chrono>
#include <ctime>
#include <optional>

#include "publisher/snapshot_event.hpp"
#include "shared/log.hpp"

namespace coin {
namespace {

constexpr auto look_every = std::chrono::milliseconds(250);

}  // namespace

EventChannel::EventChannel(std::string socket, const SigningKey& key) : poster_(socket), key_(key) {
  if (!socket.empty()) keeper_ = std::thread(&EventChannel::keep_filled, this);
}

EventChannel::~EventChannel() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  stop_.notify_one();
  if (keeper_.joinable()) keeper_.join();
}

void EventChannel::publish(const Publication& publication) {
  const std::lock_guard<std::mutex> lock(mutex_);
  every_ = snapshot_event(publication, publication.answers, key_);
  const std::optional<bool> holds = poster_.holds_event();
  if (holds == false) {
    fill();
  } else if (holds == true && poster_.post(snapshot_event(publication, publication.changed, key_))) {
    posted_at_ = std::time(nullptr);
  }
}

bool EventChannel::fill() {
  // An event's id is the second nchan took it and its number within that second, counted from
  // 0 again in an emptied channel: posted in the second of the last event before, the set's
  // event could take an id a client already has, and that client would skip it. The keeper
  // posts it a second later.
  if (std::time(nullptr) == posted_at_ || !poster_.post(every_)) return false;
  posted_at_ = std::time(nullptr);
  return true;
}

void EventChannel::keep_filled() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stop_.wait_for(lock, look_every, [this] { return stopping_; })) {
    if (!every_.empty() && poster_.holds_event() == false && fill()) {
      log_info("nginx's event channel had no event (nginx started or reloaded): posted the current set's");
    }
  }
}

}  // namespace coin
