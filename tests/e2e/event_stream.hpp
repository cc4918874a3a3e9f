#pragma once
// A subscriber of the event stream (GET /api/v1/events as Server-Sent Events, nginx/events.conf)
// for the tests: one connection, its answer's status line and headers, then its events one by
// one as they come.

#include <chrono>
#include <string>

#include "tests/e2e/http_client.hpp"

namespace coin::e2e {

// One event: its id:, event: and data: lines (data's lines joined by "\n").
struct StreamEvent {
  std::string id;
  std::string event;
  std::string data;
};

class EventStream {
 public:
  // Connects to `url` ("http://127.0.0.1:<port>/api/v1/events"), asks for text/event-stream
  // (with Last-Event-ID when `last_event_id` is not empty, and `more_headers`, lines ending in
  // CRLF, as they are) and reads the answer's headers. Throws std::runtime_error when nothing
  // answers within the waiting cap (waiting.hpp).
  explicit EventStream(const std::string& url, const std::string& last_event_id = "",
                       const std::string& more_headers = "");
  ~EventStream();
  EventStream(const EventStream&) = delete;
  EventStream& operator=(const EventStream&) = delete;

  // The status line's code and the headers (no body: it is the stream).
  const HttpResponse& answer() const { return answer_; }

  // The next event with data, as EventSource dispatches them: comments and nchan's heartbeats
  // ("event: ping" without data, every 15 s) are skipped. Throws std::runtime_error when none
  // comes within `cap` or the server closes the stream.
  StreamEvent next(std::chrono::milliseconds cap);

 private:
  // Reads more of the stream into received_, until `deadline`. nchan sends the stream as it
  // is, until the connection closes (no Content-Length, no chunks).
  void receive(std::chrono::steady_clock::time_point deadline);

  int socket_ = -1;
  HttpResponse answer_;
  std::string received_;  // what came and is not parsed yet
};

// The SQL of a new newest snapshot of `chain` on the fixture (tests/sql/fixture.sql's newest are
// tron's 08:00, eth's 07:55 and bsc's 07:50 UTC+8): the chain's latest row again at `taken_at`,
// with 1,000,000 more COIN, read at block `block`. What the tests of the event stream commit.
std::string chain_snapshot(const std::string& chain, const std::string& taken_at, int block);

}  // namespace coin::e2e
