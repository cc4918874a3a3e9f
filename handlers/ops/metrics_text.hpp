#pragma once
// The metrics files of the stack's processes (metrics.hpp), read and merged for /metrics.

#include <string>
#include <vector>

namespace coin {

// The contents of every *.prom file in `directory` and its subdirectories (systemd gives each
// service one of its own), in the order of their paths. A file that vanishes meanwhile (its
// process renamed a new one over it) is read again or left out.
std::vector<std::string> read_metrics_files(const std::string& directory);

// Texts in Prometheus' text format as one: each family once, its # HELP and # TYPE first, then
// the samples of every text that has it; families in the order first seen. (Samples of
// several processes differ by their process label.) Blank lines and other comments go.
std::string merge_metrics_texts(const std::vector<std::string>& texts);

}  // namespace coin
