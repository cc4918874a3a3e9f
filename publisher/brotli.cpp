#include "publisher/brotli.hpp"

#include <brotli/encode.h>

#include <cstdint>
#include <stdexcept>

namespace coin {
namespace {

// The publisher compresses every answer a snapshot changed before the set can go out. Quality
// 2 took 22 ms for the demo's set (4.9 MB), about what gzip's level 1 takes, for 20% fewer bytes
// than gzip; 4 took twice that for 0.5% fewer, 5 and 6 four times that for more bytes on the
// demo's histories, and 11, 21% fewer, 4.5 s (docs/performance.md, Brotli).
constexpr int quality = 2;

}  // namespace

std::string brotli_compress(std::string_view data) {
  std::size_t size = BrotliEncoderMaxCompressedSize(data.size());
  std::string out(size, '\0');
  if (size == 0 ||
      !BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_DEFAULT_MODE, data.size(),
                             reinterpret_cast<const std::uint8_t*>(data.data()), &size,
                             reinterpret_cast<std::uint8_t*>(out.data()))) {
    throw std::runtime_error("BrotliEncoderCompress failed");
  }
  out.resize(size);
  return out;
}

}  // namespace coin
