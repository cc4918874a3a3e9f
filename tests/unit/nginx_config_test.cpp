// nginx's files of the endpoint list (publisher/nginx_config.hpp), as text written out by hand
// for a small list of its own: a pool per group and one of an endpoint's own, an endpoint with
// a fixed-set parameter and one checked by the data, one with fixed-set parameters alone, two
// sharing a directory of other names;
// and the handler processes of a host (publisher/pool_processes.hpp), which its upstreams list.

#include "publisher/nginx_config.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "publisher/pool_processes.hpp"
#include "shared/chains.hpp"

namespace coin {
namespace {

const Parameter colour{"colour", {"red", "blue"}, "Invalid colour."};
const Parameter kind{"kind", {}, "Invalid kind."};
const Parameter size{"size", {"S", "L"}, "Invalid size."};

const std::vector<Endpoint>& list() {
  static const std::vector<Endpoint> endpoints = {
      {"1.1", "/total", "alpha", "api.total", "x", Body::text},
      {"1.2", "/v1/items/one", "alpha", "api.one", "x", Body::envelope, {}, false, {}, {}, "symbol"},
      {"1.3", "/v1/items/two", "beta", "api.two", "x", Body::envelope, {}, false, {}, {}, "symbol"},
      {"1.4", "/v1.2/shades", "beta", "api.shades", "x", Body::envelope, {&colour, &kind}, true, {}, "shades"},
      {"1.5", "/v1.2/tints", "beta", "api.tints", "x", Body::envelope, {&colour, &size}},
  };
  return endpoints;
}

const NginxPlaces on_this_host{"/etc/x/nginx", "/run/x", std::nullopt};

// The text of the file `name` that nginx_files gives.
std::string file(const std::string& name, const NginxPlaces& places = on_this_host) {
  for (const NginxFile& each : nginx_files(list(), places)) {
    if (each.name == name) return each.text;
  }
  throw std::runtime_error("no file " + name);
}

TEST(NginxConfig, WritesItsSevenFiles) {
  std::vector<std::string> names;
  for (const NginxFile& each : nginx_files(list(), on_this_host)) names.push_back(each.name);
  EXPECT_EQ(names, (std::vector<std::string>{"upstreams.conf", "queries.conf", "endpoints.conf",
                                             "success-cache-control.conf", "published-cache-control.conf",
                                             "small-answer-buffer.conf", "server-error-retry-after.conf"}));
}

TEST(NginxConfig, AHostRunsTwoProcessesOfEachGroupAndOfTheMcpHandler) {
  EXPECT_EQ(host_pool_processes(list()),
            (std::vector<std::string>{"alpha-1", "alpha-2", "beta-1", "beta-2", "mcp-1", "mcp-2"}));
}

TEST(NginxConfig, GivesEachPoolTheTwoProcessesOfItsGroupOnThisHost) {
  EXPECT_EQ(file("upstreams.conf"),
            "# Rendered by `publisher --nginx` (publisher/nginx_config.cpp) from the endpoint list (the OpenAPI document's x-endpoint operations).\n"
            "# A pool per group: the processes of its handler (publisher --pool-processes), each on a socket\n"
            "# of its own, so that one may crash or restart while another serves (fallback.conf hands a\n"
            "# request one refused to the next). None is ever left out (max_fails=0): a refused connection\n"
            "# costs nothing, and one left out for its fail_timeout could leave the pool empty while\n"
            "# another restarts then.\n"
            "# An endpoint with a pool of its own is served by the processes of its group under that name.\n"
            "\n"
            "# The ops handler (/healthz, /metrics): one process, started again by its supervisor.\n"
            "upstream ops {\n"
            "  server unix:/run/x/ops.sock;\n"
            "}\n"
            "\n"
            "# The mcp handler (/mcp, /llms.txt): its processes, like a group's.\n"
            "upstream mcp {\n"
            "  server unix:/run/x/mcp-1.sock max_fails=0;\n"
            "  server unix:/run/x/mcp-2.sock max_fails=0;\n"
            "}\n"
            "\n"
            "upstream alpha {\n"
            "  server unix:/run/x/alpha-1.sock max_fails=0;\n"
            "  server unix:/run/x/alpha-2.sock max_fails=0;\n"
            "}\n"
            "\n"
            "upstream beta {\n"
            "  server unix:/run/x/beta-1.sock max_fails=0;\n"
            "  server unix:/run/x/beta-2.sock max_fails=0;\n"
            "}\n"
            "\n"
            "upstream shades {\n"
            "  server unix:/run/x/beta-1.sock max_fails=0;\n"
            "  server unix:/run/x/beta-2.sock max_fails=0;\n"
            "}\n");
}

TEST(NginxConfig, GivesEachPoolTheServersOfTheUpstreamsFileWithAZone) {
  const Upstreams upstreams = parse_upstreams("/etc/x/upstreams.tsv",
                                              "# pool, then server parameters\n"
                                              "alpha\t10.0.0.21:9001 max_fails=1\n"
                                              "\n"
                                              "  # the other pools\n"
                                              "beta\t10.0.0.21:9002\n"
                                              "alpha\t10.0.0.22:9001\n"
                                              "shades\t10.0.0.31:9001\n");
  const std::string text = file("upstreams.conf", {"/etc/x/nginx", "/run/x", upstreams});
  const std::size_t handlers = text.find("\n# The ops handler");
  const std::size_t pools = text.find("\nupstream alpha {");
  ASSERT_NE(handlers, std::string::npos);
  ASSERT_NE(pools, std::string::npos);
  const std::size_t second_line = text.find('\n') + 1;
  EXPECT_EQ(text.substr(second_line, handlers - second_line),
            "# A pool per name of the endpoint list, with the servers /etc/x/upstreams.tsv gives it.\n");
  // The ops and mcp handlers stay beside nginx, as on one host.
  const std::string local = file("upstreams.conf");
  EXPECT_NE(local.find(text.substr(handlers, pools - handlers)), std::string::npos);
  EXPECT_EQ(text.substr(pools),
            "\n"
            "upstream alpha {\n"
            "  zone alpha 64k;\n"
            "  server 10.0.0.21:9001 max_fails=1;\n"
            "  server 10.0.0.22:9001;\n"
            "}\n"
            "\n"
            "upstream beta {\n"
            "  zone beta 64k;\n"
            "  server 10.0.0.21:9002;\n"
            "}\n"
            "\n"
            "upstream shades {\n"
            "  zone shades 64k;\n"
            "  server 10.0.0.31:9001;\n"
            "}\n");
}

TEST(NginxConfig, RefusesAPoolWithoutServers) {
  const Upstreams upstreams = parse_upstreams("up.tsv", "alpha\t10.0.0.21:9001\nbeta\t10.0.0.21:9002\n");
  try {
    file("upstreams.conf", {"/etc/x/nginx", "/run/x", upstreams});
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "no servers for pool shades in up.tsv (UPSTREAMS)");
  }
}

TEST(NginxConfig, RefusesAnUpstreamsLineWithoutATab) {
  try {
    parse_upstreams("up.tsv", "# servers\nalpha\t10.0.0.21:9001\nbeta 10.0.0.21:9002\n");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "up.tsv:3: not \"<pool><TAB><server parameters>\" (UPSTREAMS)");
  }
}

TEST(NginxConfig, MapsTheQueriesOfPublishedAnswersToTheirNames) {
  EXPECT_EQ(file("queries.conf"),
            "# Rendered by `publisher --nginx` (publisher/nginx_config.cpp) from the endpoint list (the OpenAPI document's x-endpoint operations).\n"
            "\n"
            "map $args $published_query_4 {  # 1.4\n"
            "  default \"\";\n"
            "  \"~^colour=(red|blue)&kind=([0-9A-Za-z-]+)$\" \"colour=$1&kind=$2\";\n"
            "}\n"
            "\n"
            "map $args $published_query_5 {  # 1.5\n"
            "  default \"\";\n"
            "  \"colour=red&size=S\" $args;\n"
            "  \"colour=red&size=L\" $args;\n"
            "  \"colour=blue&size=S\" $args;\n"
            "  \"colour=blue&size=L\" $args;\n"
            "}\n");
}

TEST(NginxConfig, TheRealListsPatternsAreThoseOfItsParameters) {
  std::string chains;
  for (const std::string_view chain : protocol_chains()) chains += (chains.empty() ? "" : "|") + std::string(chain);
  for (const Endpoint& endpoint : endpoints()) {
    if (endpoint.spec == "6.12") {
      EXPECT_EQ(published_query_pattern(endpoint), "^chain=(" + chains + ")$");
    }
    if (endpoint.spec == "6.15") {
      EXPECT_EQ(published_query_pattern(endpoint),
                "^chain=(" + chains +
                    ")&vaultType=([0-9A-Za-z-]+)&interval=(WEEKLY|MONTHLY|BIANNUAL|ANNUAL)$");
    }
  }
}

TEST(NginxConfig, TriesTheSmallThenTheLargePublishedFileOfEachEndpointThenItsPool) {
  EXPECT_EQ(file("endpoints.conf"),
            "# Rendered by `publisher --nginx` (publisher/nginx_config.cpp) from the endpoint list (the OpenAPI document's x-endpoint operations).\n"
            "\n"
            "location = /total {  # 1.1\n"
            "  set $endpoint_path /total;\n"
            "  default_type text/plain;\n"
            "  include /etc/x/nginx/endpoint.conf;\n"
            "  try_files $published_prefix/total.txt$encoding_suffix $published_prefix/total.txt @large_1;\n"
            "}\n"
            "\n"
            "location @large_1 {  # 1.1's large answers\n"
            "  default_type text/plain;\n"
            "  include /etc/x/nginx/large-answer.conf;\n"
            "  try_files /large$published_prefix/total.txt$encoding_suffix /large$published_prefix/total.txt @alpha;\n"
            "}\n"
            "\n"
            "location = /v1/items/one {  # 1.2\n"
            "  set $endpoint_path /v1/items/one;\n"
            "  default_type application/json;\n"
            "  include /etc/x/nginx/endpoint.conf;\n"
            "  try_files $published_prefix/v1/items/one.json$encoding_suffix $published_prefix/v1/items/one.json @large_2;\n"
            "}\n"
            "\n"
            "location @large_2 {  # 1.2's large answers\n"
            "  default_type application/json;\n"
            "  include /etc/x/nginx/large-answer.conf;\n"
            "  try_files /large$published_prefix/v1/items/one.json$encoding_suffix /large$published_prefix/v1/items/one.json @alpha;\n"
            "}\n"
            "\n"
            "location = /v1/items/two {  # 1.3\n"
            "  set $endpoint_path /v1/items/two;\n"
            "  default_type application/json;\n"
            "  include /etc/x/nginx/endpoint.conf;\n"
            "  try_files $published_prefix/v1/items/two.json$encoding_suffix $published_prefix/v1/items/two.json @large_3;\n"
            "}\n"
            "\n"
            "location @large_3 {  # 1.3's large answers\n"
            "  default_type application/json;\n"
            "  include /etc/x/nginx/large-answer.conf;\n"
            "  try_files /large$published_prefix/v1/items/two.json$encoding_suffix /large$published_prefix/v1/items/two.json @beta;\n"
            "}\n"
            "\n"
            "location = /v1.2/shades {  # 1.4\n"
            "  set $endpoint_path /v1.2/shades;\n"
            "  default_type application/json;\n"
            "  include /etc/x/nginx/endpoint.conf;\n"
            "  try_files $published_prefix_of_body/v1.2/shades/$published_query_4.json$encoding_suffix $published_prefix_of_body/v1.2/shades/$published_query_4.json @large_4;\n"
            "}\n"
            "\n"
            "location @large_4 {  # 1.4's large answers\n"
            "  default_type application/json;\n"
            "  include /etc/x/nginx/large-answer.conf;\n"
            "  try_files /large$published_prefix_of_body/v1.2/shades/$published_query_4.json$encoding_suffix /large$published_prefix_of_body/v1.2/shades/$published_query_4.json @shades;\n"
            "}\n"
            "\n"
            "location = /v1.2/tints {  # 1.5\n"
            "  set $endpoint_path /v1.2/tints;\n"
            "  default_type application/json;\n"
            "  include /etc/x/nginx/endpoint.conf;\n"
            "  try_files $published_prefix_of_body/v1.2/tints/$published_query_5.json$encoding_suffix $published_prefix_of_body/v1.2/tints/$published_query_5.json @large_5;\n"
            "}\n"
            "\n"
            "location @large_5 {  # 1.5's large answers\n"
            "  default_type application/json;\n"
            "  include /etc/x/nginx/large-answer.conf;\n"
            "  try_files /large$published_prefix_of_body/v1.2/tints/$published_query_5.json$encoding_suffix /large$published_prefix_of_body/v1.2/tints/$published_query_5.json @beta;\n"
            "}\n"
            "\n"
"location ~ ^/v1/items/(?<other_name>[a-z][a-z0-9]*)$ {  # 1.2, 1.3 under another name\n"
            "  include /etc/x/nginx/alias.conf;\n"
            "  if (-f $document_root/aliases/v1/items/one/$other_name) {\n"
            "    rewrite ^ /v1/items/one last;\n"
            "  }\n"
            "  if (-f $document_root/aliases/v1/items/two/$other_name) {\n"
            "    rewrite ^ /v1/items/two last;\n"
            "  }\n"
            "  return 404;\n"
            "}\n"
            "\n"
            "location @alpha {\n"
            "  include /etc/x/nginx/fallback.conf;\n"
            "  fastcgi_pass alpha;\n"
            "}\n"
            "\n"
            "location @beta {\n"
            "  include /etc/x/nginx/fallback.conf;\n"
            "  fastcgi_pass beta;\n"
            "}\n"
            "\n"
            "location @shades {\n"
            "  include /etc/x/nginx/fallback.conf;\n"
            "  fastcgi_pass shades;\n"
            "}\n");
}

TEST(NginxConfig, GivesASuccessTheHandlersCacheControl) {
  EXPECT_EQ(file("success-cache-control.conf"),
            "# Rendered by `publisher --nginx` (publisher/nginx_config.cpp) from the handlers' Cache-Control of a "
            "success (shared/rendered_answer.hpp).\n"
            "success \"public, max-age=30, stale-while-revalidate=270, stale-if-error=86400\";\n");
  EXPECT_EQ(file("published-cache-control.conf"),
            "# Rendered by `publisher --nginx` (publisher/nginx_config.cpp) from the handlers' Cache-Control of a "
            "success (shared/rendered_answer.hpp).\n"
            "add_header Cache-Control \"public, max-age=30, stale-while-revalidate=270, stale-if-error=86400\" always;\n");
}

TEST(NginxConfig, ReadsASmallAnswerIntoOneBufferOfTheLargestSmallFile) {
  EXPECT_EQ(file("small-answer-buffer.conf"),
            "# Rendered by `publisher --nginx` (publisher/nginx_config.cpp) from the limit of a small answer's "
            "file (publisher/set_files.hpp).\n"
            "output_buffers 1 48k;\n");
}

TEST(NginxConfig, GivesItsServerErrorsTheHandlersRetryAfter) {
  EXPECT_EQ(file("server-error-retry-after.conf"),
            "# Rendered by `publisher --nginx` (publisher/nginx_config.cpp) from the handlers' Retry-After of a "
            "server error (shared/rendered_answer.hpp).\n"
            "error:500 5;\n"
            "error:503 5;\n");
}

}  // namespace
}  // namespace coin
