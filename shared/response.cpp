#include "shared/response.hpp"

#include <json/json.h>

namespace coin {

namespace {

// The envelope up to its data.
std::string envelope_start(int code, std::string_view message) {
  return "{\"code\":" + std::to_string(code) + ",\"message\":" + Json::valueToQuotedString(std::string(message).c_str()) +
         ",\"data\":";
}

}  // namespace

std::string envelope(int code, std::string_view message, std::string_view data_json) {
  std::string out = envelope_start(code, message);
  out.append(data_json);
  out += '}';
  return out;
}

std::string compact_json(std::string_view json) {
  std::string out;
  out.reserve(json.size());
  bool in_string = false;
  bool escaped = false;
  for (const char c : json) {
    if (in_string) {
      out += c;
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    if (c == '"') in_string = true;
    out += c;
  }
  return out;
}

Response success(std::string_view data_json) {
  return Response{200, "application/json", envelope(0, "SUCCESS", compact_json(data_json)), false};
}

std::string success_start(std::string_view start_json) { return envelope_start(0, "SUCCESS") + compact_json(start_json); }

std::string success_rest(std::string_view rest_json) { return compact_json(rest_json) + '}'; }

Response business_error(int code, std::string_view message) {
  return Response{200, "application/json", envelope(code, message, "null"), false};
}

Response server_error() {
  return Response{503, "application/json", envelope(500, "INTERNAL_SERVER_ERROR", "null"), true};
}

Response not_found() { return Response{404, "text/plain", "Not Found\n", false}; }

Response plain_text(std::string body) { return Response{200, "text/plain", std::move(body), false}; }

Response csv_file(std::string body, std::string file_name) {
  return Response{200, "text/csv", std::move(body), false, false, std::move(file_name)};
}

}  // namespace coin
