#include "shared/gzip.hpp"

#include <zlib.h>

#include <memory>
#include <stdexcept>

namespace coin {
namespace {

const Bytef* bytes_of(std::string_view text) { return reinterpret_cast<const Bytef*>(text.data()); }

// Deflates `data` with zlib's `window_bits` (15 + 16: a gzip header and trailer; -15: raw blocks)
// and `flush` (Z_FINISH: the stream ended; Z_SYNC_FLUSH: flushed, left open).
std::string deflated(std::string_view data, int window_bits, int flush) {
  z_stream stream{};
  if (deflateInit2(&stream, gzip_level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("deflateInit2 failed");
  }
  const std::unique_ptr<z_stream, int (*)(z_stream*)> ended(&stream, deflateEnd);
  // The bound of a finished stream, and room for a flush's empty block: one call takes it all.
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())) + 32, '\0');
  stream.next_in = const_cast<Bytef*>(bytes_of(data));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, flush);
  if (status != (flush == Z_FINISH ? Z_STREAM_END : Z_OK) || stream.avail_in != 0 || stream.avail_out == 0) {
    throw std::runtime_error("deflate did not take the whole body");
  }
  out.resize(stream.total_out);
  return out;
}

}  // namespace

std::string gzip_compress(std::string_view data) { return deflated(data, 15 + 16, Z_FINISH); }

std::string gzip_start(std::string_view start) { return deflated(start, 15 + 16, Z_SYNC_FLUSH); }

std::string gzip_rest(std::string_view rest, std::uint32_t start_crc, std::size_t start_length) {
  std::string out = deflated(rest, -15, Z_FINISH);
  const uLong crc = crc32_combine(start_crc, crc32_of(rest), static_cast<z_off_t>(rest.size()));
  const std::size_t length = start_length + rest.size();  // ISIZE: modulo 2^32
  for (const std::uint32_t word : {static_cast<std::uint32_t>(crc), static_cast<std::uint32_t>(length)}) {
    for (int shift = 0; shift < 32; shift += 8) out += static_cast<char>((word >> shift) & 0xff);  // little-endian
  }
  return out;
}

std::uint32_t crc32_of(std::string_view data) {
  return static_cast<std::uint32_t>(crc32(0, bytes_of(data), static_cast<uInt>(data.size())));
}

}  // namespace coin
