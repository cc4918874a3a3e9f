#pragma once
// What a handler does with one request, between the FastCGI stream and the database: find the
// endpoint at the path, check its parameters, and take its answer from the response cache or
// else from its statement.

#include <memory>
#include <string_view>
#include <vector>

#include "shared/database.hpp"
#include "shared/endpoints.hpp"
#include "shared/rendered_answer.hpp"
#include "shared/response_cache.hpp"
#include "shared/signing_key.hpp"

namespace coin {

// The answer to a request for `path` with `query_string` among `endpoints`. Every failure
// becomes the spec's server error (logged, never shown to the client); a path no endpoint has
// is a 404. An answer with data is signed with `signing_key` as it is rendered into the cache
// (rendered_answer.hpp); none: unsigned (the MCP handler's, wrapped in its own envelope).
std::shared_ptr<const RenderedAnswer> dispatch(const std::vector<Endpoint>& endpoints, Database& database,
                                               ResponseCache& cache, std::string_view path,
                                               std::string_view query_string, const SigningKey* signing_key);

}  // namespace coin
