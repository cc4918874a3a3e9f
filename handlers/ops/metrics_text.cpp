#include "handlers/ops/metrics_text.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace coin {
namespace {

namespace fs = std::filesystem;

struct Family {
  std::string help;  // its "# HELP" line, or ""
  std::string type;  // its "# TYPE" line, or ""
  std::string samples;
};

// "name" of "# HELP name ..." or "# TYPE name ...".
std::string family_of_comment(const std::string& line) {
  const std::size_t start = line.find_first_not_of(' ', 6);
  return start == std::string::npos ? "" : line.substr(start, line.find(' ', start) - start);
}

// "name" of a sample line "name{labels} value" or "name value".
std::string name_of_sample(const std::string& line) { return line.substr(0, line.find_first_of("{ ")); }

}  // namespace

std::vector<std::string> read_metrics_files(const std::string& directory) {
  std::vector<fs::path> paths;
  std::error_code error;
  for (fs::recursive_directory_iterator it(directory, error), end; !error && it != end; it.increment(error)) {
    if (it->path().extension() == ".prom") paths.push_back(it->path());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::string> texts;
  for (const fs::path& path : paths) {
    std::ifstream file(path);
    if (!file) continue;
    std::ostringstream text;
    text << file.rdbuf();
    texts.push_back(text.str());
  }
  return texts;
}

std::string merge_metrics_texts(const std::vector<std::string>& texts) {
  std::vector<std::string> order;
  std::map<std::string, Family> families;
  for (const std::string& text : texts) {
    std::istringstream lines(text);
    std::string line;
    std::string current;  // the family of the comment lines read last
    while (std::getline(lines, line)) {
      if (line.empty()) continue;
      const bool help = line.rfind("# HELP ", 0) == 0;
      const bool type = line.rfind("# TYPE ", 0) == 0;
      if (line[0] == '#' && !help && !type) continue;
      // A sample belongs to the family its comments named (a histogram's _bucket, _sum and
      // _count lines too); one without comments is a family of its own name.
      const std::string name = help || type ? family_of_comment(line) : current.empty() ? name_of_sample(line) : current;
      if (help || type) current = name;
      const auto [found, is_new] = families.try_emplace(name);
      if (is_new) order.push_back(name);
      Family& family = found->second;
      if (help && family.help.empty()) family.help = line + '\n';
      if (type && family.type.empty()) family.type = line + '\n';
      if (!help && !type) family.samples += line + '\n';
    }
  }
  std::string merged;
  for (const std::string& name : order) {
    const Family& family = families[name];
    merged += family.help + family.type + family.samples;
  }
  return merged;
}

}  // namespace coin
