#include "publisher/key_set.hpp"

#include <algorithm>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "shared/log.hpp"
#include "shared/public_jwk.hpp"
#include "shared/whole_file.hpp"

namespace coin {

namespace fs = std::filesystem;

std::vector<ListedKey> read_listed_keys(const std::string& directory) {
  std::vector<ListedKey> listed;
  if (directory.empty()) return listed;
  static const std::regex name(R"((\d{4}-\d{2}-\d{2})\.pem)");
  for (const fs::directory_entry& entry : fs::directory_iterator(directory)) {
    const std::string file = entry.path().filename().string();
    std::smatch day;
    if (!std::regex_match(file, day, name)) {
      throw std::runtime_error("the listed key " + entry.path().string() + ": not named <YYYY-MM-DD>.pem");
    }
    std::ifstream in(entry.path(), std::ios::binary);
    std::stringstream pem;
    pem << in.rdbuf();
    try {
      listed.push_back({public_key_from_pem(pem.str()), day[1]});
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error("the listed key " + entry.path().string() + ": " + e.what());
    }
  }
  std::sort(listed.begin(), listed.end(), [](const ListedKey& a, const ListedKey& b) { return a.until < b.until; });
  return listed;
}

std::string key_set(const SigningKey& key, const std::vector<ListedKey>& listed, const std::string& today) {
  std::string keys = public_jwk(key.public_key());
  for (const ListedKey& other : listed) {
    const std::string jwk = public_jwk(other.public_key);
    if (other.until >= today && keys.find(jwk) == std::string::npos) keys += "," + jwk;  // each key once
  }
  return R"({"keys":[)" + keys + "]}\n";
}

void KeySetFile::update() {
  std::string text = key_set(key_, listed_, utc_time(std::time(nullptr)).substr(0, 10));
  if (text == written_) return;
  replace_file(path_, text);
  written_ = std::move(text);
}

}  // namespace coin
