# mcp_core: the pure part of the MCP handler (handlers/mcp), no I/O: JSON-RPC, the tools made
# from the endpoint list and the OpenAPI document (compiled into coin_core), llms.txt. The
# main build links it into handlers/mcp and the unit tests; the fuzz build (tests/fuzz) links
# the same target, built with its own compiler flags.
# Needs coin_core (coin_core.cmake), pkg_check_modules' PkgConfig::jsoncpp and find_package's
# Boost::headers (Boost.JSON reads the bodies: handlers/mcp/boost_json.cpp builds it in).
set(mcp_root ${CMAKE_CURRENT_LIST_DIR}/..)
add_library(mcp_core STATIC
  ${mcp_root}/handlers/mcp/boost_json.cpp
  ${mcp_root}/handlers/mcp/json_rpc.cpp
  ${mcp_root}/handlers/mcp/llms_text.cpp
  ${mcp_root}/handlers/mcp/mcp_server.cpp
  ${mcp_root}/handlers/mcp/tool_catalog.cpp)
target_link_libraries(mcp_core PUBLIC coin_core PkgConfig::jsoncpp Boost::headers)
