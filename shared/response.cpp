#include "shared/response.hpp"

#include <algorithm>
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
  // Copied run by run, between the white space left out: a published set compacts about a
  // megabyte of answers, most of them compact already.
  std::string out;
  out.reserve(json.size());
  std::size_t run = 0;  // where the run being copied starts
  bool in_string = false;
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') {
        ++i;  // the escaped character, whatever it is
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t') {
      out.append(json.substr(run, i - run));
      run = i + 1;
    }
  }
  out.append(json.substr(std::min(run, json.size())));
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
