#pragma once
// gzip decompression for the tests that check what the handlers compress.

#include <string>
#include <string_view>

namespace coin::testing_support {

// The data inside `gzip`; throws std::runtime_error when it is not one whole gzip stream.
std::string gunzip(std::string_view gzip);

}  // namespace coin::testing_support
