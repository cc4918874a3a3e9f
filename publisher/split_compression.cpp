#include "publisher/split_compression.hpp"

#include <brotli/encode.h>

#include <algorithm>
#include <memory>
#include <stdexcept>

#include "publisher/brotli.hpp"
#include "shared/gzip.hpp"

namespace coin {
namespace {

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
  return {gzip_start(start), brotli_flushed(start), crc32_of(start)};
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
