#pragma once
// Reading what a handler writes to the FastCGI stream: CGI headers, a blank line, the body.

#include <string_view>

namespace coin::testing_support {

// The body of `out`: everything after the first blank line.
inline std::string_view body_of(std::string_view out) { return out.substr(out.find("\r\n\r\n") + 4); }

}  // namespace coin::testing_support
