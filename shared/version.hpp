#pragma once
// The release this build is: the project's VERSION in CMakeLists.txt (the Debian package's
// version too). --version prints it, /healthz shows it.

#include <string_view>

namespace coin {

extern const std::string_view version;

}  // namespace coin
