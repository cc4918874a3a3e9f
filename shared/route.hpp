#pragma once
// A handler binary is a table of routes: a path, the one SQL statement behind it, and a
// short function that turns the request and that statement's result into a response.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "query_string.hpp"
#include "response.hpp"

namespace coin {

struct Request {
  std::string_view path;  // nginx's $document_uri: decoded, no query string
  QueryString query;
};

// Runs the route's prepared statement with `params` ($1, $2 ...) and returns its one value.
using Fetch = std::function<std::string(const std::vector<std::string>& params)>;

using Respond = Response (*)(const Request& request, const Fetch& fetch);

struct Route {
  std::string_view path;
  std::string_view sql;
  Respond respond;
};

// Responds with the statement's value as a bare text/plain body (6.1, 6.2).
Response respond_text(const Request& request, const Fetch& fetch);

// Responds with the statement's value, JSON text, as the data of a success envelope.
Response respond_envelope(const Request& request, const Fetch& fetch);

}  // namespace coin
