#include "shared/signing_key_file.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace coin {

SigningKey read_signing_key(const std::string& path) {
  const auto fault = [&path](const std::string& what) {
    return std::runtime_error("the signing key " + path + ": " + what);
  };
  struct stat status {};
  if (stat(path.c_str(), &status) != 0) throw fault(std::strerror(errno));
  if ((status.st_mode & (S_IRWXG | S_IRWXO)) != 0) {
    std::ostringstream mode;
    mode << std::oct << (status.st_mode & 07777);
    throw fault("others than its owner may use it (mode " + mode.str() + "): chmod 600 it");
  }
  std::ifstream file(path, std::ios::binary);
  if (!file.is_open()) throw fault(std::strerror(errno));
  std::stringstream pem;
  pem << file.rdbuf();
  try {
    return SigningKey::from_pem(pem.str());
  } catch (const std::invalid_argument& error) {
    throw fault(error.what());
  }
}

}  // namespace coin
