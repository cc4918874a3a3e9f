#pragma once
// A node's WebSocket URL (a chain's "ws"), taken apart for a connection to it.

#include <optional>
#include <string>

namespace coin::indexer {

// "wss://eth.example/v2/key" is {true, "eth.example", "443", "/v2/key"}.
struct WebSocketUrl {
  bool tls = false;
  std::string host, port, target;
};

// None when `url` is no ws:// or wss:// URL with a host (and a port in digits, where it names
// one); one with user information ("user@") is none too.
std::optional<WebSocketUrl> parse_web_socket_url(const std::string& url);

}  // namespace coin::indexer
