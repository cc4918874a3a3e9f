#include "publisher/brotli.hpp"

#include <brotli/encode.h>

#include <cstdint>
#include <stdexcept>

namespace coin {

std::string brotli_compress(std::string_view data) {
  std::size_t size = BrotliEncoderMaxCompressedSize(data.size());
  std::string out(size, '\0');
  if (size == 0 ||
      !BrotliEncoderCompress(brotli_quality, BROTLI_DEFAULT_WINDOW, BROTLI_DEFAULT_MODE, data.size(),
                             reinterpret_cast<const std::uint8_t*>(data.data()), &size,
                             reinterpret_cast<std::uint8_t*>(out.data()))) {
    throw std::runtime_error("BrotliEncoderCompress failed");
  }
  out.resize(size);
  return out;
}

}  // namespace coin
