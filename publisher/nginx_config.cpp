#include "publisher/nginx_config.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "publisher/pool_processes.hpp"
#include "publisher/set_files.hpp"
#include "shared/rendered_answer.hpp"

namespace coin {
namespace {

// The first line of each file: who made it, from what.
std::string rendered_by(std::string_view source) {
  return "# Rendered by `publisher --nginx` (publisher/nginx_config.cpp) from " + std::string(source) + ".\n";
}

const std::string from_the_list = rendered_by("the endpoint list (the OpenAPI document's x-endpoint operations)");

// `text` in a regular expression, each character it holds that would mean more escaped.
std::string regex_escaped(std::string_view text) {
  std::string escaped;
  for (const char c : text) {
    if (std::string_view(".?+*()|").find(c) != std::string_view::npos) escaped += '\\';
    escaped += c;
  }
  return escaped;
}

// Each pool once, with the group whose processes serve it, in the order of the list.
std::vector<std::pair<std::string_view, std::string_view>> pools_of(const std::vector<Endpoint>& list) {
  std::vector<std::pair<std::string_view, std::string_view>> pools;
  for (const Endpoint& endpoint : list) {
    if (std::none_of(pools.begin(), pools.end(), [&](const auto& pool) { return pool.first == endpoint.pool_name(); })) {
      pools.emplace_back(endpoint.pool_name(), endpoint.group);
    }
  }
  return pools;
}

// The servers of a handler's pool on this host: its processes' sockets.
std::string pool_servers(const std::string& sockets, std::string_view handler) {
  std::string servers;
  for (const std::string& process : pool_processes(handler)) {
    servers += "  server unix:" + sockets + '/' + process + ".sock max_fails=0;\n";
  }
  return servers;
}

std::string upstreams_conf(const std::vector<Endpoint>& list, const NginxPlaces& places) {
  std::string text = from_the_list;
  if (places.upstreams) {
    text += "# A pool per name of the endpoint list, with the servers " + places.upstreams->file + " gives it.\n";
  } else {
    text +=
        "# A pool per group: the processes of its handler (publisher --pool-processes), each on a socket\n"
        "# of its own, so that one may crash or restart while another serves (fallback.conf hands a\n"
        "# request one refused to the next). None is ever left out (max_fails=0): a refused connection\n"
        "# costs nothing, and one left out for its fail_timeout could leave the pool empty while\n"
        "# another restarts then.\n"
        "# An endpoint with a pool of its own is served by the processes of its group under that name.\n";
  }
  text += "\n# The ops handler (/healthz, /metrics): one process, started again by its supervisor.\n"
          "upstream ops {\n  server unix:" + places.sockets + "/ops.sock;\n}\n"
          "\n# The mcp handler (/mcp, /llms.txt): its processes, like a group's.\n"
          "upstream mcp {\n" + pool_servers(places.sockets, "mcp") + "}\n";
  for (const auto& [pool, group] : pools_of(list)) {
    text += "\nupstream " + std::string(pool) + " {\n";
    if (!places.upstreams) {
      text += pool_servers(places.sockets, group);
    } else {
      const auto servers = places.upstreams->servers.find(pool);
      if (servers == places.upstreams->servers.end()) {
        throw std::runtime_error("no servers for pool " + std::string(pool) + " in " + places.upstreams->file +
                                 " (UPSTREAMS)");
      }
      text += "  zone " + std::string(pool) + " 64k;\n";
      for (const std::string& server : servers->second) text += "  server " + server + ";\n";
    }
    text += "}\n";
  }
  return text;
}

// An endpoint's number in names of its own: its place in the list, from 1.
std::string endpoint_number(const std::vector<Endpoint>& list, const Endpoint& endpoint) {
  return std::to_string(&endpoint - list.data() + 1);
}

// $published_query_<n>: the map of endpoint n's query, which its location reads.
std::string published_query_variable(const std::vector<Endpoint>& list, const Endpoint& endpoint) {
  return "$published_query_" + endpoint_number(list, endpoint);
}

// Each query of the endpoint's published answers, when its parameters' values are all listed, is
// a key of the map's hash, looked up without a regular expression (a published answer with a
// query: 45.9k -> 45.4k instructions of nginx's per request, docs/performance.md). nginx compares
// the keys without case, so the value is the query as it came: "chain=TRON" names no file, and
// the handlers answer it, as they answer any query the pattern of a parameter checked by the data
// does not take.
std::string queries_conf(const std::vector<Endpoint>& list) {
  std::string text = from_the_list;
  for (const Endpoint& endpoint : list) {
    if (endpoint.parameters.empty()) continue;
    text += "\nmap $args " + published_query_variable(list, endpoint) + " {  # " + std::string(endpoint.spec) +
            "\n  default \"\";\n";
    const std::vector<std::vector<std::string>> combinations = value_combinations(endpoint);
    for (const std::vector<std::string>& values : combinations) {
      text += "  \"" + canonical_query(endpoint, values) + "\" $args;\n";
    }
    if (combinations.empty()) {
      std::vector<std::string> captures;  // $1, $2 ...: the values the pattern took
      while (captures.size() < endpoint.parameters.size()) captures.push_back('$' + std::to_string(captures.size() + 1));
      text += "  \"~" + published_query_pattern(endpoint) + "\" \"" + canonical_query(endpoint, captures) + "\";\n";
    }
    text += "}\n";
  }
  return text;
}

// The try_files of an answer's `file`: as the client takes it encoded, else plain, else
// `otherwise`. The endpoint's location tries its small files, then its location of large ones
// (set_files.hpp), which tries those, then the pool's handlers.
std::string try_answer_files(const std::string& file, const std::string& otherwise) {
  return "  try_files " + file + "$encoding_suffix " + file + " " + otherwise + ";\n";
}

std::string endpoints_conf(const std::vector<Endpoint>& list, const std::string& conf) {
  std::string text = from_the_list;
  // The directories of the endpoints with an alias column, in the order of the list, and theirs.
  std::vector<std::pair<std::string_view, std::vector<const Endpoint*>>> directories;
  for (const Endpoint& endpoint : list) {
    const std::string path(endpoint.path);
    const std::string spec(endpoint.spec);
    const std::string type(content_type_of(endpoint));
    // An endpoint with parameters takes its published queries alone (its map): a date range, a
    // format or a past time is none of them.
    const std::string prefix = endpoint.parameters.empty() ? "$published_prefix/" : "$published_prefix_of_body/";
    const std::string file = prefix + published_file_of_query(endpoint, published_query_variable(list, endpoint));
    const std::string large = "@large_" + endpoint_number(list, endpoint);
    text += "\nlocation = " + path + " {  # " + spec + "\n  set $endpoint_path " + path + ";\n  default_type " + type +
            ";\n  include " + conf + "/endpoint.conf;\n" + try_answer_files(file, large) + "}\n";
    text += "\nlocation " + large + " {  # " + spec + "'s large answers\n  default_type " + type + ";\n  include " + conf +
            "/large-answer.conf;\n" + try_answer_files("/" + std::string(large_directory) + file, "@" + std::string(endpoint.pool_name())) +
            "}\n";
    if (endpoint.alias_column.empty()) continue;
    const std::string_view directory = endpoint.path.substr(0, endpoint.path.rfind('/') + 1);
    auto found = std::find_if(directories.begin(), directories.end(), [&](const auto& known) { return known.first == directory; });
    if (found == directories.end()) found = directories.insert(found, {directory, {}});
    found->second.push_back(&endpoint);
  }
  for (const auto& [directory, aliased] : directories) {
    std::string specs;
    for (const Endpoint* endpoint : aliased) specs += (specs.empty() ? "" : ", ") + std::string(endpoint->spec);
    text += "\nlocation ~ ^" + regex_escaped(directory) + "(?<other_name>[a-z][a-z0-9]*)$ {  # " + specs +
            " under another name\n  include " + conf + "/alias.conf;\n";
    for (const Endpoint* endpoint : aliased) {
      text += "  if (-f $document_root/" + alias_file(*endpoint, "$other_name") + ") {\n    rewrite ^ " +
              std::string(endpoint->path) + " last;\n  }\n";
    }
    text += "  return 404;\n}\n";
  }
  for (const auto& pool : pools_of(list)) {
    const std::string name(pool.first);
    text += "\nlocation @" + name + " {\n  include " + conf + "/fallback.conf;\n  fastcgi_pass " + name + ";\n}\n";
  }
  return text;
}

}  // namespace

Upstreams parse_upstreams(std::string file, std::string_view text) {
  Upstreams upstreams{std::move(file), {}};
  int number = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    ++number;
    const std::size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos || line[start] == '#') continue;
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) {
      throw std::runtime_error(upstreams.file + ":" + std::to_string(number) +
                               ": not \"<pool><TAB><server parameters>\" (UPSTREAMS)");
    }
    upstreams.servers[std::string(line.substr(0, tab))].emplace_back(line.substr(tab + 1));
  }
  return upstreams;
}

std::string published_query_pattern(const Endpoint& endpoint) {
  std::vector<std::string> values;
  for (const Parameter* parameter : endpoint.parameters) {
    std::string alternatives = parameter->checked_by_data() ? "[0-9A-Za-z-]+" : "";
    for (const std::string_view value : parameter->allowed) {
      alternatives += (alternatives.empty() ? "" : "|") + std::string(value);
    }
    values.push_back('(' + alternatives + ')');
  }
  return '^' + canonical_query(endpoint, values) + '$';
}

std::vector<NginxFile> nginx_files(const std::vector<Endpoint>& list, const NginxPlaces& places) {
  return {{"upstreams.conf", upstreams_conf(list, places)},
          {"queries.conf", queries_conf(list)},
          {"endpoints.conf", endpoints_conf(list, places.conf)},
          {"success-cache-control.conf",
           rendered_by("the handlers' Cache-Control of a success (shared/rendered_answer.hpp)") + "success \"" +
               std::string(cache_control) + "\";\n"},
          {"published-cache-control.conf",
           rendered_by("the handlers' Cache-Control of a success (shared/rendered_answer.hpp)") +
               "add_header Cache-Control \"" + std::string(cache_control) + "\" always;\n"},
          // A small answer is read whole into one buffer (nginx/endpoint.conf): as large as the
          // largest small file.
          {"small-answer-buffer.conf",
           rendered_by("the limit of a small answer's file (publisher/set_files.hpp)") + "output_buffers 1 " +
               std::to_string(large_file_bytes / 1024) + "k;\n"},
          // nginx's own server errors (a pool down or too slow: 503; nginx failing: 500) ask a
          // client to wait as long as the handlers' server error does.
          {"server-error-retry-after.conf",
           rendered_by("the handlers' Retry-After of a server error (shared/rendered_answer.hpp)") + "error:500 " +
               std::string(retry_after_seconds) + ";\nerror:503 " + std::string(retry_after_seconds) + ";\n"}};
}

}  // namespace coin
