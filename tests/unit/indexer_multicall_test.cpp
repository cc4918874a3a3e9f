#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "indexer/abi.hpp"
#include "indexer/multicall.hpp"

namespace coin::indexer {
namespace {

// One 32-byte word of hex digits holding a small number.
std::string word(unsigned number) {
  char hex[65];
  std::snprintf(hex, sizeof hex, "%064x", number);
  return hex;
}

// aggregate3((address,bool,bytes)[]) with two calls, worked out by hand from the ABI's rules for
// a dynamic array of dynamic tuples: totalSupply() on 0x..01 (4 bytes of data) and
// balanceOf(0x..03) on 0x..02 (36 bytes). After the selector: the array's offset (0x20), its
// length (2), the tuples' offsets counted from after the length (2 words of offsets: 0x40; the
// first tuple is 4 words and one of data: 0x40 + 0xa0 = 0xe0), then each tuple: target, true,
// the offset of its bytes in the tuple (0x60), their length, the bytes padded to whole words.
TEST(IndexerMulticall, Aggregate3DataIsTheAbiEncoding) {
  const std::string balance_of_3 = "70a08231" + word(3);
  const std::string expected = "0x82ad56cb" + word(0x20) + word(2) + word(0x40) + word(0xe0) +  //
                               word(1) + word(1) + word(0x60) + word(4) + "18160ddd" + std::string(56, '0') +
                               word(2) + word(1) + word(0x60) + word(36) + balance_of_3 + std::string(56, '0');
  EXPECT_EQ(aggregate3_data({{"0x0000000000000000000000000000000000000001", "0x18160ddd"},
                             {"0x0000000000000000000000000000000000000002", "0x" + balance_of_3}}),
            expected);
  EXPECT_EQ(aggregate3_data({}), "0x82ad56cb" + word(0x20) + word(0));
}

// The result of two calls, (true, one word: 5) and (false, no data): the array's offset and
// length, the tuples' offsets (0x40, and 0x40 + 4 words = 0xc0), then each tuple: success, the
// offset of its bytes (0x40), their length and the bytes.
const std::string two_results = "0x" + word(0x20) + word(2) + word(0x40) + word(0xc0) +  //
                                word(1) + word(0x40) + word(32) + word(5) +              //
                                word(0) + word(0x40) + word(0);

TEST(IndexerMulticall, Aggregate3ResultsAreEachCallsSuccessAndData) {
  const std::vector<Call3Result> results = aggregate3_results(two_results, 2);
  ASSERT_EQ(results.size(), 2u);
  EXPECT_TRUE(results[0].success);
  EXPECT_EQ(results[0].data, "0x" + word(5));
  EXPECT_FALSE(results[1].success);
  EXPECT_EQ(results[1].data, "0x");
}

std::string error_of(const std::string& result, std::size_t expected) {
  try {
    aggregate3_results(result, expected);
  } catch (const AbiError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(IndexerMulticall, AMalformedResultIsRefused) {
  EXPECT_EQ(error_of(two_results, 3), "aggregate3 result has 2 entries where 3 calls were made");
  EXPECT_EQ(error_of("0x", 0), "aggregate3 result: the array's offset is outside the result");
  EXPECT_EQ(error_of(two_results + "00", 2), "aggregate3 result is not 0x and whole 32-byte words");
  // An entry's offset past the end, a success that is not a bool, data longer than the result.
  std::string result = two_results;
  result.replace(2 + 3 * 64, 64, word(0x400));
  EXPECT_EQ(error_of(result, 2), "aggregate3 result: an entry's success is outside the result");
  result = two_results;
  result.replace(2 + 4 * 64, 64, word(2));
  EXPECT_EQ(error_of(result, 2), "aggregate3 result: an entry's success is not a bool");
  result = two_results;
  result.replace(2 + 6 * 64, 64, word(200));
  EXPECT_EQ(error_of(result, 2), "aggregate3 result: returned data is outside the result");
  // An offset or length too large to add up is refused before any sum.
  result = two_results;
  result.replace(2 + 2 * 64, 64, std::string(64, 'f'));
  EXPECT_NE(error_of(result, 2).find("is more than 16777216"), std::string::npos) << error_of(result, 2);
}

}  // namespace
}  // namespace coin::indexer
