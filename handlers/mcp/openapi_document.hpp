#pragma once
// The OpenAPI document (openapi/openapi.json) as the build found it, compiled into the binary
// (cmake/embed_text.cmake): the MCP tools' descriptions and output schemas and llms.txt come
// from the very document the API is published with, so they cannot drift from it.

#include <string_view>

namespace coin::mcp {

extern const std::string_view openapi_document;

}  // namespace coin::mcp
