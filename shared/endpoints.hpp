#pragma once
// The one list of the API's endpoints (spec section 6). Everything that must know them reads it
// from here: each handler serves the endpoints of its group, the publisher renders every answer
// of every endpoint, `--routes` prints them for the scripts (nginx's locations and upstreams,
// the stack's handler pools, the benchmark), and the tests walk them.
//
// An endpoint is one api view: its statement selects `payload` from the view's rows (as `v`)
// where each required parameter's column equals its checked value, in order ($1, $2 ...), and
// the time of the newest snapshot (api.last_snapshot) beside it, the answer's Last-Modified.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "shared/parameters.hpp"
#include "shared/response.hpp"
#include "shared/statement.hpp"

namespace coin {

// The protocol's parameters: its chains (spec section 1), and 6.13's windows.
inline const Parameter chain_parameter{"chain", {"tron", "eth", "bsc"}, "Invalid chain."};
inline const Parameter interval_parameter{
    "interval", {"WEEKLY", "MONTHLY", "BIANNUAL", "ANNUAL"}, "Invalid interval."};

enum class Body {
  envelope,  // the payload's JSON as the data of the spec's envelope (section 2.1)
  text,      // the payload as a bare text/plain body (6.1, 6.2)
};

struct Endpoint {
  std::string_view spec;     // its section of the spec: "6.1"
  std::string_view path;     // "/totalSupply"
  std::string_view group;    // the handler binary that serves it: handlers/<group>
  std::string_view view;     // "api.total_supply"
  std::string_view payload;  // SQL over the view's rows `v`: the answer's data, as text
  Body body = Body::envelope;
  std::vector<const Parameter*> parameters = {};
};

const std::vector<Endpoint>& endpoints();

// The endpoints of one group, in list order.
std::vector<Endpoint> endpoints_of(std::string_view group);

// SELECT <payload>, <newest snapshot, epoch seconds> FROM <view> AS v WHERE <parameters>
std::string statement_of(const Endpoint& endpoint);

// One prepared statement per endpoint (statement_of), named by its path.
std::vector<Statement> statements_of(const std::vector<Endpoint>& list);

// The answer of an endpoint from the value its statement fetched: the envelope or the bare
// text. The handlers and the publisher render alike.
Response answer_of(const Endpoint& endpoint, const std::string& fetched_value);

// Every combination of allowed parameter values, the first parameter's varying slowest:
// one empty combination for an endpoint without parameters. The answers the publisher renders.
std::vector<std::vector<std::string>> value_combinations(const Endpoint& endpoint);

// "chain=eth&interval=WEEKLY": the parameters in list order with `values` ("" without any).
std::string canonical_query(const Endpoint& endpoint, const std::vector<std::string>& values);

// Where the published answer lives below a published set: "totalSupply.txt",
// "api/v1/data-platform/latest-collateral/chain=eth.json" (its gzip variant adds ".gz").
std::string published_file(const Endpoint& endpoint, const std::vector<std::string>& values);

// The Content-Type of a success.
std::string_view content_type_of(const Endpoint& endpoint);

// One line per endpoint, tab-separated: spec, path, group, view, content type, parameters
// ("chain=tron,eth,bsc&interval=WEEKLY,MONTHLY,BIANNUAL,ANNUAL", or "-"). What --routes prints.
std::string routes_table(const std::vector<Endpoint>& list);

}  // namespace coin
