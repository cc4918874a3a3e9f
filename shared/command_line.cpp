#include "shared/command_line.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>

#include "shared/version.hpp"

namespace coin {

namespace {

bool among(const std::vector<std::string_view>& flags, std::string_view flag) {
  return std::find(flags.begin(), flags.end(), flag) != flags.end();
}

}  // namespace

std::string CommandLine::value(std::string_view flag, std::string fallback) const {
  const auto found = given.find(flag);
  return found == given.end() ? fallback : found->second;
}

CommandLine parse_command_line(const std::vector<std::string_view>& args, std::string_view program,
                               const std::string& usage, const std::vector<std::string_view>& switches,
                               const std::vector<std::string_view>& options) {
  CommandLine command_line;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view flag = args[i];
    if (flag == "--help" || flag == "-h") {
      std::fputs(usage.c_str(), stdout);
      std::exit(0);
    }
    if (flag == "--version") {
      std::printf("%.*s (coin-api) %.*s\n", static_cast<int>(program.size()), program.data(),
                  static_cast<int>(version.size()), version.data());
      std::exit(0);
    }
    if (among(switches, flag)) {
      command_line.given[std::string(flag)] = "";
      continue;
    }
    if (!among(options, flag)) fail(program, "unknown option '" + std::string(flag) + "'");
    if (i + 1 == args.size()) fail(program, std::string(flag) + " needs a value");
    command_line.given[std::string(flag)] = args[++i];
  }
  return command_line;
}

int parse_count(std::string_view program, std::string_view flag, std::string_view text, int most) {
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < 1 || value > most) {
    fail(program, std::string(flag) + " takes a whole number from 1 to " + std::to_string(most) +
                      ", not '" + std::string(text) + "'");
  }
  return value;
}

void fail(std::string_view program, const std::string& reason) {
  std::fprintf(stderr, "%.*s: %s\nTry '%.*s --help'.\n", static_cast<int>(program.size()),
               program.data(), reason.c_str(), static_cast<int>(program.size()), program.data());
  std::exit(2);
}

}  // namespace coin
