#pragma once
// The optional query parameters of the histories and of the lists, added to the spec's (section
// 9: added, never renamed):
//   from, to  the points of a history to keep, by statisticTime, both inclusive: epoch ms, or a
//             day YYYY-MM-DD of UTC+8 (from its 00:00, to its last millisecond); either may be
//             left out. A range outside the data keeps no point: an empty list, not an error.
//   format    json (the default) or csv.
//   at        the answer as of a past time (every endpoint whose figures the snapshot tables
//             keep): epoch ms, a day YYYY-MM-DD of UTC+8 (its 00:00), or an ISO 8601 time
//             YYYY-MM-DDTHH:MM[:SS[.fraction]] with Z or +HH:MM / -HH:MM.
// An endpoint that takes none of from, to and format ignores them, as it ignores any parameter
// it does not know. A value that is none of these gives code 10002 "Invalid from.", "Invalid
// to.", "Invalid format." or "Invalid at.", and so does a from after to ("Invalid from."),
// checked in that order after the required parameters (shared/parameters.hpp). at on an
// endpoint that does not keep its past (the urns and auctions) is "Invalid at: not kept for
// this endpoint.", never an answer of now; a time after now or before the first snapshot is
// the database's to refuse (api.answer_at).

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "shared/query_string.hpp"
#include "shared/response.hpp"

namespace coin {

struct HistoryOptions {
  std::string from, to;  // as the client wrote them; "" when left out
  std::int64_t from_ms = std::numeric_limits<std::int64_t>::min();
  std::int64_t to_ms = std::numeric_limits<std::int64_t>::max();
  bool csv = false;
  std::optional<std::int64_t> at_ms;  // the time asked for with at; none: now

  bool ranged() const { return !from.empty() || !to.empty(); }
};

struct CheckedOptions {
  std::optional<Response> error;  // set when a check failed
  HistoryOptions options;
};

// `takes_range`: the endpoint reads from and to; `takes_format`: it reads format; `takes_at`: at.
CheckedOptions check_options(const QueryString& query, bool takes_range, bool takes_format, bool takes_at);

// The epoch ms a bound stands for: digits (at most 15) as they are; a date YYYY-MM-DD (any year,
// 0000 to 9999) its first millisecond in UTC+8, or its last when `end_of_day`. Else nullopt.
std::optional<std::int64_t> parse_bound(std::string_view text, bool end_of_day);

// The epoch ms at names: what parse_bound reads (a day: its first millisecond), or an ISO 8601
// time YYYY-MM-DDTHH:MM[:SS[.fraction]] with Z or an offset +HH:MM / -HH:MM (a space for the
// + of an offset: a + not sent as %2B arrives as one), its fraction cut to the millisecond.
// Else nullopt.
std::optional<std::int64_t> parse_instant(std::string_view text);

}  // namespace coin
