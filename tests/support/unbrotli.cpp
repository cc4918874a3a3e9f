#include "tests/support/unbrotli.hpp"

#include <brotli/decode.h>

#include <cstdint>
#include <memory>
#include <stdexcept>

namespace coin::testing_support {

std::string unbrotli(std::string_view brotli) {
  const std::unique_ptr<BrotliDecoderState, void (*)(BrotliDecoderState*)> decoder(
      BrotliDecoderCreateInstance(nullptr, nullptr, nullptr), BrotliDecoderDestroyInstance);
  if (!decoder) throw std::runtime_error("BrotliDecoderCreateInstance failed");
  std::size_t available_in = brotli.size();
  const auto* next_in = reinterpret_cast<const std::uint8_t*>(brotli.data());
  std::string out;
  BrotliDecoderResult result = BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT;
  while (result == BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT) {
    std::uint8_t buffer[65536];
    std::size_t available_out = sizeof buffer;
    std::uint8_t* next_out = buffer;
    result = BrotliDecoderDecompressStream(decoder.get(), &available_in, &next_in, &available_out, &next_out, nullptr);
    out.append(reinterpret_cast<const char*>(buffer), sizeof buffer - available_out);
  }
  if (result != BROTLI_DECODER_RESULT_SUCCESS || available_in != 0) {
    throw std::runtime_error("not a whole brotli stream");
  }
  return out;
}

}  // namespace coin::testing_support
