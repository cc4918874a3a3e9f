#pragma once
// /llms.txt and /llms-full.txt (https://llmstxt.org): the API explained to a language model, made
// from the OpenAPI document and the endpoint list, so that they cannot drift from either.
//
// llms.txt: what the API is and its conventions (the document's info: exact decimals, decimal
// and percent APYs, UTC+8 days, the envelope, errors), then every endpoint with its meaning, its
// parameters and its MCP tool, and where to read more. llms-full.txt adds each endpoint's whole
// description and every field of its answer with its type and meaning.

#include <json/value.h>

#include <string>

#include "handlers/mcp/tool_catalog.hpp"

namespace coin::mcp {

// `catalog`: the tools made from `openapi`, the MCP server's own.
std::string llms_text(const Json::Value& openapi, const ToolCatalog& catalog);
std::string llms_full_text(const Json::Value& openapi, const ToolCatalog& catalog);

}  // namespace coin::mcp
