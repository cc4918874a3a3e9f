#include "indexer/multicall.hpp"

#include <cstdint>

#include "indexer/abi.hpp"

namespace coin::indexer {

namespace {

constexpr std::uint32_t aggregate3 = 0x82ad56cb;  // aggregate3((address,bool,bytes)[])
constexpr std::size_t word_bytes = 32;
constexpr unsigned most_offset = 1u << 24;  // bounds every offset and length before any sum

std::string number_hex(std::size_t number) {
  return call_data(0, {uint256_word(std::to_string(number))}).substr(10);  // the word's 64 digits
}

std::size_t padded(std::size_t bytes) { return (bytes + word_bytes - 1) / word_bytes * word_bytes; }

// aggregate3's result as words, read by byte position with every offset and length checked.
class ResultWords {
 public:
  explicit ResultWords(std::string_view result) {
    if (result.size() < 2 || (result.size() - 2) % 64 != 0) {
      throw AbiError("aggregate3 result is not 0x and whole 32-byte words");
    }
    words_ = split_words(result, (result.size() - 2) / 64);
  }

  // The number in the word at byte `at` (a multiple of 32, as every field of this result is).
  std::size_t number_at(std::size_t at, const char* what) const {
    if (at % word_bytes != 0 || at / word_bytes >= words_.size()) {
      throw AbiError(std::string("aggregate3 result: ") + what + " is outside the result");
    }
    return word_to_small(words_[at / word_bytes], most_offset);
  }

  // `length` bytes from byte `at`, as "0x" and hex.
  std::string bytes_at(std::size_t at, std::size_t length) const {
    if (at % word_bytes != 0 || at / word_bytes + padded(length) / word_bytes > words_.size()) {
      throw AbiError("aggregate3 result: returned data is outside the result");
    }
    static constexpr char digits[] = "0123456789abcdef";
    std::string hex = "0x";
    for (std::size_t i = 0; i < length; ++i) {
      const std::uint8_t byte = words_[(at + i) / word_bytes][(at + i) % word_bytes];
      hex += digits[byte >> 4];
      hex += digits[byte & 0xf];
    }
    return hex;
  }

 private:
  std::vector<Word> words_;
};

}  // namespace

std::string aggregate3_data(const std::vector<Call3>& calls) {
  // aggregate3's one argument is a dynamic array of dynamic tuples: the array's offset, its
  // length, each tuple's offset from the end of the length, then the tuples (target, true, the
  // offset of their bytes, the bytes' length, the bytes padded to whole words).
  std::string heads, tails;
  std::size_t tail_bytes = calls.size() * word_bytes;
  for (const Call3& call : calls) {
    const std::string_view data = std::string_view(call.data).substr(2);
    heads += number_hex(tail_bytes);
    tails += call_data(0, {address_word(call.target), uint256_word("1"), uint256_word("96"),
                           uint256_word(std::to_string(data.size() / 2))})
                 .substr(10);
    tails += data;
    tails.append(padded(data.size() / 2) * 2 - data.size(), '0');
    tail_bytes += 4 * word_bytes + padded(data.size() / 2);
  }
  return call_data(aggregate3, {uint256_word("32"), uint256_word(std::to_string(calls.size()))}) + heads + tails;
}

std::vector<Call3Result> aggregate3_results(std::string_view result, std::size_t expected) {
  const ResultWords words(result);
  const std::size_t array = words.number_at(0, "the array's offset");
  const std::size_t count = words.number_at(array, "the array's length");
  if (count != expected) {
    throw AbiError("aggregate3 result has " + std::to_string(count) + " entries where " +
                   std::to_string(expected) + " calls were made");
  }
  const std::size_t first = array + word_bytes;  // offsets count from here
  std::vector<Call3Result> results;
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t tuple = first + words.number_at(first + i * word_bytes, "an entry's offset");
    const std::size_t success = words.number_at(tuple, "an entry's success");
    if (success > 1) throw AbiError("aggregate3 result: an entry's success is not a bool");
    const std::size_t bytes = tuple + words.number_at(tuple + word_bytes, "an entry's data offset");
    const std::size_t length = words.number_at(bytes, "an entry's data length");
    results.push_back({success == 1, words.bytes_at(bytes + word_bytes, length)});
  }
  return results;
}

}  // namespace coin::indexer
