#pragma once
// The release this build is: the newest entry of deploy/debian/changelog, CMake's
// PROJECT_VERSION (the Debian package's version too). --version prints it, /healthz shows it.

#include <string_view>

namespace coin {

extern const std::string_view version;

}  // namespace coin
