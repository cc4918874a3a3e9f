#include "shared/response.hpp"

#include <gtest/gtest.h>

namespace coin {
namespace {

TEST(Envelope, WrapsDataVerbatim) {
  EXPECT_EQ(envelope(0, "SUCCESS", R"({"apy":0.04187523017364205837261904762})"),
            R"({"code":0,"message":"SUCCESS","data":{"apy":0.04187523017364205837261904762}})");
}

TEST(Envelope, EscapesTheMessage) {
  EXPECT_EQ(envelope(1, "Required request parameter 'chain' is \"not\" present\n", "null"),
            R"({"code":1,"message":"Required request parameter 'chain' is \"not\" present\n","data":null})");
}

TEST(Success, IsCodeZeroWithJson) {
  const Response response = success("[1,2]");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.content_type, "application/json");
  EXPECT_EQ(response.body, R"({"code":0,"message":"SUCCESS","data":[1,2]})");
  EXPECT_FALSE(response.retry_later);
}

TEST(Success, CompactsTheData) {
  EXPECT_EQ(success("[{\"a\" : 1, \"b\" : [2, 3]}, \n {\"a\" : 4}]").body,
            R"({"code":0,"message":"SUCCESS","data":[{"a":1,"b":[2,3]},{"a":4}]})");
}

TEST(Success, SplitsBetweenTwoTokensAsAWhole) {
  const std::string start = R"({"items" : [{"a" : 1}, )";
  const std::string rest = R"({"a" : " 2 "}]})";
  EXPECT_EQ(success_start(start), R"({"code":0,"message":"SUCCESS","data":{"items":[{"a":1},)");
  EXPECT_EQ(success_start(start) + success_rest(rest), success(start + rest).body);
}

TEST(CompactJson, KeepsStringsAsTheyAre) {
  EXPECT_EQ(compact_json(R"j({"time" : "2026-05-13 00:00 (UTC+8)", "tag" : " a , b "})j"),
            R"j({"time":"2026-05-13 00:00 (UTC+8)","tag":" a , b "})j");
}

TEST(CompactJson, KnowsEscapedQuotesAndBackslashes) {
  EXPECT_EQ(compact_json(R"({"a" : "say \"hi \" ", "b" : "c:\\ ", "d" : 1})"),
            R"({"a":"say \"hi \" ","b":"c:\\ ","d":1})");
}

TEST(CompactJson, LeavesNumbersAndCompactTextAlone) {
  const std::string compact = R"({"apy":0.045699999999999999999999999999,"n":-1.5e-7,"x":null})";
  EXPECT_EQ(compact_json(compact), compact);
  EXPECT_EQ(compact_json("\t[ 1 ,\r\n 2 ]\n"), "[1,2]");
}

TEST(BusinessError, IsHttp200WithTheCodeAndNullData) {
  const Response response = business_error(10002, "Invalid chain.");
  EXPECT_EQ(response.status, 200);
  EXPECT_EQ(response.body, R"({"code":10002,"message":"Invalid chain.","data":null})");
}

TEST(ServerError, Is503WithCode500AndRetryAfter) {
  const Response response = server_error();
  EXPECT_EQ(response.status, 503);
  EXPECT_EQ(response.body, R"({"code":500,"message":"INTERNAL_SERVER_ERROR","data":null})");
  EXPECT_TRUE(response.retry_later);
}

TEST(PlainText, IsTextPlainWithoutEnvelope) {
  const Response response = plain_text("812345678.25");
  EXPECT_EQ(response.content_type, "text/plain");
  EXPECT_EQ(response.body, "812345678.25");
}

}  // namespace
}  // namespace coin
