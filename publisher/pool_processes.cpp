#include "publisher/pool_processes.hpp"

#include <algorithm>
#include <utility>

namespace coin {
namespace {

// Two, so that one may crash or restart while the other serves: nginx hands a request one
// refused to the other (nginx/fallback.conf).
constexpr int processes_per_pool = 2;

}  // namespace

std::vector<std::string> pool_processes(std::string_view handler) {
  std::vector<std::string> names;
  for (int number = 1; number <= processes_per_pool; ++number) {
    names.push_back(std::string(handler) + '-' + std::to_string(number));
  }
  return names;
}

std::vector<std::string> host_pool_processes(const std::vector<Endpoint>& list) {
  std::vector<std::string_view> handlers;
  for (const Endpoint& endpoint : list) {
    if (std::find(handlers.begin(), handlers.end(), endpoint.group) == handlers.end()) handlers.push_back(endpoint.group);
  }
  handlers.push_back("mcp");
  std::vector<std::string> names;
  for (const std::string_view handler : handlers) {
    for (std::string& name : pool_processes(handler)) names.push_back(std::move(name));
  }
  return names;
}

}  // namespace coin
