#pragma once
// An answer's .gz and .br in two parts: its start, compressed once and kept, and the rest,
// compressed on every set and put after it. A history's start (its window's kept points) stays
// the same bytes for an hour, its rest (the live point) changes with every snapshot, so a set
// compresses a few hundred bytes of it rather than the whole.
//
// gzip: shared/gzip.hpp's gzip_start and gzip_rest, which the handlers' gzip of the same answer
// is too (rendered_answer.hpp: compressed_variant), so that the two give the same bytes. brotli:
// the start is flushed (BROTLI_OPERATION_FLUSH ends its output on a byte boundary, between
// meta-blocks); Debian 12's libbrotlienc 1.0.9 cannot begin a stream that continues another, so
// the rest follows as uncompressed meta-blocks, then the empty last one (RFC 7932, 9.2: three
// bytes of header each). Either file is one valid stream, and decodes to start + rest.

#include <cstdint>
#include <string>
#include <string_view>

namespace coin {

// The start of an answer compressed, each stream flushed but not ended, and what its rest needs.
struct CompressedStart {
  std::string gzip;        // the .gz's first bytes: gzip_start's
  std::string brotli;      // the .br's first bytes
  std::uint32_t crc = 0;   // the start's CRC-32, for gzip_rest
};

CompressedStart compress_start(std::string_view start);

// The .br's bytes after a start: `rest` in uncompressed meta-blocks, then the last, empty one.
std::string brotli_rest(std::string_view rest);

}  // namespace coin
