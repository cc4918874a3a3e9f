#pragma once
// Brotli decompression (libbrotlidec) for the tests that check the published .br files.

#include <string>
#include <string_view>

namespace coin::testing_support {

// The data inside `brotli`; throws std::runtime_error when it is not one whole brotli stream.
std::string unbrotli(std::string_view brotli);

}  // namespace coin::testing_support
