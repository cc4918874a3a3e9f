// libFuzzer target over what a request controls before any SQL runs: the query string, the
// checks of its parameters (spec section 7) and of the histories' options (from, to, format:
// shared/history_options.hpp), the statement they choose, and the If-None-Match /
// Accept-Encoding / If-Modified-Since headers that choose the rendered answer. scripts/test/fuzz.sh
// builds and runs it.
//
// The input is up to four slices split on '\n' (which a request line or header never holds):
//   query string \n If-None-Match \n Accept-Encoding \n If-Modified-Since
// A broken invariant calls abort(), which libFuzzer reports with the input that caused it.

#include <json/json.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <iterator>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "publisher/nginx_config.hpp"
#include "shared/endpoints.hpp"
#include "shared/history_options.hpp"
#include "shared/parameters.hpp"
#include "shared/query_string.hpp"
#include "shared/rendered_answer.hpp"
#include "shared/request_conditions.hpp"
#include "shared/response.hpp"
#include "shared/statement.hpp"
#include "tests/fuzz/utf8.hpp"

namespace coin {
namespace {

[[noreturn]] void fail(const char* condition, int line) {
  std::fprintf(stderr, "query_fuzzer.cpp:%d: invariant violated: %s\n", line, condition);
  std::abort();
}

#define REQUIRE(condition) ((condition) ? void() : fail(#condition, __LINE__))

bool contains(std::string_view text, std::string_view part) {
  return text.find(part) != std::string_view::npos;
}

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() >= suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

// What the spec says of each parameter (sections 6.13, 6.15 and 7), written out again here so
// that the real Parameter objects of parameters.hpp are checked against it, not against
// themselves; their values are the OpenAPI document's enums, which the fuzzer takes as they are
// and checks the parameters keep to exactly. A parameter without allowed values is checked by
// the data (vaultType): present, any word of ASCII letters, digits and '-' passes here
// (data_word below), and the database's view has a row for it or none.
struct Spec {
  const Parameter* parameter;
  std::string_view name;
  std::vector<std::string_view> allowed;  // empty: checked by the data
  std::string_view invalid_message;
};

const Spec chain_spec{&api_parameter("chain"), "chain", api_parameter("chain").allowed, "Invalid chain."};
const Spec interval_spec{&api_parameter("interval"),
                         "interval",
                         {"WEEKLY", "MONTHLY", "BIANNUAL", "ANNUAL"},
                         "Invalid interval."};
const Spec vault_type_spec{&api_parameter("vaultType"), "vaultType", {}, "Invalid vaultType."};
// 6.16 to 6.19's: a regular Vault type (another component of the same name and rule), an urn.
const Spec risk_vault_type_spec{&api_parameter("riskVaultType"), "vaultType", {}, "Invalid vaultType."};
const Spec urn_spec{&api_parameter("urn"), "urn", {}, "Invalid urn."};

// The options an api function takes after the parameters (6.16's sort, limit, cursor, 6.17's
// within): when absent its default; else one of its values, a whole number within its bounds
// (digits only, at most 9, read as a number: "007" is 7), or a word of at most 256 characters.
struct OptionSpec {
  std::string_view name;
  std::vector<std::string_view> allowed;  // an enum
  bool integer = false;
  long long minimum = 0, maximum = 0;
  std::string_view default_value;
};
const OptionSpec sort_spec{"sort", {"collateralization", "liquidationPrice", "debt"}, false, 0, 0, "collateralization"};
const OptionSpec limit_spec{"limit", {}, true, 1, 1000, "100"};
const OptionSpec cursor_spec{"cursor", {}, false, 0, 0, ""};
const OptionSpec within_spec{"within", {}, true, 0, 90, "10"};
const OptionSpec auction_vault_type_spec{"vaultType", {}, false, 0, 0, ""};

bool checked_by_data(const Spec& spec) { return spec.allowed.empty(); }

// The Parameter a spec stands for says the same: its name, its values in the spec's order (none
// for one checked by the data) and its message. (A value added to a set would otherwise pass
// unseen until the fuzzer happened to send it.)
void check_parameter(const Spec& spec) {
  const Parameter& parameter = *spec.parameter;
  REQUIRE(parameter.name == spec.name);
  REQUIRE(parameter.invalid_message == spec.invalid_message);
  REQUIRE(parameter.checked_by_data() == checked_by_data(spec));
  REQUIRE(std::equal(parameter.allowed.begin(), parameter.allowed.end(), spec.allowed.begin(), spec.allowed.end()));
}

// The spec's parameters of an endpoint of the list (endpoints.hpp), by its section: most have
// none, 6.12 has chain, 6.13 chain then interval, 6.15 chain, vaultType, interval, and the risk
// answers theirs. The endpoint's own list must be exactly that, in that order.
std::vector<const Spec*> specs_of(const Endpoint& endpoint) {
  std::vector<const Spec*> specs;
  if (endpoint.spec == "6.12" || endpoint.spec == "6.17" || endpoint.spec == "6.20" || endpoint.spec == "6.22") {
    specs = {&chain_spec};
  }
  if (endpoint.spec == "6.13" || endpoint.spec == "6.21") specs = {&chain_spec, &interval_spec};
  if (endpoint.spec == "6.15") specs = {&chain_spec, &vault_type_spec, &interval_spec};
  if (endpoint.spec == "6.16" || endpoint.spec == "6.18") specs = {&chain_spec, &risk_vault_type_spec};
  if (endpoint.spec == "6.19") specs = {&chain_spec, &risk_vault_type_spec, &urn_spec};
  REQUIRE(endpoint.parameters.size() == specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    REQUIRE(endpoint.parameters[i] == specs[i]->parameter);
    check_parameter(*specs[i]);
  }
  return specs;
}

// The options of an endpoint, by its section (6.16: sort, limit, cursor; 6.17: within; 6.20:
// vaultType, limit, cursor), which must be its own, in that order.
std::vector<const OptionSpec*> option_specs_of(const Endpoint& endpoint) {
  std::vector<const OptionSpec*> specs;
  if (endpoint.spec == "6.16") specs = {&sort_spec, &limit_spec, &cursor_spec};
  if (endpoint.spec == "6.17") specs = {&within_spec};
  if (endpoint.spec == "6.20") specs = {&auction_vault_type_spec, &limit_spec, &cursor_spec};
  REQUIRE(endpoint.options.size() == specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const Parameter& option = *endpoint.options[i];
    REQUIRE(option.name == specs[i]->name);
    REQUIRE(option.default_value == specs[i]->default_value);
    REQUIRE(option.integer == specs[i]->integer);
    REQUIRE(!option.integer || (option.minimum == specs[i]->minimum && option.maximum == specs[i]->maximum));
    REQUIRE(std::equal(option.allowed.begin(), option.allowed.end(), specs[i]->allowed.begin(), specs[i]->allowed.end()));
  }
  return specs;
}

// The value an option stands for, by OptionSpec's rule restated; nullopt when it is refused.
std::optional<std::string> option_value(const OptionSpec& spec, std::string_view value);

// One of a fixed-set parameter's allowed values, exactly.
bool allowed(const Spec& spec, std::string_view value) {
  for (const std::string_view candidate : spec.allowed) {
    if (candidate == value) return true;
  }
  return false;
}

bool upper_or_digit(char c) { return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// A value the publisher may publish for a parameter checked by the data: the publisher names
// files only with the values its view has, which the database's CHECK on a Vault type restricts
// to ^[A-Z0-9][A-Z0-9-]*$ (sql/deploy/snapshot_tables.sql).
bool publishable(std::string_view value) {
  if (value.empty() || !upper_or_digit(value[0])) return false;
  for (const char c : value) {
    if (!upper_or_digit(c) && c != '-') return false;
  }
  return true;
}

// A value the handlers take for a parameter checked by the data: a word of ASCII letters,
// digits and '-' (parameters.hpp), restated.
bool data_word(std::string_view value) {
  if (value.empty()) return false;
  for (const char c : value) {
    if (!upper_or_digit(c) && !(c >= 'a' && c <= 'z') && c != '-') return false;
  }
  return true;
}

std::optional<std::string> option_value(const OptionSpec& spec, std::string_view value) {
  if (!spec.allowed.empty()) {
    for (const std::string_view candidate : spec.allowed) {
      if (candidate == value) return std::string(value);
    }
    return std::nullopt;
  }
  if (!spec.integer) return value.size() <= 256 && data_word(value) ? std::optional<std::string>(value) : std::nullopt;
  if (value.empty() || value.size() > 9) return std::nullopt;
  long long number = 0;
  for (const char c : value) {
    if (c < '0' || c > '9') return std::nullopt;
    number = number * 10 + (c - '0');
  }
  if (number < spec.minimum || number > spec.maximum) return std::nullopt;
  return std::to_string(number);
}

// Whether nginx's queries map names a published file for `raw` (the query as sent, $args) on
// `endpoint`: its very pattern (publisher/nginx_config.hpp: published_query_pattern, what
// queries.conf holds) matched against $args. nginx then tries the published file
// <path>/<raw>.json before it asks the handlers. (std::regex recurses per character: the
// inputs of libFuzzer, 4 KB at most, are far from the stack's end.)
bool nginx_names_file(const Endpoint& endpoint, std::string_view raw) {
  if (endpoint.parameters.empty()) return false;
  static std::map<std::string_view, std::regex> patterns;
  auto pattern = patterns.find(endpoint.path);
  if (pattern == patterns.end()) {
    pattern = patterns.emplace(endpoint.path, std::regex(published_query_pattern(endpoint))).first;
  }
  return std::regex_match(std::string(raw), pattern->second);
}

// A strict JSON parser: no comments, one root value and nothing after it, no duplicate keys.
const Json::CharReader& json_reader() {
  static const std::unique_ptr<Json::CharReader> reader = [] {
    Json::CharReaderBuilder builder;
    Json::CharReaderBuilder::strictMode(&builder.settings_);
    return std::unique_ptr<Json::CharReader>(builder.newCharReader());
  }();
  return *reader;
}

bool parse_json(std::string_view text, Json::Value& root) {
  std::string errors;
  // CharReader::parse is not const in jsoncpp 1.9; the reader keeps no state between calls.
  return const_cast<Json::CharReader&>(json_reader())
      .parse(text.data(), text.data() + text.size(), &root, &errors);
}

// Every byte as %XX: percent_decode must give back exactly `text`.
std::string percent_encode(std::string_view text) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    out += '%';
    out += hex[byte >> 4];
    out += hex[byte & 0xF];
  }
  return out;
}

// A parameter error as sent: HTTP 200, a JSON envelope that parses, the code the spec gives
// (1 missing, 10002 invalid; 0 would be success), the fixed message and data null. The body is
// compared byte for byte too, which also shows that no part of the request is echoed in it.
void check_error_response(const Response& response, int code, const std::string& message) {
  REQUIRE(response.status == 200);
  REQUIRE(response.content_type == "application/json");
  REQUIRE(!response.retry_later && !response.live && response.file_name.empty());
  Json::Value root;
  REQUIRE(parse_json(response.body, root));
  REQUIRE(root.isObject());
  REQUIRE(root.size() == 3);
  REQUIRE(root["code"].isInt());
  const int sent_code = root["code"].asInt();
  REQUIRE(sent_code == 0 || sent_code == 1 || sent_code == 10002);
  REQUIRE(sent_code == code);
  REQUIRE(root["message"].isString());
  REQUIRE(root["message"].asString() == message);
  REQUIRE(root["data"].isNull());
  REQUIRE(response.body == "{\"code\":" + std::to_string(code) + ",\"message\":\"" + message +
                               "\",\"data\":null}");
}

// The epoch ms a from/to stands for, worked out apart from parse_bound: 1 to 15 ASCII digits
// are the number; YYYY-MM-DD, a real day of the (proleptic) Gregorian calendar, of any year
// (timegm gives the day back unchanged only if it is one), is that day's 00:00 in UTC+8, or its
// last millisecond with `end_of_day`. Anything else is no bound.
std::optional<std::int64_t> expected_bound(std::string_view text, bool end_of_day) {
  const auto digits = [](std::string_view part) {
    if (part.empty()) return false;
    for (const char c : part) {
      if (c < '0' || c > '9') return false;
    }
    return true;
  };
  const auto number = [](std::string_view part) {
    std::int64_t value = 0;
    for (const char c : part) value = value * 10 + (c - '0');
    return value;
  };
  if (digits(text)) {
    if (text.size() > 15) return std::nullopt;
    return number(text);
  }
  if (text.size() != 10 || text[4] != '-' || text[7] != '-' || !digits(text.substr(0, 4)) ||
      !digits(text.substr(5, 2)) || !digits(text.substr(8, 2))) {
    return std::nullopt;
  }
  const int year = static_cast<int>(number(text.substr(0, 4)));
  const int month = static_cast<int>(number(text.substr(5, 2)));
  const int day = static_cast<int>(number(text.substr(8, 2)));
  std::tm asked{};
  asked.tm_year = year - 1900;
  asked.tm_mon = month - 1;
  asked.tm_mday = day;
  const std::time_t utc_midnight = timegm(&asked);
  std::tm back{};
  REQUIRE(gmtime_r(&utc_midnight, &back) != nullptr);
  if (back.tm_year != year - 1900 || back.tm_mon != month - 1 || back.tm_mday != day) return std::nullopt;
  const std::int64_t start = std::int64_t{utc_midnight} * 1000 - 8 * 3'600'000;  // 00:00 UTC+8
  return end_of_day ? start + 86'400'000 - 1 : start;
}

// What parse_instant reads, restated with a regular expression: parse_bound's forms, or a day, a
// time and a zone (Z, or an offset whose sign may be a space), the fraction cut to the ms.
std::optional<std::int64_t> expected_instant(std::string_view text) {
  static const std::regex time(
      "([0-9]{4}-[0-9]{2}-[0-9]{2})T([01][0-9]|2[0-3]):([0-5][0-9])(:([0-5][0-9])(\\.([0-9]{1,9}))?)?"
      "(Z|([-+ ])([01][0-9]|2[0-3]):([0-5][0-9]))");
  std::cmatch match;
  if (!std::regex_match(text.data(), text.data() + text.size(), match, time)) return expected_bound(text, false);
  const std::optional<std::int64_t> day = expected_bound(match[1].str(), false);
  if (!day) return std::nullopt;
  const auto number = [](const std::string& digits) { return digits.empty() ? 0 : std::stoll(digits); };
  const std::string fraction = (match[7].str() + "00").substr(0, 3);
  std::int64_t ms = *day + 8 * 3'600'000 + (number(match[2]) * 3600 + number(match[3]) * 60 + number(match[5])) * 1000 +
                    number(fraction);
  const std::int64_t offset = (number(match[10]) * 60 + number(match[11])) * 60'000;
  if (match[9] == "-") ms += offset;
  if (match[9] == "+" || match[9] == " ") ms -= offset;
  return ms;
}

// parse_bound on any text, both ends of a day.
void check_bound(std::string_view text) {
  const std::optional<std::int64_t> start = parse_bound(text, false);
  const std::optional<std::int64_t> end = parse_bound(text, true);
  REQUIRE(start == expected_bound(text, false));
  REQUIRE(end == expected_bound(text, true));
}

// A date-shaped text made from the input's bytes (their FNV-1a hash), which sweeps the
// calendar's edges far sooner than mutations find them: a year among the edges (the first, the
// leap rules, around 1970, the last) or any of 1965 to 2104, a month 00 to 13, a day 00 to 32.
std::string date_of(std::string_view input) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const char c : input) {
    hash ^= static_cast<unsigned char>(c);
    hash *= 1099511628211ull;
  }
  static constexpr int edges[] = {0,    1,    4,    100,  400,  1000, 1900, 1969, 1970, 1971,
                                  1972, 1999, 2000, 2024, 2025, 2026, 2100, 2400, 9999};
  const int year = hash & 1 ? edges[(hash >> 1) % std::size(edges)] : 1965 + static_cast<int>((hash >> 1) % 140);
  const auto month = static_cast<int>((hash >> 16) % 14);
  const auto day = static_cast<int>((hash >> 24) % 33);
  char text[16];
  std::snprintf(text, sizeof text, "%04d-%02d-%02d", year, month, day);
  return text;
}

// check_options against the rule of history_options.hpp, restated: from, then to, then from
// after to (an "Invalid from."), then format; the first failure is the answer, the code 10002
// envelope. An endpoint that takes no range (no format) ignores from and to (format) whatever
// they hold. What passes is kept as the client wrote it, with what it means.
std::optional<HistoryOptions> check_history_options(const QueryString& query, bool takes_range, bool takes_format,
                                                    bool takes_at) {
  const CheckedOptions checked = check_options(query, takes_range, takes_format, takes_at);
  const std::optional<std::string_view> at = query.get("at");
  const std::optional<std::string_view> from = takes_range ? query.get("from") : std::nullopt;
  const std::optional<std::string_view> to = takes_range ? query.get("to") : std::nullopt;
  const std::optional<std::string_view> format = takes_format ? query.get("format") : std::nullopt;
  const std::optional<std::int64_t> from_ms = from ? expected_bound(*from, false) : std::nullopt;
  const std::optional<std::int64_t> to_ms = to ? expected_bound(*to, true) : std::nullopt;

  std::string message;
  if (from && !from_ms) {
    message = "Invalid from.";
  } else if (to && !to_ms) {
    message = "Invalid to.";
  } else if (from && to && *from_ms > *to_ms) {
    message = "Invalid from.";
  } else if (format && *format != "json" && *format != "csv") {
    message = "Invalid format.";
  } else if (at && !takes_at) {
    message = "Invalid at: not kept for this endpoint.";
  } else if (at && !expected_instant(*at)) {
    message = "Invalid at.";
  }
  if (!message.empty()) {
    REQUIRE(checked.error.has_value());
    check_error_response(*checked.error, 10002, message);
    return std::nullopt;
  }
  REQUIRE(!checked.error.has_value());
  const HistoryOptions& options = checked.options;
  REQUIRE(options.from == (from ? *from : std::string_view{}));
  REQUIRE(options.to == (to ? *to : std::string_view{}));
  REQUIRE(options.from_ms == (from ? *from_ms : std::numeric_limits<std::int64_t>::min()));
  REQUIRE(options.to_ms == (to ? *to_ms : std::numeric_limits<std::int64_t>::max()));
  REQUIRE(options.from_ms <= options.to_ms);
  // A bound that passed is never empty: ranged() is "from or to was sent".
  REQUIRE(options.ranged() == (from.has_value() || to.has_value()));
  REQUIRE(options.csv == (format == std::string_view("csv")));
  REQUIRE(options.at_ms == (at ? expected_instant(*at) : std::nullopt));
  return options;
}

// The statements a handler prepares (statements_of) by name, with how many parameters each
// takes: its SQL names $1 to $n, each of them.
const std::map<std::string, std::size_t>& prepared_statements() {
  static const std::map<std::string, std::size_t> statements = [] {
    std::map<std::string, std::size_t> by_name;
    for (const Statement& statement : statements_of(endpoints())) {
      std::size_t count = 0;
      while (contains(statement.sql, "$" + std::to_string(count + 1))) ++count;
      REQUIRE(by_name.emplace(statement.name, count).second);
    }
    return by_name;
  }();
  return statements;
}

// The file name a CSV answer offers goes into Content-Disposition: attachment; filename="...":
// letters, digits, '_', '-' and '.' only, so that no header can be closed or added.
bool safe_file_name(std::string_view name) {
  for (const char c : name) {
    if (!upper_or_digit(c) && !(c >= 'a' && c <= 'z') && c != '_' && c != '-' && c != '.') return false;
  }
  return !name.empty();
}

// The Last-Modified of the answers below: Wed, 13 May 2026 01:00:00 GMT (0x6a03cd10).
constexpr std::time_t last_modified = 1778634000;
constexpr std::string_view last_modified_date = "Wed, 13 May 2026 01:00:00 GMT";

// What the handler runs for an endpoint whose parameters passed, when its options pass too: the
// CSV statement for format=csv where it has one, else the range's where it takes one and from or
// to was sent, else the plain one; always one the handler prepared, given as many parameters as
// its SQL takes: the values, then the range's bounds (epoch ms) for a history's range or CSV.
void check_statement(const Endpoint& endpoint, const QueryString& query, const std::vector<std::string>& values,
                     bool publishable_values) {
  const std::optional<HistoryOptions> options = check_history_options(query, endpoint.ranged, endpoint.has_csv(), endpoint.as_of);
  if (!options) return;
  const Rendering rendering = rendering_of(endpoint, *options);
  const Rendering expected = options->csv                          ? Rendering::csv
                             : endpoint.ranged && options->ranged() ? Rendering::range
                                                                    : Rendering::plain;
  REQUIRE(rendering == expected);
  const auto prepared = prepared_statements().find(statement_name(endpoint, rendering));
  REQUIRE(prepared != prepared_statements().end());
  const std::vector<std::string> parameters = statement_parameters(endpoint, values, *options);
  REQUIRE(parameters.size() == prepared->second);
  const bool bounds = endpoint.ranged && rendering != Rendering::plain;
  REQUIRE(parameters.size() == values.size() + (bounds ? 2 : 0));
  REQUIRE(std::equal(values.begin(), values.end(), parameters.begin()));
  if (bounds) {
    REQUIRE(parameters[values.size()] == std::to_string(options->from_ms));
    REQUIRE(parameters[values.size() + 1] == std::to_string(options->to_ms));
  }
  // A CSV is rendered only for values the database found a row for; for the values it can hold
  // (publishable), the file name it offers never needs quoting.
  if (rendering == Rendering::csv && publishable_values) {
    const std::string name = csv_file_name(endpoint, values, *options, last_modified);
    REQUIRE(safe_file_name(name));
    REQUIRE(starts_with(name, endpoint.path.substr(endpoint.path.rfind('/') + 1)));
    REQUIRE(ends_with(name, "_20260513T010000Z.csv"));
  }
}

// check_parameters on an endpoint's parameters against the spec's rule: presence of each
// parameter first, in order, then the values, in order; the first failure
// is the answer. A parameter checked by the data takes any word of letters, digits and '-'.
void check_endpoint(std::string_view raw_query, const QueryString& query, const Endpoint& endpoint) {
  const std::vector<const Spec*> specs = specs_of(endpoint);
  const std::vector<const OptionSpec*> option_specs = option_specs_of(endpoint);
  const CheckedParameters checked = check_parameters(query, endpoint.parameters, endpoint.options);
  const bool nginx_file = nginx_names_file(endpoint, raw_query);

  int code = 0;
  std::string message;
  for (const Spec* spec : specs) {
    if (!query.get(spec->name)) {
      code = 1;
      message = "Required request parameter '" + std::string(spec->name) + "' is not present";
      break;
    }
  }
  if (code == 0) {
    for (const Spec* spec : specs) {
      const std::string_view value = *query.get(spec->name);
      if (!(checked_by_data(*spec) ? data_word(value) : allowed(*spec, value))) {
        code = 10002;
        message = spec->invalid_message;
        break;
      }
    }
  }

  std::vector<std::string> option_values;  // each option's, or its default
  for (const OptionSpec* spec : code == 0 ? option_specs : std::vector<const OptionSpec*>{}) {
    const std::optional<std::string_view> given = query.get(spec->name);
    const std::optional<std::string> value = given ? option_value(*spec, *given) : std::string(spec->default_value);
    if (!value) {
      code = 10002;
      message = "Invalid " + std::string(spec->name) + ".";
      break;
    }
    option_values.push_back(*value);
  }

  if (code != 0) {
    REQUIRE(checked.error.has_value());
    REQUIRE(checked.values.empty());
    check_error_response(*checked.error, code, message);
    // A query nginx names a published file for is one the handler accepts.
    REQUIRE(!nginx_file);
    return;
  }
  REQUIRE(!checked.error.has_value());
  REQUIRE(checked.values.size() == specs.size() + option_specs.size());
  const auto options_from = checked.values.begin() + static_cast<std::ptrdiff_t>(specs.size());
  REQUIRE(std::equal(option_values.begin(), option_values.end(), options_from));
  bool publishable_values = true;  // every value checked by the data one a file may be named with
  std::string expected_canonical;  // name=value in list order, joined by '&', values as they are
  std::string escaped;             // the same, every byte of the values as %XX
  for (std::size_t i = 0; i < specs.size(); ++i) {
    const std::string& value = checked.values[i];
    REQUIRE(value == *query.get(specs[i]->name));
    if (checked_by_data(*specs[i])) {
      // A word: no NUL for libpq to cut it at, nothing a header or a file name cannot hold.
      REQUIRE(data_word(value));
      publishable_values = publishable_values && publishable(value);
    } else {
      // Accepted means one of the allowed values exactly: no case folding, trimming or prefix.
      REQUIRE(allowed(*specs[i], value));
    }
    const std::string prefix = (i == 0 ? "" : "&") + std::string(specs[i]->name) + "=";
    expected_canonical += prefix + value;
    escaped += prefix + percent_encode(value);
  }
  // The canonical query writes the values as they are, and reads back as the same values (no
  // accepted value holds '&', '+' or '%'); escaped, too.
  const std::string canonical = canonical_query(endpoint, checked.values);
  REQUIRE(canonical == expected_canonical);
  const std::vector<std::string> required(checked.values.begin(), options_from);
  const CheckedParameters escaped_again = check_parameters(QueryString::parse(escaped), endpoint.parameters);
  REQUIRE(!escaped_again.error.has_value() && escaped_again.values == required);
  const CheckedParameters again = check_parameters(QueryString::parse(canonical), endpoint.parameters);
  REQUIRE(!again.error.has_value() && again.values == required);

  // The published file of the answer is the endpoint's own (no value climbs out of its
  // directory), for values the publisher may publish; nginx's queries map names that same file
  // for their canonical query ([A-Z0-9-] is within nginx's [0-9A-Za-z-]), and, for any query it
  // names a file for, the file of the values the handler reads from that query.
  const std::string stem(endpoint.path.substr(1));
  const std::string extension = endpoint.body == Body::text ? ".txt" : ".json";
  if (publishable_values) {
    const std::string file = published_file(endpoint, checked.values);
    REQUIRE(file == (specs.empty() ? stem : stem + "/" + canonical) + extension);
    REQUIRE(!contains(file, "..") && !contains(file, "//"));
    REQUIRE(specs.empty() || nginx_names_file(endpoint, canonical));
  }
  if (nginx_file) {
    REQUIRE(canonical == raw_query);
    REQUIRE(published_file(endpoint, checked.values) == stem + "/" + std::string(raw_query) + extension);
  }

  check_statement(endpoint, query, checked.values, publishable_values);
}

// QueryString and percent_decode on their own.
void check_query_string(std::string_view raw, const QueryString& query) {
  // Decoding never grows a component (%XX is 3 bytes for 1, '+' 1 for 1).
  const std::string decoded = percent_decode(raw);
  REQUIRE(decoded.size() <= raw.size());
  if (!contains(raw, "%") && !contains(raw, "+")) REQUIRE(decoded == raw);

  // Any bytes at all, fully escaped, come back exactly as the value of a key.
  const std::string encoded = percent_encode(raw);
  REQUIRE(QueryString::parse("chain=" + encoded).get("chain") == raw);
  REQUIRE(percent_decode(encoded) == raw);

  // Pairs appended after '&' never change a key the query already has: the first one wins.
  const QueryString extended = QueryString::parse(std::string(raw) + "&chain=eth&interval=WEEKLY");
  for (const auto& [key, fallback] : {std::pair<std::string_view, std::string_view>{"chain", "eth"},
                                      {"interval", "WEEKLY"}}) {
    const std::optional<std::string_view> own = query.get(key);
    REQUIRE(extended.get(key) == (own ? *own : fallback));
  }
}

// envelope() with an arbitrary message, as a future error that quoted a parameter value would
// build it: the body must always parse, and give the message back when it is valid UTF-8.
// (Not for messages with a NUL byte: envelope() passes the message on as a C string, so it
// ends there; no message today holds one.)
void check_envelope(const std::string& message) {
  const Response response = business_error(10002, message);
  Json::Value root;
  REQUIRE(parse_json(response.body, root));
  REQUIRE(root.isObject() && root["code"].isInt() && root["code"].asInt() == 10002);
  REQUIRE(root["message"].isString() && root["data"].isNull());
  if (fuzz::valid_utf8(message) && !contains(message, std::string_view("\0", 1))) {
    REQUIRE(root["message"].asString() == message);
  }
}

// A body big enough to be rendered gzipped too, so that choose() has all four answers.
const RenderedAnswer& large_success() {
  static const RenderedAnswer rendered = [] {
    std::string data = "[";
    for (int i = 0; i < 100; ++i) data += R"({"statisticTime":1747065600000,"coin":"1.5"},)";
    data.back() = ']';
    RenderedAnswer result = render(success(data), last_modified);
    REQUIRE(!result.gzip.full.empty());
    REQUIRE(starts_with(result.identity.etag, "\"6a03cd10-") && starts_with(result.gzip.etag, "\"6a03cd10-"));
    REQUIRE(result.identity.etag != result.gzip.etag);
    return result;
  }();
  return rendered;
}

// The header parsers, by properties that hold whatever the header says.
void check_headers(std::string_view if_none_match, std::string_view accept_encoding,
                   const std::string& etag) {
  const bool matches = etag_matches(if_none_match, etag);
  // The comparison is weak: W/ on either side does not count.
  REQUIRE(matches == etag_matches(if_none_match, std::string_view(etag).substr(2)));
  // Without the tag's opaque part or a '*', nothing can match.
  if (!contains(if_none_match, std::string_view(etag).substr(2)) && !contains(if_none_match, "*")) {
    REQUIRE(!matches);
  }
  // The tag listed after anything, or before anything, matches.
  REQUIRE(etag_matches(std::string(if_none_match) + "," + etag, etag));
  REQUIRE(etag_matches(etag + ", " + std::string(if_none_match), etag));

  const bool gzip = accepts_gzip(accept_encoding);
  // Only "gzip" (any case) or "*" can accept it.
  std::string lower(accept_encoding);
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  if (!contains(lower, "gzip") && !contains(lower, "*")) REQUIRE(!gzip);
  REQUIRE(accepts_gzip(std::string(accept_encoding) + ",gzip"));
  // An element that refuses gzip, added at the end, never makes it accepted; where it is the
  // only gzip entry, it refuses gzip whatever "*" says (RFC 9110, 12.5.3).
  const bool refused_added = accepts_gzip(std::string(accept_encoding) + ",gzip;q=0");
  if (!gzip) REQUIRE(!refused_added);
  if (!contains(lower, "gzip")) REQUIRE(!refused_added);
}

// A rendered parameter error (a business error: weak ETag, no Last-Modified, no Vary), and
// which of its answers choose() sends.
void check_rendered_error(const Response& response, const Conditions& conditions) {
  const RenderedAnswer rendered = render(response);
  const std::string& etag = rendered.identity.etag;
  REQUIRE(rendered.last_modified == -1);
  REQUIRE(etag.size() == 20 && starts_with(etag, "W/\"") && ends_with(etag, "\""));
  // A few dozen bytes are not worth compressing.
  REQUIRE(rendered.gzip.full.empty() && rendered.gzip.etag.empty() && rendered.gzip.not_modified.empty());
  const std::string& full = rendered.identity.full;
  const std::string& not_modified = rendered.identity.not_modified;
  REQUIRE(starts_with(full, "Status: 200 OK\r\nContent-Type: application/json\r\n"));
  REQUIRE(ends_with(full, "\r\n\r\n" + response.body));
  REQUIRE(contains(full, "\r\nContent-Length: " + std::to_string(response.body.size()) + "\r\n"));
  REQUIRE(contains(full, "\r\nETag: " + etag + "\r\n"));
  REQUIRE(starts_with(not_modified, "Status: 304 Not Modified\r\n"));
  REQUIRE(contains(not_modified, "\r\nETag: " + etag + "\r\n"));
  REQUIRE(ends_with(not_modified, "\r\n\r\n"));
  for (const std::string* answer : {&full, &not_modified}) {
    REQUIRE(!contains(*answer, "Last-Modified") && !contains(*answer, "Vary") &&
            !contains(*answer, "Content-Encoding"));
  }

  // Without a Last-Modified, an If-Modified-Since never holds, so it alone asks for the body.
  const std::string& chosen = choose(rendered, conditions);
  const bool not_modified_expected =
      conditions.if_modified_since.empty() && etag_matches(conditions.if_none_match, etag);
  REQUIRE(&chosen == (not_modified_expected ? &not_modified : &full));

  check_headers(conditions.if_none_match, conditions.accept_encoding, etag);
}

// A 200 with a Last-Modified and both variants, by nginx's rules: the variant the client
// accepts, and its 304 when every validator sent holds (If-Modified-Since: equal to
// Last-Modified; If-None-Match: lists the variant's own ETag).
void check_choose_large(const Conditions& conditions) {
  const RenderedAnswer& rendered = large_success();
  const Variant& variant = accepts_gzip(conditions.accept_encoding) ? rendered.gzip : rendered.identity;
  const std::optional<std::time_t> since = parse_http_date(conditions.if_modified_since);
  const bool same_time = conditions.if_modified_since.empty() || since == last_modified;
  const bool same_tag = conditions.if_none_match.empty() || etag_matches(conditions.if_none_match, variant.etag);
  const bool asked = !conditions.if_none_match.empty() || !conditions.if_modified_since.empty();
  const std::string& chosen = choose(rendered, conditions);
  REQUIRE(&chosen == (asked && same_time && same_tag ? &variant.not_modified : &variant.full));

  // The exact date always holds, whatever form it is sent in; any other time never does.
  REQUIRE(&choose(rendered, {conditions.if_none_match, last_modified_date, conditions.accept_encoding}) ==
          (same_tag ? &variant.not_modified : &variant.full));
  if (since && *since != last_modified) {
    REQUIRE(&choose(rendered, {variant.etag, conditions.if_modified_since, conditions.accept_encoding}) ==
            &variant.full);
  }
}

// parse_http_date on any text: a time it reads is written back by http_date in a form it
// reads as the same time.
void check_http_date(std::string_view text) {
  const std::optional<std::time_t> time = parse_http_date(text);
  if (!time) return;
  if (*time < 0 || *time >= 253402300800) return;  // years 1970 to 9999 only
  const std::string written = http_date(*time);
  REQUIRE(written.size() == 29 && ends_with(written, " GMT"));
  REQUIRE(parse_http_date(written) == time);
}

// Splits off the text before the first '\n' (all of it when there is none).
std::string_view take_line(std::string_view& rest) {
  const std::size_t newline = rest.find('\n');
  const std::string_view line = rest.substr(0, newline);
  rest = newline == std::string_view::npos ? std::string_view{} : rest.substr(newline + 1);
  return line;
}

void fuzz_one(std::string_view input) {
  std::string_view rest = input;
  const std::string_view raw_query = take_line(rest);
  Conditions conditions;
  conditions.if_none_match = take_line(rest);
  conditions.accept_encoding = take_line(rest);
  conditions.if_modified_since = rest;

  const QueryString query = QueryString::parse(raw_query);
  check_query_string(raw_query, query);

  for (const Endpoint& endpoint : endpoints()) check_endpoint(raw_query, query, endpoint);

  // The options on their own, for each kind of endpoint, and parse_bound on the values sent and
  // on text of any shape.
  for (const bool takes_range : {false, true}) {
    for (const bool takes_format : {false, true}) {
      for (const bool takes_at : {false, true}) check_history_options(query, takes_range, takes_format, takes_at);
    }
  }
  for (const std::string_view key : {"from", "to", "format"}) {
    if (const std::optional<std::string_view> value = query.get(key)) check_bound(*value);
  }
  if (const std::optional<std::string_view> at = query.get("at")) REQUIRE(parse_instant(*at) == expected_instant(*at));
  check_bound(raw_query);
  check_bound(conditions.if_modified_since);
  check_bound(date_of(input));

  // The answer 6.13 gives this query when it is an error (6.12's is the same kind).
  const CheckedParameters checked =
      check_parameters(query, {&api_parameter("chain"), &api_parameter("interval")});
  if (checked.error) check_rendered_error(*checked.error, conditions);
  check_choose_large(conditions);
  check_http_date(conditions.if_modified_since);

  if (const std::optional<std::string_view> chain = query.get("chain")) {
    check_envelope(std::string(*chain));
  }
}

}  // namespace
}  // namespace coin

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Nothing here may throw: an exception out of parsing or validation would fail the request.
  try {
    coin::fuzz_one(std::string_view(reinterpret_cast<const char*>(data), size));
  } catch (...) {
    coin::fail("no exception escapes", __LINE__);
  }
  return 0;
}
