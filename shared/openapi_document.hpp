#pragma once
// The OpenAPI document (openapi/openapi.json) as the build found it, compiled into every binary
// (cmake/embed_text.cmake). It is the one description of the API: the endpoint list and the
// chains are read from it (endpoint_list.cpp), the MCP tools and llms.txt are made from it, and
// nginx serves it, less its "x-endpoint" and "x-query" lines, at /openapi.json.

#include <string_view>

namespace coin {

extern const std::string_view openapi_document;

}  // namespace coin
