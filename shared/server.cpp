#include "shared/server.hpp"

#include <fcgiapp.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "shared/log.hpp"
#include "shared/metrics.hpp"
#include "shared/stop_signals.hpp"

namespace coin {
namespace {

std::atomic<bool> stopping{false};   // SIGTERM or SIGINT came: the background thread ends
std::atomic<bool> accepting{true};   // the workers take new connections
std::atomic<int> in_flight{0};  // requests accepted and not yet finished

// A POST's body, read into `request` (at most max_request_body bytes and whether there were more).
void read_body(FCGX_Stream* in, Request& request) {
  if (request.method() != "POST") return;
  request.body.resize(max_request_body + 1);
  const int got = FCGX_GetStr(request.body.data(), static_cast<int>(request.body.size()), in);
  request.body.resize(got > 0 ? static_cast<std::size_t>(got) : 0);
  request.body_too_large = request.body.size() > max_request_body;
  if (request.body_too_large) request.body.resize(max_request_body);
}

// Answers by path and status; a path nobody serves (nginx sends none) counts as "other", so a
// stray request cannot add series. Each thread keeps the counters it found, so that counting
// takes no lock and no allocation once a path and status were seen.
void count_answer(std::string_view path, int status) {
  static auto& answers = counter_family("coin_handler_answers_total",
                                        "Answers a handler sent, by path and HTTP status (published ones never reach it)");
  thread_local std::map<std::string, std::map<int, prometheus::Counter*>, std::less<>> seen;
  if (status == 404) path = "other";
  auto by_path = seen.find(path);
  if (by_path == seen.end()) by_path = seen.emplace(path, std::map<int, prometheus::Counter*>{}).first;
  prometheus::Counter*& counter = by_path->second[status];
  if (counter == nullptr) counter = &answers.Add({{"path", std::string(path)}, {"status", std::to_string(status)}});
  counter->Increment();
}

void work(int listen_fd, const std::function<Answerer()>& make_answerer) {
  const Answerer answer_of = make_answerer();
  FCGX_Request request;
  FCGX_InitRequest(&request, listen_fd, 0);
  while (accepting) {
    const int accepted = FCGX_Accept_r(&request);
    if (accepted == -EAGAIN) continue;  // no connection within connection_wait: wait again
    if (accepted < 0) {
      if (!accepting) break;
      log_error(std::string("accept failed: ") + std::strerror(errno));
      std::this_thread::sleep_for(std::chrono::milliseconds(100));  // e.g. out of descriptors
      continue;
    }
    ++in_flight;
    Request asked(request.envp);
    read_body(request.in, asked);
    const std::shared_ptr<const RenderedAnswer> answer = answer_of(asked);
    const std::string& out = choose(
        *answer, {asked.param("HTTP_IF_NONE_MATCH"), asked.param("HTTP_IF_MODIFIED_SINCE"),
                  asked.param("HTTP_ACCEPT_ENCODING"), asked.param("HTTP_IF_MATCH"),
                  asked.param("HTTP_IF_UNMODIFIED_SINCE")});
    FCGX_PutStr(out.data(), static_cast<int>(out.size()), request.out);
    count_answer(asked.path(), status_of(out));  // before Finish, which frees the request's parameters
    FCGX_Finish_r(&request);
    --in_flight;
  }
  FCGX_Free(&request, 1);
}

bool is_unix_socket_path(const std::string& socket) { return socket.find(':') == std::string::npos; }

// Whether connections wait in the listening socket, not yet accepted.
bool connections_waiting(int listen_fd) {
  pollfd listener{listen_fd, POLLIN, 0};
  return ::poll(&listener, 1, 0) > 0 && (listener.revents & POLLIN) != 0;
}

// The socket a supervisor handed over: systemd's socket activation passes it as fd 3 (with
// LISTEN_PID and LISTEN_FDS), spawn-fcgi as fd 0.
int inherited_socket() {
  const char* pid = std::getenv("LISTEN_PID");
  const char* count = std::getenv("LISTEN_FDS");
  const bool from_systemd = pid != nullptr && count != nullptr && std::atol(pid) == ::getpid() &&
                            std::string_view(count) == "1";
  return from_systemd ? 3 : 0;
}

// The listening socket: --socket, or the one inherited. -1 on failure.
int listening_socket(const Config& config) {
  if (config.socket.empty()) {
    const int fd = inherited_socket();
    int listening = 0;
    socklen_t size = sizeof listening;
    if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &size) != 0 || listening == 0) {
      log_error("no --socket given and no listening socket inherited (see --help)");
      return -1;
    }
    return fd;
  }
  if (is_unix_socket_path(config.socket)) ::unlink(config.socket.c_str());  // a stale one
  // nginx's workers run as another user; the API is public, so any local user may connect. The
  // socket file is made so (umask 0111: mode 0666) as bind(2) creates it, not by a chmod after:
  // a process restarting under load would refuse nginx's connections between the two (EACCES),
  // and a request that met its pool's other process restarting too would fail. (Still one
  // thread: nothing else creates files meanwhile.)
  const mode_t umask_before = ::umask(0111);
  const int fd = FCGX_OpenSocket(config.socket.c_str(), config.backlog);
  const int open_error = errno;
  ::umask(umask_before);
  if (fd < 0) {
    log_error("cannot listen on " + config.socket + ": " + std::strerror(open_error));
    return -1;
  }
  return fd;
}

// A connection whose peer vanished (nginx's host cut off the network mid-request) must not hold
// a worker until TCP gives up, minutes later: a read or a write of a connection waits at most
// this long, then libfcgi drops it. Set on the listening socket, from which every connection
// accepted inherits it; accept(2) itself then ends with EAGAIN as often while nothing comes.
constexpr timeval connection_wait{5, 0};

// The listening socket: --socket, or the one inherited; with connection_wait. -1 on failure.
int open_listener(const Config& config) {
  const int fd = listening_socket(config);
  if (fd >= 0 && (::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &connection_wait, sizeof connection_wait) != 0 ||
                  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &connection_wait, sizeof connection_wait) != 0)) {
    log_error(std::string("cannot limit the connections' waits: ") + std::strerror(errno));
    return -1;
  }
  return fd;
}

}  // namespace

std::string_view Request::param(const char* name) const {
  const char* value = FCGX_GetParam(name, parameters_);
  return value == nullptr ? std::string_view{} : std::string_view{value};
}

int run_server(const Config& config, const std::function<Answerer()>& make_answerer,
               const std::function<void(const std::atomic<bool>& stopping)>& background) {
  std::signal(SIGPIPE, SIG_IGN);  // a client gone mid-response must not end the process
  const StopSignals stop_signals;  // before the threads below, which inherit its mask

  // A database host that does not answer must not hold a worker for long: libpq waits
  // forever by default. The PGCONNECT_TIMEOUT of the environment, if any, wins.
  ::setenv("PGCONNECT_TIMEOUT", "2", 0);

  FCGX_Init();
  const int listen_fd = open_listener(config);
  if (listen_fd < 0) return 1;

  const MetricsFile metrics_file(config.metrics);
  std::thread background_thread;
  if (background) background_thread = std::thread(background, std::cref(stopping));
  std::vector<std::thread> workers;
  workers.reserve(static_cast<size_t>(config.threads));
  for (int i = 0; i < config.threads; ++i) workers.emplace_back(work, listen_fd, std::cref(make_answerer));

  stop_signals.wait();
  stopping = true;
  if (config.socket.empty()) {
    // The socket belongs to systemd (or spawn-fcgi) and outlives this process: shutting it
    // down would refuse every connection of the next process. Finish the requests in progress
    // and leave the queued ones to the next process; the workers blocked in accept(2) end
    // with the process.
    accepting = false;
    while (in_flight > 0) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    std::_Exit(0);
  }
  if (is_unix_socket_path(config.socket)) {
    // Its own socket: once its path is gone, no new connection can reach this process (nginx
    // gives them to the other process of the pool), and the ones already waiting in it are
    // answered before it closes: a closed socket would reset them, and nginx, having tried
    // the other process first, would have none left to try.
    ::unlink(config.socket.c_str());
    while (connections_waiting(listen_fd) || in_flight > 0) {
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  // Wakes every worker blocked in accept(2); those busy with a request finish it first.
  accepting = false;
  ::shutdown(listen_fd, SHUT_RDWR);
  for (std::thread& worker : workers) worker.join();
  if (background_thread.joinable()) background_thread.join();
  return 0;
}

}  // namespace coin
