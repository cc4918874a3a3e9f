#pragma once
// The API's endpoints (spec section 6), as the OpenAPI document describes them: each operation
// with an "x-endpoint" is one (endpoint_list.cpp reads them). Everything that must know them
// reads the list from here: each handler serves the endpoints of its group, the publisher
// renders every answer of every endpoint and nginx's locations and upstreams (`--nginx`),
// `--routes` prints them for the scripts (the stack's handler pools, the benchmark), and the
// tests walk them.
//
// An endpoint is one api view: its statement selects `payload` from the view's rows (as `v`)
// where each required parameter's column equals its checked value, in order ($1, $2 ...), or
// from the rows of one api function called with the values of its parameters and options, and
// the time of the newest snapshot (api.last_snapshot) beside it, the answer's Last-Modified, and
// the blocks of each chain's newest snapshot (api.snapshot_blocks_text), its X-Snapshot-Blocks.
// A history that takes a date range (history_options.hpp) has a second statement, which keeps
// the payload's points in the range (api.points_between, the range's bounds following the
// parameters; a function is given them and keeps its points itself); one with a CSV layout a
// third, which renders it as CSV (api.csv) from the points in the range, if it takes one.

#include <cstddef>
#include <ctime>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "shared/history_options.hpp"
#include "shared/parameters.hpp"
#include "shared/response.hpp"
#include "shared/statement.hpp"

namespace coin {

// A required query parameter of the description (components.parameters), by key or name
// (EndpointList::parameter): "chain", "interval", "vaultType", "riskVaultType", "urn". Its values
// are its schema's enum; without one, the values in its view's rows.
const Parameter& api_parameter(std::string_view name);

enum class Body {
  envelope,  // the payload's JSON as the data of the spec's envelope (section 2.1)
  text,      // the payload as a bare text/plain body (6.1, 6.2)
};

// How format=csv lays out an endpoint's payload (api.csv): where its rows are and their columns,
// as SQL array literals: rows "{items}" (data.items[]), "{}" (data itself), "{items,items}"
// (6.8: each chain's points); columns "{statisticTime,coin[]}", where "coin[]" is an array of
// one element per chain, a column each (coin_tron, coin_eth...). No columns: no CSV.
struct CsvLayout {
  std::string_view rows;
  std::string_view columns;
};

// How a view gives its payloads in parts the publisher keeps between sets ("kept" in its
// x-endpoint), the kept parts' bytes the same while kept_key is.
enum class Kept {
  none,
  // payload = kept || live (text each: sql/deploy/kept_points.sql), a history's window then its
  // live point: the publisher splices the live part after the kept one, compressed apart
  // (publisher/split_compression.hpp), and the handlers compress the two apart too.
  start,
  // payload = live[1] || kept[1] || live[2] || ... || kept[n] || live[n + 1] (text[] each:
  // sql/deploy/liquidation_parts.sql), 6.21's Vault types' grid points between their sums and
  // live points: the publisher joins the parts and compresses the answer whole, as the handlers.
  segments,
};

struct Endpoint {
  std::string_view spec;     // its section of the spec: "6.1" (its summary's first word)
  std::string_view path;     // "/totalSupply"
  std::string_view group;    // the handler binary that serves it, handlers/<group>: its tag
  std::string_view view;     // "api.total_supply"
  std::string_view payload;  // SQL over the view's rows `v`: the answer's data, as text
  Body body = Body::envelope;
  std::vector<const Parameter*> parameters = {};
  bool ranged = false;  // takes from and to: a history whose points carry a statisticTime
  CsvLayout csv = {};
  // The nginx pool (upstream) of handler hosts that answers it, when not its group's: one word
  // here gives an endpoint hosts of its own (scripts/topology.sh); on one host it is the
  // group's processes under another name.
  std::string_view pool = {};
  // The column of its view whose value, in lower case, names it too, in place of its path's
  // last segment: 6.4 and 6.5 are also served under the deployment's own symbol of their
  // token (USDD: /api/v1/external/total-supply/usdd). Empty: it has one path.
  std::string_view alias_column = {};
  // Answered by an api function rather than a view: `view` names it, and it takes every
  // parameter's value, then every option's (parameters.hpp), in order, then, if it is ranged,
  // the range's bounds (epoch ms, null when open), and returns the rows.
  bool function = false;
  std::vector<const Parameter*> options = {};
  // Whether its view gives each payload in parts too, and kept_key, which names the kept parts'
  // bytes: the publisher keeps an answer's kept parts and asks for them only when kept_key is not
  // the one it holds (Kept). A view whose first parameter is the chain (renders_by_chain), with
  // the envelope for body.
  Kept kept = Kept::none;
  // Its view reads materialized views alone, which change only by REFRESH: a DDL command, which
  // announces itself as one (sql/deploy/ddl_notify.sql). The publisher renders its answers again
  // only when a write may have changed every answer.
  bool refreshed = false;
  // The snapshot tables its answers read (snapshot.<name>), when they are named: a write to any
  // other leaves its answers as they were, and the publisher keeps them (answer_jobs.hpp). Its
  // view or function must read no other table (tests/e2e/read_tables_test.cpp checks it).
  // Empty: any write may change them.
  std::vector<std::string_view> tables = {};
  // Takes at, the answer as of a past time (history_options.hpp): its figures are kept per
  // snapshot.
  bool as_of = false;

  std::string_view pool_name() const { return pool.empty() ? group : pool; }
  // Whether the publisher renders its answers: a view's for each row, a function's for each
  // combination of allowed values (with its options' defaults); a function that takes a
  // parameter checked by the data (an urn: thousands) is answered by its handler alone.
  bool published() const;

  bool has_csv() const { return !csv.columns.empty(); }
};

// The three statements of an endpoint: its payload as it is, its points in a range, its CSV.
enum class Rendering { plain, range, csv };

// Every endpoint of the description, in spec order.
const std::vector<Endpoint>& endpoints();

// The endpoints of one group, in list order.
std::vector<Endpoint> endpoints_of(std::string_view group);

// What a statement selects beside its payload: the snapshot's columns (snapshot_statement), or
// nothing (the publisher reads them once per set, in the transaction all its answers share).
enum class Beside { snapshot, nothing };

// SELECT <payload>, <newest snapshot, epoch seconds>, <blocks> FROM <view> AS v WHERE <parameters>; with
// api.points_between(<payload>, from, to) or api.csv(...) in place of <payload> for `rendering`.
// A kept endpoint's plain statement selects its payload in two parts: v.kept in its place, and
// v.live last (so that the handlers' gzip compresses the kept part apart, as the publisher's).
std::string statement_of(const Endpoint& endpoint, Rendering rendering = Rendering::plain,
                         Beside beside = Beside::snapshot);

// SELECT <newest snapshot, epoch seconds>, <blocks>: the snapshot's columns alone, named "snapshot".
Statement snapshot_statement();

// The name of a prepared statement: the path ("/totalSupply"), "<path> range", "<path> csv".
std::string statement_name(const Endpoint& endpoint, Rendering rendering = Rendering::plain);

// Every statement of every endpoint of the list (statement_of), named by statement_name.
std::vector<Statement> statements_of(const std::vector<Endpoint>& list);

// SELECT <the parameters' columns> FROM <view>: every combination of parameter values the
// view answers, the answers the publisher renders (named "<path> values"; a view's endpoint with
// parameters only: a function's are its value_combinations).
Statement values_statement_of(const Endpoint& endpoint);

// The values of every answer of `endpoint` to publish: the one empty combination when it has no
// parameter, a function's value_combinations, else the rows of values_statement_of(endpoint) as
// `rows_of` fetches them; those publishable. The publisher and the MCP server list alike.
std::vector<std::vector<std::string>> published_values(
    const Endpoint& endpoint, const std::function<std::vector<std::vector<std::string>>(const Statement&)>& rows_of);

// Whether the publisher renders `endpoint`'s answers a chain at a time (chain_rows_statement_of):
// a view's whose first parameter is the chain.
bool renders_by_chain(const Endpoint& endpoint);

// SELECT <payload>, <the other parameters' columns> FROM <view> AS v WHERE v."chain" = $1: every
// answer of one chain in one statement (named "<path> of a chain"; renders_by_chain endpoints
// only). A function under the view then runs, and is planned, once for them all rather than
// once per answer. A kept endpoint's gives, in place of the payload, its two parts and kept_key:
// kept null where kept_key is one of $2 (a text[]: the keys of the kept parts the publisher
// holds), live, kept_key.
Statement chain_rows_statement_of(const Endpoint& endpoint);

// SELECT v."<alias column>" FROM <view> AS v: the value that names the endpoint too
// (alias_name), named "<path> alias" (an endpoint with an alias column only).
Statement alias_statement_of(const Endpoint& endpoint);

// The other name of `endpoint` that its alias column's `value` gives: the value in lower case
// ("USDD": "usdd"); "" when it gives none: the endpoint has no alias column, or the name is its
// path's own last segment ("COIN" on .../coin), or not a letter then letters and digits.
std::string alias_name(const Endpoint& endpoint, std::string_view value);

// Where a published set says that `name` (alias_name) names `endpoint` too: an empty file,
// "aliases/api/v1/external/total-supply/coin/usdd", which nginx looks for (nginx_config.hpp).
std::string alias_file(const Endpoint& endpoint, std::string_view name);

// The parameters of the statement that answers `values` with `options`: the values, then the
// range's bounds where the statement takes them.
std::vector<std::string> statement_parameters(const Endpoint& endpoint, const std::vector<std::string>& values,
                                              const HistoryOptions& options);

// Which statement answers `options` on `endpoint`.
Rendering rendering_of(const Endpoint& endpoint, const HistoryOptions& options);

// The answer of an endpoint from the value its statement fetched: the envelope or the bare
// text; `kept_bytes`: the value's first bytes that are its kept part (Fetched::kept). The
// handlers and the publisher render alike.
Response answer_of(const Endpoint& endpoint, const std::string& fetched_value, std::size_t kept_bytes = 0);

// The file name a CSV answer offers (Content-Disposition): what it holds (its values but the
// empty ones) and the snapshot it reflects, e.g.
// "collateral-history_eth_WEEKLY_from-2026-05-01_20260512T160000Z.csv".
std::string csv_file_name(const Endpoint& endpoint, const std::vector<std::string>& values,
                          const HistoryOptions& options, std::time_t last_modified);

// Every combination of allowed parameter values, the first parameter's varying slowest, each
// followed by the options' defaults: one such combination for an endpoint without parameters,
// none for one with a parameter checked by the data (its values are the view's:
// values_statement_of).
std::vector<std::vector<std::string>> value_combinations(const Endpoint& endpoint);

// Whether a combination of values (published_values) names an answer to publish: each parameter's
// value is a word the handlers take (parameters.hpp: else it could name no file, and nginx would
// never look for it); the options' defaults that follow may be anything (an empty cursor).
bool publishable(const Endpoint& endpoint, const std::vector<std::string>& values);

// "chain=eth&interval=WEEKLY": the parameters in list order with `values` ("" without any).
std::string canonical_query(const Endpoint& endpoint, const std::vector<std::string>& values);

// Where the published answer lives below a published set: "totalSupply.txt",
// "api/v1/data-platform/latest-collateral/chain=eth.json" (its gzip variant adds ".gz").
std::string published_file(const Endpoint& endpoint, const std::vector<std::string>& values);

// The same for a query already written (canonical_query, or nginx's "$published_query_<n>": the
// file nginx tries, publisher/nginx_config.cpp); an endpoint without parameters ignores it.
std::string published_file_of_query(const Endpoint& endpoint, std::string_view query);

// The Content-Type of a success.
std::string_view content_type_of(const Endpoint& endpoint);

// One line per endpoint, tab-separated: spec, path, group, view, content type, parameters
// ("chain=tron,eth,bsc&interval=WEEKLY,MONTHLY,BIANNUAL,ANNUAL", or "-"; a parameter checked
// by the data has "*": "vaultType=*"), pool (pool_name), alias column (or "-"), "published" or
// "handler" (answered by its handler alone: Endpoint::published). What --routes prints.
std::string routes_table(const std::vector<Endpoint>& list);

}  // namespace coin
