#pragma once
// nginx's part of the endpoint list (endpoints.hpp), the files `publisher --nginx DIR` writes
// beside the rest of nginx's configuration (scripts/lib.sh: render_nginx):
//   upstreams.conf  an upstream per pool: the servers an UPSTREAMS file lists for it (lines of
//                   "<pool><TAB><server parameters>", e.g. "protocol<TAB>10.0.0.21:9002
//                   max_fails=1 fail_timeout=10s"; every pool must have one), their state shared
//                   by nginx's workers (zone); without one, the processes of its group on
//                   this host (pool_processes.hpp), <sockets>/<group>-<n>.sock; and the ops
//                   handler's, <sockets>/ops.sock (nginx/ops.conf), and the mcp handler's
//                   processes, <sockets>/mcp-<n>.sock (nginx/mcp.conf)
//   queries.conf    $published_query_<n>, a map of endpoint n's query (its place in the list),
//                   which its location reads: the query in the list's parameter order with allowed
//                   values ("chain=eth&interval=WEEKLY"), the name of its published answer; else "";
//                   each such query a key of its own when every parameter's values are listed,
//                   else a pattern (published_query_pattern)
//   endpoints.conf  an exact location per endpoint, which names itself in $endpoint_path (the
//                   access log, nginx/access-log.conf): its published answer (br or gzip if taken,
//                   else plain) when it is a small file, sent in one write with its headers
//                   (nginx/endpoint.conf); else, in a named location of the endpoint's own
//                   (@large_<n>), its large answer (set_files.hpp: large/), sent with sendfile
//                   (nginx/large-answer.conf); else its pool's handlers (@<pool>);
//                   $published_prefix sends a request with a chunked body or another query to
//                   them, $published_prefix_of_body one with a chunked body (an endpoint with
//                   parameters, whose map takes its published queries alone) (nginx.conf);
//                   and for the endpoints with an alias column (6.4, 6.5), a location per directory
//                   of theirs (/api/v1/external/total-supply/<name>): a name that the set served
//                   marks as one of theirs (alias_file) is rewritten to that endpoint's path, and
//                   answered exactly as it; any other name is the 404 of an unknown path
//                   (nginx/alias.conf)
//   success-cache-control.conf  the Cache-Control of a success, the handlers' own
//                   (rendered_answer.hpp), a line of the map $cache_control (header-values.conf)
//   published-cache-control.conf  the same, as the header of a published location's own
//                   answers (nginx/published-headers.conf)
//   small-answer-buffer.conf  nginx's buffer of a small answer (nginx/endpoint.conf), as many bytes
//                   as the largest small file (set_files.hpp: large_file_bytes)
//   server-error-retry-after.conf  the Retry-After of nginx's 500 and 503, the handlers' own of
//                   a server error (rendered_answer.hpp), lines of the map $retry_after (same)
// The files name the published answers with the publisher's own functions (canonical_query,
// published_file_of_query, alias_file), so nginx looks for exactly the files it writes.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "shared/endpoints.hpp"

namespace coin {

// The servers of each pool, in the order an UPSTREAMS file lists them.
using PoolServers = std::map<std::string, std::vector<std::string>, std::less<>>;

// An UPSTREAMS file: its name, for the comment and the errors, and what it lists.
struct Upstreams {
  std::string file;
  PoolServers servers;
};

// The servers an UPSTREAMS file's `text` lists (`file`: its name); lines that are blank or
// start with '#' (after blanks) are skipped. Throws std::runtime_error on a line without a tab.
Upstreams parse_upstreams(std::string file, std::string_view text);

// Where the rendered files point.
struct NginxPlaces {
  std::string conf;                    // the rendered configuration: the snippets endpoints.conf includes
  std::string sockets;                 // the directory of the handlers' sockets on this host
  std::optional<Upstreams> upstreams;  // the pools' servers, when on other hosts
};

struct NginxFile {
  std::string name;  // "upstreams.conf"
  std::string text;
};

// The files of `list` (above). Throws std::runtime_error naming a pool the UPSTREAMS file gives
// no server.
std::vector<NginxFile> nginx_files(const std::vector<Endpoint>& list, const NginxPlaces& places);

// The regular expression of the queries map that takes the query ($args) of `endpoint` (one
// with a parameter whose values are not listed) to the name of its published answer: its
// parameters in order, each with one of its allowed values, or a word of letters, digits and
// '-' for one checked by the data (the publisher names files only with the values its view has;
// the handlers answer any other), as canonical_query writes them:
// "^chain=(tron|eth|bsc)&vaultType=([0-9A-Za-z-]+)$" (6.16).
std::string published_query_pattern(const Endpoint& endpoint);

}  // namespace coin
