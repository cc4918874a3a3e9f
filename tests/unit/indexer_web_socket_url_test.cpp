// A node's WebSocket URL taken apart (indexer/web_socket_url.hpp), as the new heads' connection
// uses it.

#include <gtest/gtest.h>

#include "indexer/web_socket_url.hpp"

namespace coin::indexer {
namespace {

void expect_parts(const std::string& url, bool tls, const std::string& host, const std::string& port,
                  const std::string& target) {
  const std::optional<WebSocketUrl> parts = parse_web_socket_url(url);
  ASSERT_TRUE(parts) << url;
  EXPECT_EQ(parts->tls, tls) << url;
  EXPECT_EQ(parts->host, host) << url;
  EXPECT_EQ(parts->port, port) << url;
  EXPECT_EQ(parts->target, target) << url;
}

TEST(WebSocketUrl, TakesAHostItsPortOrTheSchemesAndThePath) {
  expect_parts("ws://127.0.0.1:8546", false, "127.0.0.1", "8546", "/");
  expect_parts("wss://eth.example/v2/key", true, "eth.example", "443", "/v2/key");
  expect_parts("ws://eth-node-a.internal", false, "eth-node-a.internal", "80", "/");
  expect_parts("wss://[2001:db8::1]:8443/ws?key=1", true, "2001:db8::1", "8443", "/ws?key=1");
  expect_parts("ws://[::1]/", false, "::1", "80", "/");
}

TEST(WebSocketUrl, RefusesAnythingElse) {
  for (const char* url : {"", "http://127.0.0.1:8545", "ws:/x", "ws://", "ws://:8546", "ws://host:", "ws://host:85a6",
                          "wss://user:secret@eth.example", "WS://host"}) {
    EXPECT_FALSE(parse_web_socket_url(url)) << url;
  }
}

}  // namespace
}  // namespace coin::indexer
