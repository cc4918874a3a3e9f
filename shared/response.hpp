#pragma once
// What a handler answers: status, type and body. (rendered_answer.hpp turns it into the bytes
// sent.)
//
// Every endpoint but 6.1/6.2 answers with the spec's envelope (section 2.1):
//   {"code":0,"message":"SUCCESS","data":<payload>}
// The payload arrives as JSON text built by PostgreSQL and is copied verbatim, never parsed:
// numerics keep every digit.

#include <string>
#include <string_view>

namespace coin {

struct Response {
  int status = 200;
  std::string_view content_type = "application/json";
  std::string body;
  bool retry_later = false;  // adds Retry-After, for errors that should pass
  bool live = false;         // true of the moment only (/healthz, /metrics): never stored, no validators
  std::string file_name = {};  // offered for saving (Content-Disposition: attachment): CSV answers
  // The body's first bytes that are a history's kept part (endpoints.hpp: Endpoint::kept), which
  // its gzip variant compresses apart; 0: none.
  std::size_t kept_length = 0;
  bool immutable = false;  // an answer at a past time that can no longer change (history_options.hpp: at)
};

// The envelope with `data_json` (already JSON) as its data.
std::string envelope(int code, std::string_view message, std::string_view data_json);

// HTTP 200, code 0, SUCCESS; `data_json` is sent compacted.
Response success(std::string_view data_json);

// success(start_json + rest_json)'s body in two parts, split where start_json ends (between two
// of the data's tokens): the envelope's start and start_json compacted, then rest_json compacted
// and the envelope's end.
std::string success_start(std::string_view start_json);
std::string success_rest(std::string_view rest_json);

// `json` without the white space between its tokens; strings and numbers are left untouched.
// (PostgreSQL's json_build_object and json_agg write ' : ', ', ' and line breaks.)
std::string compact_json(std::string_view json);

// A business error (spec section 7): HTTP 200, a non-zero code, data null.
Response business_error(int code, std::string_view message);

// HTTP 503 with code 500 INTERNAL_SERVER_ERROR and Retry-After; the cause goes to the log only.
Response server_error();

// HTTP 404 for a path no endpoint has (nginx sends a handler only the paths of its endpoints,
// and gives a 404 its page, nginx/errors.conf).
Response not_found();

// A bare value as text/plain, no envelope (6.1, 6.2).
Response plain_text(std::string body);

// A CSV document (format=csv), offered for saving as `file_name`.
Response csv_file(std::string body, std::string file_name);

}  // namespace coin
