#include "shared/endpoints.hpp"

#include <algorithm>
#include <array>
#include <cstddef>
#include <ctime>

namespace coin {
namespace {

// Beside every payload: the newest snapshot's time, the answer's Last-Modified; the blocks of
// each chain's newest snapshot, its X-Snapshot-Blocks; and whether each is final, its
// X-Snapshot-Final (snapshot_blocks.hpp).
constexpr std::string_view snapshot_columns =
    "(SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot)"
    ", (SELECT blocks FROM api.snapshot_blocks_text), (SELECT final FROM api.snapshot_blocks_text)";

}  // namespace

std::vector<Endpoint> endpoints_of(std::string_view group) {
  std::vector<Endpoint> of_group;
  for (const Endpoint& endpoint : endpoints()) {
    if (endpoint.group == group) of_group.push_back(endpoint);
  }
  return of_group;
}

std::string statement_of(const Endpoint& endpoint, Rendering rendering, Beside beside) {
  const std::size_t count = endpoint.parameters.size() + endpoint.options.size();  // the range's bounds follow
  const std::string payload = "(" + std::string(endpoint.payload) + ")::json";
  const std::string in_range = "api.points_between(" + payload + ", $" + std::to_string(count + 1) + ", $" +
                               std::to_string(count + 2) + ")";
  // A function keeps the range's points itself: it takes the bounds as its last arguments.
  const bool points_kept = endpoint.ranged && !endpoint.function;
  std::string selected(endpoint.payload);
  if (rendering == Rendering::range && points_kept) selected = in_range + "::text";
  if (rendering == Rendering::csv) {
    selected = "api.csv(" + (points_kept ? in_range : payload) + ", '" + std::string(endpoint.csv.rows) + "', '" +
               std::string(endpoint.csv.columns) + "')";
  }
  // A kept endpoint's payload in its two parts, kept first and live last (Fetched::kept).
  const bool in_parts = endpoint.kept == Kept::start && rendering == Rendering::plain;
  if (in_parts) selected = "v.kept";
  std::string sql = "SELECT " + selected + (beside == Beside::snapshot ? ", " + std::string(snapshot_columns) : "") +
                    (in_parts ? ", v.live" : "") + " FROM " + std::string(endpoint.view);
  if (endpoint.function) {
    std::string arguments;
    for (std::size_t i = 1; i <= count; ++i) {
      arguments += (i == 1 ? "$" : ", $") + std::to_string(i);
    }
    if (endpoint.ranged) {  // no range given: open bounds
      const bool bounded = rendering != Rendering::plain;
      arguments += bounded ? ", $" + std::to_string(count + 1) + ", $" + std::to_string(count + 2) : ", NULL, NULL";
    }
    return sql + "(" + arguments + ") AS v";
  }
  sql += " AS v";
  for (std::size_t i = 0; i < endpoint.parameters.size(); ++i) {
    sql += i == 0 ? " WHERE " : " AND ";
    sql += "v.\"" + std::string(endpoint.parameters[i]->name) + "\" = $" + std::to_string(i + 1);
  }
  return sql;
}

Statement snapshot_statement() { return {"snapshot", "SELECT " + std::string(snapshot_columns)}; }

std::string statement_name(const Endpoint& endpoint, Rendering rendering) {
  static constexpr std::array<std::string_view, 3> suffixes = {"", " range", " csv"};
  return std::string(endpoint.path) + std::string(suffixes[static_cast<std::size_t>(rendering)]);
}

std::vector<Statement> statements_of(const std::vector<Endpoint>& list) {
  std::vector<Statement> statements;
  for (const Endpoint& endpoint : list) {
    for (const Rendering rendering : {Rendering::plain, Rendering::range, Rendering::csv}) {
      if (rendering == Rendering::range && !endpoint.ranged) continue;
      if (rendering == Rendering::csv && !endpoint.has_csv()) continue;
      statements.push_back({statement_name(endpoint, rendering), statement_of(endpoint, rendering)});
    }
  }
  return statements;
}

bool Endpoint::published() const {
  return !function || std::none_of(parameters.begin(), parameters.end(),
                                   [](const Parameter* parameter) { return parameter->checked_by_data(); });
}

Statement values_statement_of(const Endpoint& endpoint) {
  std::string columns;
  for (const Parameter* parameter : endpoint.parameters) {
    columns += (columns.empty() ? "\"" : ", \"") + std::string(parameter->name) + '"';
  }
  return {std::string(endpoint.path) + " values", "SELECT " + columns + " FROM " + std::string(endpoint.view)};
}

std::vector<std::vector<std::string>> published_values(
    const Endpoint& endpoint, const std::function<std::vector<std::vector<std::string>>(const Statement&)>& rows_of) {
  if (endpoint.parameters.empty()) return {{}};
  std::vector<std::vector<std::string>> combinations =
      endpoint.function ? value_combinations(endpoint) : rows_of(values_statement_of(endpoint));
  combinations.erase(std::remove_if(combinations.begin(), combinations.end(),
                                    [&](const std::vector<std::string>& values) { return !publishable(endpoint, values); }),
                     combinations.end());
  return combinations;
}

bool renders_by_chain(const Endpoint& endpoint) {
  return !endpoint.function && !endpoint.parameters.empty() && endpoint.parameters.front() == &api_parameter("chain");
}

Statement chain_rows_statement_of(const Endpoint& endpoint) {
  std::string others;
  for (std::size_t i = 1; i < endpoint.parameters.size(); ++i) {
    others += ", v.\"" + std::string(endpoint.parameters[i]->name) + "\"::text";
  }
  const std::string payload = endpoint.kept != Kept::none
                                  ? "CASE WHEN v.kept_key = ANY($2::text[]) THEN NULL ELSE v.kept END, v.live, v.kept_key"
                                  : std::string(endpoint.payload);
  return {std::string(endpoint.path) + " of a chain",
          "SELECT " + payload + others + " FROM " + std::string(endpoint.view) + " AS v WHERE v.\"chain\" = $1"};
}

Statement alias_statement_of(const Endpoint& endpoint) {
  return {std::string(endpoint.path) + " alias",
          "SELECT v.\"" + std::string(endpoint.alias_column) + "\" FROM " + std::string(endpoint.view) + " AS v"};
}

std::string alias_name(const Endpoint& endpoint, std::string_view value) {
  if (endpoint.alias_column.empty() || value.empty()) return "";
  std::string name;
  for (const char c : value) {
    const bool letter = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
    if (!letter && (name.empty() || c < '0' || c > '9')) return "";
    name += letter ? static_cast<char>(c | 0x20) : c;  // ASCII: lower case
  }
  return name == endpoint.path.substr(endpoint.path.rfind('/') + 1) ? "" : name;
}

std::string alias_file(const Endpoint& endpoint, std::string_view name) {
  return "aliases" + std::string(endpoint.path) + '/' + std::string(name);
}

Rendering rendering_of(const Endpoint& endpoint, const HistoryOptions& options) {
  if (options.csv && endpoint.has_csv()) return Rendering::csv;
  return options.ranged() && endpoint.ranged ? Rendering::range : Rendering::plain;
}

std::vector<std::string> statement_parameters(const Endpoint& endpoint, const std::vector<std::string>& values,
                                              const HistoryOptions& options) {
  std::vector<std::string> parameters = values;
  if (endpoint.ranged && rendering_of(endpoint, options) != Rendering::plain) {
    parameters.push_back(std::to_string(options.from_ms));
    parameters.push_back(std::to_string(options.to_ms));
  }
  return parameters;
}

std::string csv_file_name(const Endpoint& endpoint, const std::vector<std::string>& values,
                          const HistoryOptions& options, std::time_t last_modified) {
  std::string name(endpoint.path.substr(endpoint.path.rfind('/') + 1));
  for (const std::string& value : values) {
    if (!value.empty()) name += '_' + value;  // an option left empty: a first page's cursor
  }
  if (!options.from.empty()) name += "_from-" + options.from;
  if (!options.to.empty()) name += "_to-" + options.to;
  std::tm time{};
  gmtime_r(&last_modified, &time);
  char when[32];
  std::strftime(when, sizeof when, "_%Y%m%dT%H%M%SZ.csv", &time);
  return name + when;
}

Response answer_of(const Endpoint& endpoint, const std::string& fetched_value, std::size_t kept_bytes) {
  if (endpoint.body == Body::text) return plain_text(fetched_value);
  if (kept_bytes == 0) return success(fetched_value);
  const std::string_view value(fetched_value);
  const std::string start = success_start(value.substr(0, kept_bytes));
  Response response{200, "application/json", start + success_rest(value.substr(kept_bytes)), false};
  response.kept_length = start.size();
  return response;
}

std::vector<std::vector<std::string>> value_combinations(const Endpoint& endpoint) {
  std::vector<std::vector<std::string>> combinations = {{}};
  for (const Parameter* parameter : endpoint.parameters) {
    if (parameter->checked_by_data()) return {};
    std::vector<std::vector<std::string>> longer;
    for (const std::vector<std::string>& start : combinations) {
      for (const std::string_view value : parameter->allowed) {
        longer.push_back(start);
        longer.back().emplace_back(value);
      }
    }
    combinations = std::move(longer);
  }
  for (std::vector<std::string>& values : combinations) {
    for (const Parameter* option : endpoint.options) values.emplace_back(option->default_value);
  }
  return combinations;
}

bool publishable(const Endpoint& endpoint, const std::vector<std::string>& values) {
  const std::size_t count = std::min(endpoint.parameters.size(), values.size());
  return std::all_of(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(count), is_data_word);
}

std::string canonical_query(const Endpoint& endpoint, const std::vector<std::string>& values) {
  std::string query;
  for (std::size_t i = 0; i < endpoint.parameters.size() && i < values.size(); ++i) {
    if (i > 0) query += '&';
    query += std::string(endpoint.parameters[i]->name) + '=' + values[i];
  }
  return query;
}

std::string_view content_type_of(const Endpoint& endpoint) {
  return endpoint.body == Body::text ? "text/plain" : "application/json";
}

std::string published_file(const Endpoint& endpoint, const std::vector<std::string>& values) {
  return published_file_of_query(endpoint, canonical_query(endpoint, values));
}

std::string published_file_of_query(const Endpoint& endpoint, std::string_view query) {
  std::string file(endpoint.path.substr(1));
  if (!endpoint.parameters.empty()) file += '/' + std::string(query);
  return file + (endpoint.body == Body::text ? ".txt" : ".json");
}

std::string routes_table(const std::vector<Endpoint>& list) {
  std::string table;
  for (const Endpoint& endpoint : list) {
    std::string parameters;
    for (const Parameter* parameter : endpoint.parameters) {
      if (!parameters.empty()) parameters += '&';
      parameters += std::string(parameter->name) + '=';
      if (parameter->checked_by_data()) parameters += '*';
      for (const std::string_view value : parameter->allowed) {
        if (parameters.back() != '=') parameters += ',';
        parameters += value;
      }
    }
    table += std::string(endpoint.spec) + '\t' + std::string(endpoint.path) + '\t' +
             std::string(endpoint.group) + '\t' + std::string(endpoint.view) + '\t' +
             std::string(content_type_of(endpoint)) + '\t' + (parameters.empty() ? "-" : parameters) + '\t' +
             std::string(endpoint.pool_name()) + '\t' +
             (endpoint.alias_column.empty() ? "-" : std::string(endpoint.alias_column)) + '\t' +
             (endpoint.published() ? "published" : "handler") + '\n';
  }
  return table;
}

}  // namespace coin
