#include "tests/e2e/event_stream.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "tests/e2e/stack.hpp"
#include "tests/e2e/waiting.hpp"

namespace coin::e2e {

EventStream::EventStream(const std::string& url, const std::string& last_event_id, const std::string& more_headers) {
  const std::size_t host = url.find("//") + 2;
  const std::size_t colon = url.find(':', host);
  const std::size_t path = url.find('/', host);
  socket_ = connect_loopback(std::stoi(url.substr(colon + 1, path - colon - 1)));
  if (socket_ < 0) throw std::runtime_error("cannot connect to " + url);
  std::string request = "GET " + url.substr(path) + " HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n";
  if (!last_event_id.empty()) request += "Last-Event-ID: " + last_event_id + "\r\n";
  request += more_headers + "\r\n";
  if (::send(socket_, request.data(), request.size(), MSG_NOSIGNAL) != static_cast<ssize_t>(request.size())) {
    throw std::runtime_error("cannot send to " + url);
  }
  const auto deadline = Clock::now() + patience;
  std::size_t end;
  while ((end = received_.find("\r\n\r\n")) == std::string::npos) receive(deadline);
  const std::string head = received_.substr(0, end);
  received_.erase(0, end + 4);
  answer_.status = std::stol(head.substr(head.find(' ') + 1, 3));
  for (std::size_t line = head.find("\r\n"); line != std::string::npos;) {
    const std::size_t next = head.find("\r\n", line + 2);
    answer_.add_header_line(head.substr(line + 2, next == std::string::npos ? std::string::npos : next - line - 2));
    line = next;
  }
}

EventStream::~EventStream() {
  if (socket_ >= 0) ::close(socket_);
}

void EventStream::receive(Clock::time_point deadline) {
  const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
  pollfd readable{socket_, POLLIN, 0};
  if (left.count() <= 0 || ::poll(&readable, 1, static_cast<int>(left.count())) <= 0) {
    throw std::runtime_error("nothing more on the event stream in time");
  }
  char bytes[65536];
  const ssize_t got = ::recv(socket_, bytes, sizeof bytes, 0);
  if (got <= 0) throw std::runtime_error("the event stream was closed");
  received_.append(bytes, static_cast<std::size_t>(got));
}

StreamEvent EventStream::next(std::chrono::milliseconds cap) {
  const auto deadline = Clock::now() + cap;
  for (;;) {
    // An event is a block of lines ending in an empty line.
    const std::size_t end = received_.find("\n\n");
    if (end == std::string::npos) {
      receive(deadline);
      continue;
    }
    const std::string block = received_.substr(0, end + 1);
    received_.erase(0, end + 2);
    StreamEvent event;
    std::string_view rest = block;
    while (!rest.empty()) {
      std::string_view line = rest.substr(0, rest.find('\n'));
      rest.remove_prefix(std::min(rest.size(), line.size() + 1));
      const std::size_t colon = line.find(": ");
      if (colon == std::string_view::npos || colon == 0) continue;  // a comment (": hi")
      const std::string_view field = line.substr(0, colon), value = line.substr(colon + 2);
      if (field == "id") event.id = value;
      if (field == "event") event.event = value;
      if (field == "data") event.data += (event.data.empty() ? "" : "\n") + std::string(value);
    }
    if (!event.data.empty()) return event;
  }
}

std::string chain_snapshot(const std::string& chain, const std::string& taken_at, int block) {
  return "INSERT INTO snapshot.chain_state (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price,"
         " earn_apy, earn_tvl, block_number, block_hash, block_time)"
         " SELECT chain, '" + taken_at + "', coin_supply + 1000000, scoin_supply, coin_price, scoin_price,"
         " earn_apy, earn_tvl, " + std::to_string(block) + ", '0x' || repeat('ab', 32), '" + taken_at + "'"
         " FROM snapshot.chain_state WHERE chain = '" + chain + "' ORDER BY taken_at DESC LIMIT 1";
}

}  // namespace coin::e2e
