# coin_core: the pure part of the shared library, no I/O: the endpoint list, query strings,
# parameter checks, responses and the rendering of answers (headers, ETags, gzip). The main
# build links it into everything; the fuzz build (tests/fuzz, a project of its own) links the
# same target, built with its own compiler flags.
# Needs pkg_check_modules' PkgConfig::jsoncpp and PkgConfig::zlib.
set(coin_root ${CMAKE_CURRENT_LIST_DIR}/..)
add_library(coin_core STATIC
  ${coin_root}/shared/endpoints.cpp
  ${coin_root}/shared/gzip.cpp
  ${coin_root}/shared/history_options.cpp
  ${coin_root}/shared/parameters.cpp
  ${coin_root}/shared/query_string.cpp
  ${coin_root}/shared/rendered_answer.cpp
  ${coin_root}/shared/request_conditions.cpp
  ${coin_root}/shared/response.cpp
  ${coin_root}/shared/snapshot_blocks.cpp)
# Includes name a header by its path from the repository's root: "shared/response.hpp".
target_include_directories(coin_core PUBLIC ${coin_root})
target_link_libraries(coin_core PRIVATE PkgConfig::jsoncpp PkgConfig::zlib)
