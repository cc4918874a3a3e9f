#pragma once
// The tests written for Node.js (the OpenAPI validator, the browser tests), and other programs,
// run from GoogleTest.

#include <string>

namespace coin::e2e {

// Runs `node <source dir>/<script> <arguments>` (arguments as the shell reads them). Returns
// its exit status (-1 when it did not exit), and what it printed, stdout and stderr, in *output.
int run_node_script(const std::string& script, const std::string& arguments, std::string* output);

// Runs `command` (as the shell reads it), as run_node_script does.
int run_command(const std::string& command, std::string* output);

}  // namespace coin::e2e
