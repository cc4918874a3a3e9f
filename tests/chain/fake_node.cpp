#include "tests/chain/fake_node.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <vector>

namespace coin::chain_test {

FakeNode::FakeNode(Behaviour behaviour) : behaviour_(behaviour) {
  listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t size = sizeof address;
  if (listener_ < 0 || ::bind(listener_, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      ::listen(listener_, 16) != 0 ||
      ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    throw std::runtime_error("fake node: cannot listen");
  }
  port_ = ntohs(address.sin_port);
  thread_ = std::thread(&FakeNode::serve, this);
}

FakeNode::~FakeNode() {
  stopping_ = true;
  thread_.join();
  ::close(listener_);
}

void FakeNode::serve() {
  std::vector<int> held;  // the silent node's connections, open until it stops
  while (!stopping_) {
    pollfd ready{listener_, POLLIN, 0};
    if (::poll(&ready, 1, 50) != 1) continue;
    const int client = ::accept(listener_, nullptr, nullptr);
    if (client < 0) continue;
    char request[4096];
    if (::recv(client, request, sizeof request, 0) > 0) ++requests_;
    if (behaviour_ == Behaviour::silent) {
      held.push_back(client);
      continue;
    }
    const std::string body = "<html>not a node</html>";
    const std::string answer = "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: " +
                               std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
    (void)::send(client, answer.data(), answer.size(), MSG_NOSIGNAL);
    ::close(client);
  }
  for (const int client : held) ::close(client);
}

}  // namespace coin::chain_test
