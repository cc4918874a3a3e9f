#pragma once
// Brotli (RFC 7932) compression of a whole published answer, with libbrotlienc: the .br file
// beside an answer's .gz, which nginx sends to a client that takes br (nginx/published.conf).

#include <string>
#include <string_view>

namespace coin {

// The publisher compresses every answer a snapshot changed before the set can go out. Quality
// 2 took 22 ms for the demo's set (4.9 MB), about what gzip's level 1 takes, for 20% fewer bytes
// than gzip; 4 took twice that for 0.5% fewer, 5 and 6 four times that for more bytes on the
// demo's histories, and 11, 21% fewer, 4.5 s (docs/performance.md, Brotli).
inline constexpr int brotli_quality = 2;

std::string brotli_compress(std::string_view data);

}  // namespace coin
