#pragma once
// The tests written for Node.js (the OpenAPI validator, the browser tests), run from GoogleTest.

#include <string>

namespace coin::e2e {

// Runs `node <source dir>/<script> <arguments>` (arguments as the shell reads them). Returns
// its exit status (-1 when it did not exit), and what it printed, stdout and stderr, in *output.
int run_node_script(const std::string& script, const std::string& arguments, std::string* output);

}  // namespace coin::e2e
