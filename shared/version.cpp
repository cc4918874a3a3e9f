#include "shared/version.hpp"

namespace coin {

// COIN_VERSION comes from CMakeLists.txt, given to this file alone so that a new version
// rebuilds one file.
const std::string_view version = COIN_VERSION;

}  // namespace coin
