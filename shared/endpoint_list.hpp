#pragma once
// An endpoint list read from an OpenAPI document. An operation is an endpoint when it has an
// "x-endpoint": the api view that answers it and how:
//   "payload": "row"    the view's one row as a JSON object
//              "rows"   its rows as a JSON array, oldest statisticTime first (a daily history)
//              "data"   its data column (a view with a row per parameter value)
//   "column": "<name>"  in place of a payload: that column, as text (a bare text/plain body
//                       where the answer is text/plain)
//   "csvRows", "csvColumns"  its CSV layout (CsvLayout); "pool", "aliasColumn", "kept",
//   "refreshed", "tables" (Endpoint)
// The rest is the document's own: the spec number begins the summary, the group is the tag, the
// required query parameters are components.parameters with the values of their schema's enum
// ("Invalid <name>." refuses any other), a `from` parameter makes a history that takes a range,
// and a text/plain answer of 200 a bare body. "function": "<api function>" in place of "view"
// names the function that answers it (Endpoint::function); its optional query parameters but
// from, to and format are its options, with their schema's default, enum, or integer bounds.
// endpoints() is the list of the document compiled in.

#include <deque>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "shared/endpoints.hpp"

namespace coin {

class EndpointList {
 public:
  // Throws std::logic_error when `document` is not JSON or an x-endpoint is malformed.
  explicit EndpointList(std::string_view document);
  EndpointList(const EndpointList&) = delete;  // the endpoints point into its texts and map
  EndpointList& operator=(const EndpointList&) = delete;

  // In spec order ("6.9" before "6.10").
  const std::vector<Endpoint>& endpoints() const { return endpoints_; }

  // A required query parameter, by its key in components.parameters ("riskVaultType"), or else
  // by name ("vaultType": the component of that key first); throws std::out_of_range for another.
  const Parameter& parameter(std::string_view name) const;

 private:
  std::string_view keep(std::string text) { return texts_.emplace_back(std::move(text)); }

  std::deque<std::string> texts_;
  std::map<std::string, Parameter, std::less<>> parameters_;
  std::map<std::string, Parameter, std::less<>> options_;  // the optional query parameters but from, to, format
  std::vector<Endpoint> endpoints_;
};

}  // namespace coin
