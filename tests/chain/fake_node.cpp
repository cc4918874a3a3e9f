#include "tests/chain/fake_node.hpp"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>
#include <vector>

#include "tests/e2e/stack.hpp"

namespace coin::chain_test {

FakeNode::FakeNode(Behaviour behaviour) : behaviour_(behaviour) {
  listener_ = e2e::bind_loopback(&port_);
  if (::listen(listener_, 16) != 0) throw std::runtime_error("fake node: cannot listen");
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
