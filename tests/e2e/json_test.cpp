// The tests' own JSON reader, checked before anything relies on it.

#include <gtest/gtest.h>

#include "tests/e2e/json.hpp"

namespace coin::e2e {
namespace {

TEST(Json, KeepsNumbersAsSentAndTellsThemFromStrings) {
  const Json json = Json::parse(R"({"a":0.045699999999999999999999999999,"b":"0.0456","c":-12,"d":1e3})");
  EXPECT_TRUE(json["a"].is_number());
  EXPECT_EQ(json["a"].text(), "0.045699999999999999999999999999");
  EXPECT_TRUE(json["b"].is_string());
  EXPECT_EQ(json["b"].text(), "0.0456");
  EXPECT_EQ(json["c"].text(), "-12");
  EXPECT_EQ(json["d"].text(), "1e3");
  EXPECT_EQ(json["a"].number(), "0.045699999999999999999999999999");
  EXPECT_THROW(json["b"].number(), std::logic_error);
}

TEST(Json, ReadsNestingNullsAndOrder) {
  const Json json = Json::parse(R"( {"items" : [ {"x":null}, {"x":true} ], "z":"a\"b"} )");
  ASSERT_EQ(json["items"].size(), 2u);
  EXPECT_TRUE(json["items"][0]["x"].is_null());
  EXPECT_EQ(json["items"][1]["x"].text(), "true");
  EXPECT_EQ(json["z"].text(), "a\"b");
  EXPECT_EQ(json.members()[0].first, "items");
  EXPECT_FALSE(json.has("y"));
  EXPECT_THROW(json["y"], std::out_of_range);
}

TEST(Json, RejectsWhatIsNotJson) {
  for (const char* text : {"", "{", "[1,]", "{\"a\":01}", "1 2", "{'a':1}", "NaN", "[.5]"}) {
    EXPECT_THROW(Json::parse(text), std::invalid_argument) << text;
  }
}

}  // namespace
}  // namespace coin::e2e
