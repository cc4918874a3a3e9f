#include "indexer/web_socket_url.hpp"

namespace coin::indexer {

std::optional<WebSocketUrl> parse_web_socket_url(const std::string& url) {
  WebSocketUrl parts;
  std::string rest;
  if (url.rfind("ws://", 0) == 0) {
    rest = url.substr(5);
  } else if (url.rfind("wss://", 0) == 0) {
    parts.tls = true;
    rest = url.substr(6);
  } else {
    return std::nullopt;
  }
  const std::size_t slash = rest.find('/');
  const std::string authority = rest.substr(0, slash);
  parts.target = slash == std::string::npos ? "/" : rest.substr(slash);
  const std::size_t colon = authority.rfind(':');
  const bool has_port = colon != std::string::npos && authority.find(']', colon) == std::string::npos;
  parts.host = authority.substr(0, has_port ? colon : std::string::npos);
  parts.port = has_port ? authority.substr(colon + 1) : (parts.tls ? "443" : "80");
  if (parts.host.size() > 2 && parts.host.front() == '[' && parts.host.back() == ']') {  // an IPv6 address
    parts.host = parts.host.substr(1, parts.host.size() - 2);
  }
  if (parts.host.empty() || parts.port.empty() || parts.port.find_first_not_of("0123456789") != std::string::npos ||
      authority.find('@') != std::string::npos) {
    return std::nullopt;
  }
  return parts;
}

}  // namespace coin::indexer
