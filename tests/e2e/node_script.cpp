#include "tests/e2e/node_script.hpp"

#include <sys/wait.h>

#include <array>
#include <cstdio>

namespace coin::e2e {

int run_node_script(const std::string& script, const std::string& arguments, std::string* output) {
  return run_command("node " + std::string(COIN_SOURCE_DIR) + "/" + script + " " + arguments, output);
}

int run_command(const std::string& command, std::string* output) {
  FILE* const pipe = ::popen((command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) return -1;
  std::array<char, 4096> chunk{};
  while (const size_t size = std::fread(chunk.data(), 1, chunk.size(), pipe)) output->append(chunk.data(), size);
  const int status = ::pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace coin::e2e
