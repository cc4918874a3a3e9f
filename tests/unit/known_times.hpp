#pragma once
// Times whose HTTP forms are worked out by hand, not taken from the code's output:
//   1778634000 s = 20586 days + 3600 s. Day 20586 after Thu 1970-01-01 is 132 days after
//   2026-01-01 (day 20454: 56 years, 14 of them leap), so 13 May (Jan..Apr hold 120 days);
//   20586 = 7 x 2940 + 6, so Thursday + 6 = a Wednesday; 3600 s is 01:00:00.
//   In hex, 1778634000 = 0x6a03cd10 (0x6a03 x 65536 = 1778581504, + 0xcd10 = 52496).

#include <ctime>

namespace coin::known_times {

constexpr std::time_t modified = 1778634000;
constexpr const char* modified_date = "Wed, 13 May 2026 01:00:00 GMT";
constexpr const char* modified_hex = "6a03cd10";
// RFC 9110's own example: Sun, 06 Nov 1994 08:49:37 GMT = 9075 days + 31777 s = 784111777
// = 0x2ebc98a1.
constexpr std::time_t rfc_example = 784111777;

}  // namespace coin::known_times
