// libFuzzer target over what a request controls before any SQL runs: the query string, the
// checks of its parameters (spec section 7) and the If-None-Match / Accept-Encoding /
// If-Modified-Since headers that choose the rendered answer. scripts/fuzz.sh builds and runs it.
//
// The input is up to four slices split on '\n' (which a request line or header never holds):
//   query string \n If-None-Match \n Accept-Encoding \n If-Modified-Since
// A broken invariant calls abort(), which libFuzzer reports with the input that caused it.

#include <json/json.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "shared/endpoints.hpp"
#include "shared/parameters.hpp"
#include "shared/query_string.hpp"
#include "shared/rendered_answer.hpp"
#include "shared/request_conditions.hpp"
#include "shared/response.hpp"

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

// What the spec says of each parameter (sections 1, 6.13 and 7), written out again here so
// that the real Parameter objects of parameters.hpp are checked against it, not against
// themselves.
struct Spec {
  const Parameter* parameter;
  std::string_view name;
  std::vector<std::string_view> allowed;
  std::string_view invalid_message;
};

const Spec chain_spec{&chain_parameter, "chain", {"tron", "eth", "bsc"}, "Invalid chain."};
const Spec interval_spec{&interval_parameter,
                         "interval",
                         {"WEEKLY", "MONTHLY", "BIANNUAL", "ANNUAL"},
                         "Invalid interval."};

// The spec's parameters of an endpoint of the list (endpoints.hpp): most have none, 6.12 has
// chain, 6.13 chain then interval. A parameter the spec above does not know is a broken
// invariant at once.
std::vector<const Spec*> specs_of(const Endpoint& endpoint) {
  std::vector<const Spec*> specs;
  for (const Parameter* parameter : endpoint.parameters) {
    if (parameter == chain_spec.parameter) {
      specs.push_back(&chain_spec);
    } else {
      REQUIRE(parameter == interval_spec.parameter);
      specs.push_back(&interval_spec);
    }
  }
  return specs;
}

bool allowed(const Spec& spec, std::string_view value) {
  for (const std::string_view candidate : spec.allowed) {
    if (candidate == value) return true;
  }
  return false;
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

// True when `text` is well-formed UTF-8 (no overlong forms, surrogates or code points past
// U+10FFFF).
bool valid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::size_t length = 0;
    std::uint32_t code_point = 0;
    if (byte < 0x80) {
      ++i;
      continue;
    } else if ((byte & 0xE0) == 0xC0) {
      length = 2, code_point = byte & 0x1Fu;
    } else if ((byte & 0xF0) == 0xE0) {
      length = 3, code_point = byte & 0x0Fu;
    } else if ((byte & 0xF8) == 0xF0) {
      length = 4, code_point = byte & 0x07u;
    } else {
      return false;
    }
    if (i + length > text.size()) return false;
    for (std::size_t k = 1; k < length; ++k) {
      const auto next = static_cast<unsigned char>(text[i + k]);
      if ((next & 0xC0) != 0x80) return false;
      code_point = (code_point << 6) | (next & 0x3Fu);
    }
    const std::uint32_t smallest[] = {0, 0, 0x80, 0x800, 0x10000};
    if (code_point < smallest[length] || code_point > 0x10FFFF ||
        (code_point >= 0xD800 && code_point <= 0xDFFF)) {
      return false;
    }
    i += length;
  }
  return true;
}

// A parameter error as sent: HTTP 200, a JSON envelope that parses, the code the spec gives
// (1 missing, 10002 invalid; 0 would be success), the fixed message and data null. The body is
// compared byte for byte too, which also shows that no part of the request is echoed in it.
void check_error_response(const Response& response, int code, const std::string& message) {
  REQUIRE(response.status == 200);
  REQUIRE(response.content_type == "application/json");
  REQUIRE(!response.retry_later);
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

// check_parameters on an endpoint's parameters against the spec's rule: presence of each
// parameter first, in order, then the values, in order; the first failure is the answer.
// Accepted values name one of the endpoint's published answers.
void check_endpoint(const QueryString& query, const Endpoint& endpoint) {
  const std::vector<const Spec*> specs = specs_of(endpoint);
  REQUIRE(specs.size() == endpoint.parameters.size());
  const CheckedParameters checked = check_parameters(query, endpoint.parameters);

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
      if (!allowed(*spec, *query.get(spec->name))) {
        code = 10002;
        message = spec->invalid_message;
        break;
      }
    }
  }

  if (code != 0) {
    REQUIRE(checked.error.has_value());
    REQUIRE(checked.values.empty());
    check_error_response(*checked.error, code, message);
    return;
  }
  REQUIRE(!checked.error.has_value());
  REQUIRE(checked.values.size() == specs.size());
  for (std::size_t i = 0; i < specs.size(); ++i) {
    // Accepted means one of the allowed values exactly: no case folding, trimming or prefix.
    REQUIRE(allowed(*specs[i], checked.values[i]));
    REQUIRE(checked.values[i] == *query.get(specs[i]->name));
  }
  // The canonical query of the values asks for the same values again, and the published file
  // of the answer is the endpoint's own (no value climbs out of its directory).
  const std::string canonical = canonical_query(endpoint, checked.values);
  const CheckedParameters again = check_parameters(QueryString::parse(canonical), endpoint.parameters);
  REQUIRE(!again.error.has_value() && again.values == checked.values);
  const std::string file = published_file(endpoint, checked.values);
  const std::string stem(endpoint.path.substr(1));
  const std::string extension = endpoint.body == Body::text ? ".txt" : ".json";
  REQUIRE(file == (specs.empty() ? stem : stem + "/" + canonical) + extension);
  REQUIRE(!contains(file, "..") && !contains(file, "//"));
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
  if (valid_utf8(message) && !contains(message, std::string_view("\0", 1))) {
    REQUIRE(root["message"].asString() == message);
  }
}

// The Last-Modified of the answers below: Wed, 13 May 2026 01:00:00 GMT (0x6a03cd10).
constexpr std::time_t last_modified = 1778634000;
constexpr std::string_view last_modified_date = "Wed, 13 May 2026 01:00:00 GMT";

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

  for (const Endpoint& endpoint : endpoints()) check_endpoint(query, endpoint);

  // The answer 6.13 gives this query when it is an error (6.12's is the same kind).
  const CheckedParameters checked =
      check_parameters(query, {&chain_parameter, &interval_parameter});
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
