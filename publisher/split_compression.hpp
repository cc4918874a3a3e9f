#pragma once
// An answer's .gz and .br in two parts: its start, compressed once and kept, and the rest,
// compressed on every set and put after it. A history's start (its window's kept points) stays
// the same bytes for an hour, its rest (the live point) changes with every snapshot, so a set
// compresses a few hundred bytes of it rather than the whole.
//
// gzip: the start is deflated and flushed to a byte boundary (Z_SYNC_FLUSH) without ending the
// stream; the rest is a deflate stream of its own, whose blocks follow (the last one ends it),
// and the trailer's CRC-32 is the start's and the rest's combined (zlib's crc32_combine, made
// for this). brotli: the start is flushed (BROTLI_OPERATION_FLUSH ends its output on a byte
// boundary, between meta-blocks); Debian 12's libbrotlienc 1.0.9 cannot begin a stream that
// continues another, so the rest follows as uncompressed meta-blocks, then the empty last one
// (RFC 7932, 9.2: a few bytes of header each). Either file is one valid stream, and decodes to
// start + rest.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace coin {

// The start of an answer compressed, each stream flushed but not ended, and what its rest needs.
struct CompressedStart {
  std::string gzip;        // the .gz's first bytes: its header and the start's blocks
  std::string brotli;      // the .br's first bytes
  std::uint32_t crc = 0;   // the start's CRC-32
};

CompressedStart compress_start(std::string_view start);

// The .gz's bytes after a start of `start_length` bytes whose CRC-32 is `start_crc`: `rest`'s
// blocks, the last one final, and the trailer.
std::string gzip_rest(std::string_view rest, std::uint32_t start_crc, std::size_t start_length);

// The .br's bytes after a start: `rest` in uncompressed meta-blocks, then the last, empty one.
std::string brotli_rest(std::string_view rest);

}  // namespace coin
