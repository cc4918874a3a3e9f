#pragma once
// The requests the tests send, derived from the one endpoint list (shared/endpoints.hpp): a
// sample request per endpoint, and every answer the publisher renders.

#include <string>
#include <vector>

#include "shared/endpoints.hpp"

namespace coin::e2e {

// A request for one answer of an endpoint, its parameters written as nginx publishes them.
struct Request {
  const Endpoint* endpoint = nullptr;
  std::vector<std::string> values;  // the parameters' values, in the list's order
  std::string spec;                 // "6.13"
  std::string path;                 // with its canonical query: "/...?chain=tron&interval=WEEKLY"
  std::string content_type;         // of a success

  // "6.13 chain=tron&interval=WEEKLY": what a failure message names.
  std::string name() const;
  // The same request with an unknown parameter appended ("&x=1"): the same answer, which nginx
  // does not publish for an endpoint with parameters (only a canonical query is), so its group's
  // handlers answer it. An endpoint without parameters answers any query from its published file.
  std::string with_unknown_parameter() const;
};

Request request_for(const Endpoint& endpoint, const std::vector<std::string>& values);

// The parameter values of every answer the publisher renders from the fixture: the allowed
// combinations (coin::value_combinations), for 6.15 the fixture's Vaults in every window, for
// 6.18 its regular Vault types with a price; none of an endpoint that is not published.
std::vector<std::vector<std::string>> fixture_values(const Endpoint& endpoint);

// One request per endpoint, in list order: the first combination of values, except 6.12
// chain=eth, 6.13 chain=tron&interval=WEEKLY and 6.15 chain=tron&vaultType=TRX-A&interval=WEEKLY
// (tron's hourly points make a large answer), and tron's TRX-A for 6.16 and 6.18, its urn U1
// for 6.19.
std::vector<Request> sample_requests();

// Every answer the publisher renders from the fixture (fixture_values), in list order.
std::vector<Request> published_requests();

}  // namespace coin::e2e
