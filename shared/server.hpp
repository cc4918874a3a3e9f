#pragma once
// The FastCGI side of a handler binary: the listening socket, the worker threads with their
// accept loop, reading a request and writing its answer, and stopping. What a worker answers is
// its Answerer's: the API's handlers answer from the endpoint list (api_handler.hpp), the ops
// handler answers /healthz and /metrics.

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "shared/config.hpp"
#include "shared/rendered_answer.hpp"

namespace coin {

// The most of a request's body a worker reads (a POST's: nginx sends no other method a body);
// nginx refuses a larger one first (client_max_body_size, nginx/mcp.conf).
inline constexpr std::size_t max_request_body = 64 * 1024;

// A request as nginx passes it: its FastCGI parameters (DOCUMENT_URI, QUERY_STRING, the headers
// a location passes as HTTP_*) and a POST's body.
class Request {
 public:
  explicit Request(char** parameters) : parameters_(parameters) {}

  // The parameter `name` ("" when nginx did not pass it).
  std::string_view param(const char* name) const;
  std::string_view method() const { return param("REQUEST_METHOD"); }
  std::string_view path() const { return param("DOCUMENT_URI"); }
  std::string_view query_string() const { return param("QUERY_STRING"); }

  std::string body;               // a POST's, at most max_request_body bytes
  bool body_too_large = false;    // it had more than that

 private:
  char** parameters_;
};

// The answer to a request. Each worker thread has its own (and so its own database
// connection); choose() then picks the bytes for the request's conditional headers.
using Answerer = std::function<std::shared_ptr<const RenderedAnswer>(const Request& request)>;

// Serves FastCGI as `config` says until SIGTERM or SIGINT: listens, writes --metrics, runs
// `background` (if any) on a thread of its own until the stop flag is set, starts
// config.threads workers, each answering with what make_answerer() gives it on its own
// thread, and lets requests in progress finish. Returns the exit status for main().
int run_server(const Config& config, const std::function<Answerer()>& make_answerer,
               const std::function<void(const std::atomic<bool>& stopping)>& background = {});

}  // namespace coin
