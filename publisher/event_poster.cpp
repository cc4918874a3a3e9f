#include "publisher/event_poster.hpp"

#include <curl/curl.h>

#include <memory>

#include "shared/log.hpp"

namespace coin {
namespace {

// The location of nginx/events-publisher.conf; the host is a placeholder (a Unix socket).
constexpr const char* publisher_url = "http://localhost/snapshots";
constexpr long timeout_ms = 2000;  // nginx answers at once, or it is down

std::size_t ignore(char*, std::size_t size, std::size_t count, void*) { return size * count; }

}  // namespace

EventPoster::EventPoster(std::string socket) : socket_(std::move(socket)), curl_(curl_easy_init()) {}

EventPoster::~EventPoster() { curl_easy_cleanup(static_cast<CURL*>(curl_)); }

void EventPoster::prepare() {
  CURL* curl = static_cast<CURL*>(curl_);
  curl_easy_reset(curl);
  curl_easy_setopt(curl, CURLOPT_UNIX_SOCKET_PATH, socket_.c_str());
  curl_easy_setopt(curl, CURLOPT_URL, publisher_url);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &ignore);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeout_ms);
}

long EventPoster::perform(std::string* failure) {
  CURL* curl = static_cast<CURL*>(curl_);
  long status = 0;
  const CURLcode result = curl_easy_perform(curl);
  if (result == CURLE_OK) curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &status);
  if (failure != nullptr) *failure = result == CURLE_OK ? "HTTP " + std::to_string(status) : curl_easy_strerror(result);
  return status;
}

std::optional<bool> EventPoster::holds_event() {
  if (socket_.empty()) return true;
  prepare();  // a GET: the channel's state, 404 when it has none (nchan drops a channel with its last event)
  const long status = perform();
  if (status == 200 || status == 404) return status == 200;
  return std::nullopt;
}

bool EventPoster::post(const std::string& event) {
  if (socket_.empty()) return true;
  CURL* curl = static_cast<CURL*>(curl_);
  prepare();
  curl_easy_setopt(curl, CURLOPT_POSTFIELDS, event.c_str());
  curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, static_cast<long>(event.size()));
  // nchan hands a long-polling subscriber the event with the type it was posted with.
  const std::unique_ptr<curl_slist, decltype(&curl_slist_free_all)> headers(
      curl_slist_append(nullptr, "Content-Type: application/json"), &curl_slist_free_all);
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers.get());
  std::string failure;
  const long status = perform(&failure);
  // nchan: 201 when a subscriber got it, 202 when none was waiting.
  const bool posted = status == 201 || status == 202;
  if (posted && failing_) log_info("posting events to nginx again");
  if (!posted && !failing_) {
    log_error("cannot post the event to nginx at " + socket_ + " (nginx down or not started yet): " + failure);
  }
  failing_ = !posted;
  return posted;
}

}  // namespace coin
