# coin_core: the pure part of the shared library, no I/O: the OpenAPI document (compiled in:
# embed_text.cmake) and the endpoint list read from it, query strings,
# parameter checks, responses and the rendering of answers (headers, ETags, gzip), and their
# signatures (Ed25519 keys, Content-Digest, RFC 9421). The main build links it into everything;
# the fuzz build (tests/fuzz, a project of its own) links the same target, built with its own
# compiler flags.
# Needs pkg_check_modules' PkgConfig::jsoncpp, PkgConfig::zlib and PkgConfig::openssl (libcrypto).
set(coin_root ${CMAKE_CURRENT_LIST_DIR}/..)
add_custom_command(OUTPUT ${CMAKE_CURRENT_BINARY_DIR}/openapi_document.cpp
  COMMAND ${CMAKE_COMMAND} -DINPUT=${coin_root}/openapi/openapi.json
          -DOUTPUT=${CMAKE_CURRENT_BINARY_DIR}/openapi_document.cpp -DNAME=coin::openapi_document
          -P ${coin_root}/cmake/embed_text.cmake
  DEPENDS ${coin_root}/openapi/openapi.json ${coin_root}/cmake/embed_text.cmake)
add_library(coin_core STATIC
  ${CMAKE_CURRENT_BINARY_DIR}/openapi_document.cpp
  ${coin_root}/shared/answer_signature.cpp
  ${coin_root}/shared/base64.cpp
  ${coin_root}/shared/chain_names.cpp
  ${coin_root}/shared/content_digest.cpp
  ${coin_root}/shared/detached_jws.cpp
  ${coin_root}/shared/endpoint_list.cpp
  ${coin_root}/shared/endpoints.cpp
  ${coin_root}/shared/gzip.cpp
  ${coin_root}/shared/history_options.cpp
  ${coin_root}/shared/message_signature.cpp
  ${coin_root}/shared/parameters.cpp
  ${coin_root}/shared/public_jwk.cpp
  ${coin_root}/shared/query_string.cpp
  ${coin_root}/shared/rendered_answer.cpp
  ${coin_root}/shared/request_conditions.cpp
  ${coin_root}/shared/response.cpp
  ${coin_root}/shared/sha256.cpp
  ${coin_root}/shared/signing_key.cpp
  ${coin_root}/shared/snapshot_blocks.cpp)
# Includes name a header by its path from the repository's root: "shared/response.hpp".
target_include_directories(coin_core PUBLIC ${coin_root})
target_link_libraries(coin_core PRIVATE PkgConfig::jsoncpp PkgConfig::zlib PkgConfig::openssl)
# The document is one string literal of 180 KB: clang warns past the 64 KB the standard requires
# compilers to take (g++ does not, in C++), and takes it.
set_source_files_properties(${CMAKE_CURRENT_BINARY_DIR}/openapi_document.cpp PROPERTIES
  COMPILE_OPTIONS $<$<CXX_COMPILER_ID:Clang>:-Wno-overlength-strings>)
