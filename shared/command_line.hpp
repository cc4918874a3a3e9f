#pragma once
// A program's command line: switches ("--once") and options that take one value
// ("--directory DIR"). The handlers, the publisher and the indexer parse theirs with it.

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace coin {

struct CommandLine {
  std::map<std::string, std::string, std::less<>> given;  // each flag given: its value, "" for a switch

  bool has(std::string_view flag) const { return given.find(flag) != given.end(); }
  // The option's value, or `fallback` when it was not given.
  std::string value(std::string_view flag, std::string fallback = "") const;
};

// --help or -h prints `usage` and exits 0; --version prints "<program> (coin-api) <version>"
// and exits 0. An unknown flag, or an option without its value,
// fails (exit 2); an option given twice keeps its last value.
CommandLine parse_command_line(const std::vector<std::string_view>& args, std::string_view program,
                               const std::string& usage, const std::vector<std::string_view>& switches,
                               const std::vector<std::string_view>& options);

// A whole number from 1 to `most` given to `flag`; anything else fails (exit 2).
int parse_count(std::string_view program, std::string_view flag, std::string_view text, int most);

// A bad command line: prints "<program>: <reason>" and a pointer to --help, exits 2.
[[noreturn]] void fail(std::string_view program, const std::string& reason);

}  // namespace coin
