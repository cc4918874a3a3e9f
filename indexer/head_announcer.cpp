#include "indexer/head_announcer.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/beast/websocket/ssl.hpp>
#include <json/reader.h>
#include <json/value.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <chrono>
#include <type_traits>
#include <utility>

#include "indexer/web_socket_url.hpp"
#include "shared/log.hpp"
#include "shared/metrics.hpp"

namespace coin::indexer {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

constexpr std::chrono::seconds first_pause{2};
constexpr std::chrono::seconds longest_pause{30};
constexpr std::chrono::seconds connect_limit{10};
// A newHeads message is a block header, about 1 KB: a node sending more is cut off (Beast's own
// limit is 16 MB).
constexpr std::size_t longest_message = 1 << 20;
constexpr const char* subscribe = R"({"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]})";

}  // namespace

// The io_context and one connection at a time, each of its steps a callback on the thread.
struct HeadAnnouncer::Loop {
  Loop(std::string chain_name, WebSocketUrl where, std::function<void()> on_head, std::atomic<bool>& up)
      : chain(std::move(chain_name)), url(std::move(where)), announced(std::move(on_head)), connected(up) {
    tls.set_default_verify_paths();
    tls.set_verify_mode(asio::ssl::verify_peer);
  }

  // One connection: resolve, connect, TLS where the URL says wss, the WebSocket handshake, the
  // subscription, then its messages until it ends.
  template <class Next>
  struct Connection : std::enable_shared_from_this<Connection<Next>> {
    Loop& loop;
    websocket::stream<Next> ws;
    beast::flat_buffer buffer;

    template <class... Args>
    explicit Connection(Loop& owner, Args&&... args) : loop(owner), ws(std::forward<Args>(args)...) {}

    void start() {
      auto self = this->shared_from_this();
      loop.resolver.async_resolve(loop.url.host, loop.url.port,
                                  [self](beast::error_code ec, const tcp::resolver::results_type& found) {
                                    if (ec) return self->loop.ended("resolving " + self->loop.url.host, ec);
                                    beast::get_lowest_layer(self->ws).expires_after(connect_limit);
                                    beast::get_lowest_layer(self->ws).async_connect(
                                        found, [self](beast::error_code error, const tcp::endpoint&) {
                                          if (error) return self->loop.ended("connecting", error);
                                          self->secure();
                                        });
                                  });
    }
    void secure() {
      if constexpr (std::is_same_v<Next, beast::tcp_stream>) {
        handshake();
      } else {
        auto self = this->shared_from_this();
        // The server's name, for its certificate (SNI: SSL_set_tlsext_host_name, a macro with a
        // C cast) and to check it against.
        SSL_ctrl(ws.next_layer().native_handle(), SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name,
                 const_cast<char*>(loop.url.host.c_str()));
        ws.next_layer().set_verify_callback(asio::ssl::host_name_verification(loop.url.host));
        ws.next_layer().async_handshake(asio::ssl::stream_base::client, [self](beast::error_code ec) {
          if (ec) return self->loop.ended("TLS handshake", ec);
          self->handshake();
        });
      }
    }
    void handshake() {
      auto self = this->shared_from_this();
      beast::get_lowest_layer(ws).expires_never();  // the WebSocket's own timeouts from here
      websocket::stream_base::timeout timeout{};
      timeout.handshake_timeout = connect_limit;
      timeout.idle_timeout = longest_pause;
      timeout.keep_alive_pings = true;
      ws.set_option(timeout);
      ws.read_message_max(longest_message);
      ws.async_handshake(loop.url.host, loop.url.target, [self](beast::error_code ec) {
        if (ec) return self->loop.ended("WebSocket handshake", ec);
        self->ws.async_write(asio::buffer(std::string_view(subscribe)), [self](beast::error_code error, std::size_t) {
          if (error) return self->loop.ended("eth_subscribe", error);
          self->read();
        });
      });
    }
    void read() {
      auto self = this->shared_from_this();
      ws.async_read(buffer, [self](beast::error_code ec, std::size_t) {
        if (ec) return self->loop.ended("reading", ec);
        const std::string message = beast::buffers_to_string(self->buffer.data());
        self->buffer.consume(self->buffer.size());
        if (!self->loop.message(message)) return;
        self->read();
      });
    }
  };

  void connect() {
    if (url.tls) {
      std::make_shared<Connection<beast::ssl_stream<beast::tcp_stream>>>(*this, io, tls)->start();
    } else {
      std::make_shared<Connection<beast::tcp_stream>>(*this, io)->start();
    }
  }

  // A message of the connection: the subscription's answer, or a new head. False when the node
  // refused the subscription (the connection is then dropped, and made again later).
  bool message(const std::string& text) {
    Json::Value json;
    const std::unique_ptr<Json::CharReader> reader(Json::CharReaderBuilder().newCharReader());
    if (!reader->parse(text.data(), text.data() + text.size(), &json, nullptr) || !json.isObject()) return true;
    if (json["method"] == "eth_subscription") {
      static auto& heads = counter_family("coin_indexer_announced_heads_total",
                                          "New heads a chain's node announced over its WebSocket (eth_subscribe)");
      heads.Add({{"chain", chain}}).Increment();
      announced();
    } else if (json["id"] == 1 && json.isMember("error")) {
      ended("eth_subscribe", {}, json["error"].toStyledString());
      return false;
    } else if (json["id"] == 1) {
      log_info(chain + ": new heads announced by " + url.host + " (eth_subscribe)");
      pause = first_pause;
      connected = true;
      announced();
    }
    return true;
  }

  // The connection ended in `step`: the follower polls until another one is made, after a pause.
  void ended(const std::string& step, beast::error_code ec, const std::string& refusal = "") {
    if (stopping) return;
    const std::string why = refusal.empty() ? ec.message() : refusal;
    if (connected || why != last_failure) {
      log_error(chain + ": new heads not announced (" + step + ": " + why + "): polling, connecting again in " +
                std::to_string(pause.count()) + " s");
    }
    last_failure = why;
    const bool was_connected = connected.exchange(false);
    if (was_connected) announced();
    timer.expires_after(pause);
    pause = std::min(pause * 2, longest_pause);
    timer.async_wait([this](beast::error_code error) {
      if (!error && !stopping) connect();
    });
  }

  std::string chain;
  WebSocketUrl url;
  std::function<void()> announced;
  std::atomic<bool>& connected;
  std::atomic<bool> stopping{false};
  asio::io_context io;
  asio::ssl::context tls{asio::ssl::context::tls_client};
  tcp::resolver resolver{io};
  asio::steady_timer timer{io};
  std::chrono::seconds pause = first_pause;
  std::string last_failure;
};

HeadAnnouncer::HeadAnnouncer(std::string chain, const std::string& url, std::function<void()> announced)
    : loop_(std::make_unique<Loop>(std::move(chain), *parse_web_socket_url(url), std::move(announced), connected_)) {
  loop_->connect();
  thread_ = std::thread([this] { loop_->io.run(); });
}

HeadAnnouncer::~HeadAnnouncer() {
  loop_->stopping = true;
  loop_->io.stop();
  thread_.join();
}

}  // namespace coin::indexer
