#include "publisher/split_compression.hpp"

#include <brotli/encode.h>
#include <zlib.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "publisher/brotli.hpp"
#include "shared/gzip.hpp"

namespace coin {
namespace {

const Bytef* bytes_of(std::string_view text) { return reinterpret_cast<const Bytef*>(text.data()); }

// Deflates `data` with zlib's `window_bits` (31: a gzip header first; -15: raw blocks) and
// `flush` (Z_SYNC_FLUSH: flushed, not ended; Z_FINISH: ended).
std::string deflated(std::string_view data, int window_bits, int flush) {
  z_stream stream{};
  if (deflateInit2(&stream, gzip_level, Z_DEFLATED, window_bits, 8, Z_DEFAULT_STRATEGY) != Z_OK) {
    throw std::runtime_error("deflateInit2 failed");
  }
  const std::unique_ptr<z_stream, int (*)(z_stream*)> ended(&stream, deflateEnd);
  // The bound of a finished stream, and room for the header and the flush's empty block.
  std::string out(deflateBound(&stream, static_cast<uLong>(data.size())) + 32, '\0');
  stream.next_in = const_cast<Bytef*>(bytes_of(data));
  stream.avail_in = static_cast<uInt>(data.size());
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  stream.avail_out = static_cast<uInt>(out.size());
  const int status = deflate(&stream, flush);
  if (status != (flush == Z_FINISH ? Z_STREAM_END : Z_OK) || stream.avail_in != 0 || stream.avail_out == 0) {
    throw std::runtime_error("deflate did not take the whole answer");
  }
  out.resize(stream.total_out);
  return out;
}

std::string brotli_flushed(std::string_view data) {
  const std::unique_ptr<BrotliEncoderState, void (*)(BrotliEncoderState*)> encoder(
      BrotliEncoderCreateInstance(nullptr, nullptr, nullptr), BrotliEncoderDestroyInstance);
  if (!encoder || !BrotliEncoderSetParameter(encoder.get(), BROTLI_PARAM_QUALITY, brotli_quality)) {
    throw std::runtime_error("cannot make a brotli encoder");
  }
  std::string out;
  std::size_t available = data.size();
  const std::uint8_t* next = reinterpret_cast<const std::uint8_t*>(data.data());
  do {
    std::size_t no_room = 0;  // the encoder's own buffer, taken below
    if (!BrotliEncoderCompressStream(encoder.get(), BROTLI_OPERATION_FLUSH, &available, &next, &no_room, nullptr,
                                     nullptr)) {
      throw std::runtime_error("brotli could not compress an answer");
    }
    std::size_t size = 0;
    const std::uint8_t* taken = BrotliEncoderTakeOutput(encoder.get(), &size);
    out.append(reinterpret_cast<const char*>(taken), size);
  } while (available != 0 || BrotliEncoderHasMoreOutput(encoder.get()));
  return out;
}

}  // namespace

CompressedStart compress_start(std::string_view start) {
  return {deflated(start, 15 + 16, Z_SYNC_FLUSH), brotli_flushed(start),
          static_cast<std::uint32_t>(crc32(0, bytes_of(start), static_cast<uInt>(start.size())))};
}

std::string gzip_rest(std::string_view rest, std::uint32_t start_crc, std::size_t start_length) {
  std::string out = deflated(rest, -15, Z_FINISH);
  const uLong crc = crc32_combine(start_crc, crc32(0, bytes_of(rest), static_cast<uInt>(rest.size())),
                                  static_cast<z_off_t>(rest.size()));
  const std::size_t length = start_length + rest.size();  // ISIZE: modulo 2^32
  for (const std::uint32_t word : {static_cast<std::uint32_t>(crc), static_cast<std::uint32_t>(length)}) {
    for (int shift = 0; shift < 32; shift += 8) out += static_cast<char>((word >> shift) & 0xff);  // little-endian
  }
  return out;
}

std::string brotli_rest(std::string_view rest) {
  constexpr std::size_t most = 1 << 16;  // what MLEN's four nibbles hold
  std::string out;
  for (std::size_t at = 0; at < rest.size(); at += most) {
    const std::size_t length = std::min(most, rest.size() - at);
    // ISLAST 0, MNIBBLES 4 (0), MLEN - 1 in 16 bits, ISUNCOMPRESSED 1, then 0 up to the byte.
    const std::uint32_t header = static_cast<std::uint32_t>(length - 1) << 3 | 1U << 19;
    for (int shift = 0; shift < 24; shift += 8) out += static_cast<char>((header >> shift) & 0xff);
    out.append(rest.substr(at, length));
  }
  out += '\x03';  // ISLAST 1, ISLASTEMPTY 1
  return out;
}

}  // namespace coin
