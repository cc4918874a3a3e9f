#include "shared/query_string.hpp"

#include <gtest/gtest.h>

namespace coin {
namespace {

TEST(QueryString, FindsEachKey) {
  const QueryString query = QueryString::parse("chain=eth&interval=WEEKLY");
  EXPECT_EQ(query.get("chain"), "eth");
  EXPECT_EQ(query.get("interval"), "WEEKLY");
  EXPECT_EQ(query.get("other"), std::nullopt);
}

TEST(QueryString, FirstOfRepeatedKeysWins) {
  EXPECT_EQ(QueryString::parse("chain=tron&chain=eth").get("chain"), "tron");
  EXPECT_EQ(QueryString::parse("chain=&chain=eth").get("chain"), "");
}

TEST(QueryString, EmptyValuesArePresent) {
  const QueryString query = QueryString::parse("chain=&interval");
  EXPECT_EQ(query.get("chain"), "");
  EXPECT_EQ(query.get("interval"), "");
}

TEST(QueryString, EmptyInputAndEmptyPairsGiveNothing) {
  EXPECT_EQ(QueryString::parse("").get("chain"), std::nullopt);
  EXPECT_EQ(QueryString::parse("&&=x&").get(""), "x");
  EXPECT_EQ(QueryString::parse("&&chain=bsc&").get("chain"), "bsc");
}

TEST(QueryString, OnlyTheFirstEqualsSplits) {
  EXPECT_EQ(QueryString::parse("chain=a=b").get("chain"), "a=b");
}

TEST(QueryString, DecodesKeysAndValues) {
  const QueryString query = QueryString::parse("ch%61in=%65th&note=a+b%20c");
  EXPECT_EQ(query.get("chain"), "eth");
  EXPECT_EQ(query.get("note"), "a b c");
}

TEST(QueryString, KeysAreCaseSensitive) {
  EXPECT_EQ(QueryString::parse("Chain=eth").get("chain"), std::nullopt);
}

TEST(PercentDecode, DecodesUpperAndLowerHex) {
  EXPECT_EQ(percent_decode("%2F%2f%41"), "//A");
  EXPECT_EQ(percent_decode("%27%3B%20DROP"), "'; DROP");
}

TEST(PercentDecode, PlusIsASpaceButAnEncodedPlusIsAPlus) {
  EXPECT_EQ(percent_decode("a+b"), "a b");
  EXPECT_EQ(percent_decode("a%2Bb"), "a+b");
}

TEST(PercentDecode, KeepsMalformedEscapesAsTheyStand) {
  EXPECT_EQ(percent_decode("%"), "%");
  EXPECT_EQ(percent_decode("%4"), "%4");
  EXPECT_EQ(percent_decode("%zz"), "%zz");
  EXPECT_EQ(percent_decode("%4g1"), "%4g1");
  EXPECT_EQ(percent_decode("100%"), "100%");
}

TEST(PercentDecode, DecodesAnEscapeAtTheVeryEnd) { EXPECT_EQ(percent_decode("a%41"), "aA"); }

TEST(PercentDecode, KeepsNulAndHighBytes) {
  EXPECT_EQ(percent_decode("a%00b"), std::string("a\0b", 3));
  EXPECT_EQ(percent_decode("%FF"), "\xFF");
}

}  // namespace
}  // namespace coin
