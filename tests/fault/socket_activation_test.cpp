// Item 4, production side: under systemd, a handler gets its listening socket from the socket
// unit (fd 3, LISTEN_FDS=1), and the socket outlives the process: connections wait in it while
// the process restarts. So a handler that stops must leave that socket working.

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdlib>
#include <string>
#include <thread>

#include "tests/fault/fault.hpp"
#include "tests/support/rfc9421_key.hpp"
#include "tests/support/temporary_directory.hpp"

namespace coin::fault {
namespace {

// A listening unix socket at `path`, as systemd's socket unit makes it.
int listening_socket(const std::string& path, sockaddr_un& address) {
  address = {};
  address.sun_family = AF_UNIX;
  path.copy(address.sun_path, sizeof address.sun_path - 1);
  ::unlink(path.c_str());
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  if (fd < 0 || ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0 ||
      ::listen(fd, 16) != 0) {
    return -1;
  }
  return fd;
}

TEST(SocketActivation, AHandlerThatStopsLeavesTheSocketItInheritedListening) {
  const std::string path = "/tmp/coin-fault-activation-" + std::to_string(::getpid()) + ".sock";
  const testing_support::TemporaryDirectory directory("coin-fault-activation");
  const std::string key = directory.write("signing-key.pem", testing_support::rfc9421_key, 0600);
  sockaddr_un address{};
  const int socket_fd = listening_socket(path, address);
  ASSERT_GE(socket_fd, 0);

  const pid_t handler = ::fork();
  ASSERT_GE(handler, 0);
  if (handler == 0) {  // what systemd does: the socket as fd 3, LISTEN_PID and LISTEN_FDS
    ::dup2(socket_fd, 3);
    ::setenv("LISTEN_FDS", "1", 1);
    ::setenv("LISTEN_PID", std::to_string(::getpid()).c_str(), 1);
    ::setenv("PGHOST", "/nonexistent", 1);  // no database: the handler must run anyway
    const std::string binary = std::string(COIN_HANDLER_DIR) + "/supply";
    ::execl(binary.c_str(), "supply", "--signing-key", key.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::this_thread::sleep_for(1s);  // started, workers waiting in accept(2)
  int status = 0;
  EXPECT_EQ(::waitpid(handler, &status, WNOHANG), 0) << "the handler runs without its database";
  ASSERT_EQ(::kill(handler, SIGTERM), 0);
  ASSERT_EQ(::waitpid(handler, &status, 0), handler);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "status " << status;

  const int client = ::socket(AF_UNIX, SOCK_STREAM, 0);
  EXPECT_EQ(::connect(client, reinterpret_cast<const sockaddr*>(&address), sizeof address), 0)
      << "the socket still takes connections, for the next process";
  ::close(client);
  ::close(socket_fd);
  ::unlink(path.c_str());
}

}  // namespace
}  // namespace coin::fault
