#include "tests/e2e/raw_http.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <memory>
#include <stdexcept>

namespace coin::e2e {
namespace {

using Clock = std::chrono::steady_clock;

struct Socket {
  int fd = -1;
  Socket() = default;
  Socket(const Socket&) = delete;
  Socket& operator=(const Socket&) = delete;
  ~Socket() {
    if (fd >= 0) ::close(fd);
  }
};

// Connects to the host and port of "http://host:port/...".
void connect_to(const std::string& url, Socket& socket) {
  const size_t host_start = url.find("//");
  const size_t colon = url.find(':', host_start == std::string::npos ? 0 : host_start + 2);
  if (host_start == std::string::npos || colon == std::string::npos) throw std::runtime_error("no host:port in " + url);
  const size_t port_end = url.find('/', colon);
  const std::string host = url.substr(host_start + 2, colon - host_start - 2);
  const std::string port = url.substr(colon + 1, port_end == std::string::npos ? port_end : port_end - colon - 1);

  addrinfo hints{};
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (::getaddrinfo(host.c_str(), port.c_str(), &hints, &found) != 0) throw std::runtime_error("cannot resolve " + url);
  const std::unique_ptr<addrinfo, void (*)(addrinfo*)> guard(found, ::freeaddrinfo);
  socket.fd = ::socket(found->ai_family, found->ai_socktype, found->ai_protocol);
  if (socket.fd < 0 || ::connect(socket.fd, found->ai_addr, found->ai_addrlen) != 0) {
    throw std::runtime_error("cannot connect to " + url);
  }
}

// The answer so far, parsed; `complete` when its Content-Length says all of the body came.
HttpResponse parse(const std::string& answer, bool& complete) {
  HttpResponse response;
  complete = false;
  const size_t head_end = answer.find("\r\n\r\n");
  if (answer.rfind("HTTP/", 0) != 0) {  // HTTP/0.9, or nothing yet
    response.body = answer;
    return response;
  }
  if (head_end == std::string::npos) return response;

  size_t line_end = answer.find("\r\n");
  const size_t space = answer.find(' ');
  response.status = space < line_end ? std::strtol(answer.c_str() + space + 1, nullptr, 10) : 0;
  while (line_end < head_end) {
    const size_t start = line_end + 2;
    line_end = answer.find("\r\n", start);
    response.add_header_line(std::string_view(answer).substr(start, line_end - start));
  }
  response.body = answer.substr(head_end + 4);
  const std::string length = response.header("content-length");
  complete = !length.empty() && response.body.size() >= std::stoul(length);
  return response;
}

}  // namespace

HttpResponse raw_http(const std::string& url, std::string_view request, std::chrono::milliseconds timeout) {
  Socket socket;
  connect_to(url, socket);
  // A server may answer and close before it read all of a request it refuses (a body over its
  // limit): stop sending then, and read its answer.
  for (size_t sent = 0; sent < request.size();) {
    const ssize_t count = ::send(socket.fd, request.data() + sent, request.size() - sent, MSG_NOSIGNAL);
    if (count <= 0) break;
    sent += static_cast<size_t>(count);
  }

  const auto deadline = Clock::now() + timeout;
  std::string answer;
  bool complete = false;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    pollfd readable{socket.fd, POLLIN, 0};
    if (left.count() <= 0 || ::poll(&readable, 1, static_cast<int>(left.count())) <= 0) {
      throw std::runtime_error("no complete answer within the timeout; so far:\n" + answer);
    }
    char buffer[16384];
    const ssize_t count = ::recv(socket.fd, buffer, sizeof buffer, 0);
    if (count <= 0) break;  // closed (or reset)
    answer.append(buffer, static_cast<size_t>(count));
    HttpResponse response = parse(answer, complete);
    if (complete) return response;
  }
  return parse(answer, complete);
}

}  // namespace coin::e2e
