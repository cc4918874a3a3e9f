#pragma once
// What the scale tests share: the requests that reach each kind of answer, and the snapshot an
// answer speaks for.

#include <ctime>
#include <string>
#include <string_view>
#include <vector>

#include "shared/request_conditions.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/requests.hpp"
#include "tests/fault/fault.hpp"

namespace coin::scale {

using fault::Clock;
using fault::eventually;
using fault::every_endpoint;
using fault::patience;
using fault::report;
using fault::seconds_since;
using fault::seconds_until;
using namespace std::chrono_literals;

// What the answers show after Topology::write_snapshot(minute): their Last-Modified, the
// snapshot's time (the fixture's newest, 2026-05-13 08:00 UTC+8, and `minute` minutes), and 6.1
// (the fixture's 1000255000.499999999999999999 and `minute` COIN).
constexpr std::time_t fixture_snapshot = 1778630400;
inline std::time_t snapshot_time(int minute) { return fixture_snapshot + 60 * minute; }
inline std::string total_supply(int minute) {
  return std::to_string(1000255000L + minute) + ".499999999999999999";
}

// A request per endpoint with parameters, in a form nginx does not publish (an unknown
// parameter), of the endpoints with `pool` of their own (their x-endpoint in the OpenAPI document), or with none
// (their group's): the hosts of that pool answer each, from their cache.
inline std::vector<std::string> handler_paths(std::string_view pool = {}) {
  std::vector<std::string> paths;
  for (const e2e::Request& request : e2e::sample_requests()) {
    if (request.endpoint->parameters.empty() || request.endpoint->pool != pool) continue;
    paths.push_back(request.with_unknown_parameter());
  }
  return paths;
}

// The newest snapshot an answer shows: its Last-Modified in epoch seconds, -1 without one.
inline std::time_t snapshot_of(const e2e::HttpResponse& response) {
  return parse_http_date(response.header("last-modified")).value_or(-1);
}

}  // namespace coin::scale
