#include "shared/published_state.hpp"

#include <sys/stat.h>

#include <filesystem>

namespace coin {
namespace {

namespace fs = std::filesystem;

std::optional<std::time_t> modified_at(const fs::path& path) {
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) return std::nullopt;
  return status.st_mtime;
}

}  // namespace

PublishedState published_state(const std::string& directory) {
  // A set's own mtime is its newest snapshot (PublishedSets::publish).
  return {modified_at(fs::path(directory) / heartbeat_file), modified_at(fs::path(directory) / current_link)};
}

}  // namespace coin
