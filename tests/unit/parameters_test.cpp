#include "shared/parameters.hpp"

#include <gtest/gtest.h>

#include "shared/endpoints.hpp"  // the protocol's parameters

namespace coin {
namespace {

CheckedParameters check_history(std::string_view query_string) {
  return check_parameters(QueryString::parse(query_string), {&api_parameter("chain"), &api_parameter("interval")});
}

std::string error_body(const CheckedParameters& checked) {
  EXPECT_TRUE(checked.error.has_value());
  return checked.error ? checked.error->body : "";
}

const std::string chain_missing =
    R"({"code":1,"message":"Required request parameter 'chain' is not present","data":null})";
const std::string interval_missing =
    R"({"code":1,"message":"Required request parameter 'interval' is not present","data":null})";
const std::string chain_invalid = R"({"code":10002,"message":"Invalid chain.","data":null})";
const std::string interval_invalid = R"({"code":10002,"message":"Invalid interval.","data":null})";

TEST(CheckParameters, ReturnsTheValuesInTheOrderAsked) {
  const CheckedParameters checked = check_history("interval=ANNUAL&x=1&chain=bsc");
  EXPECT_FALSE(checked.error.has_value());
  EXPECT_EQ(checked.values, (std::vector<std::string>{"bsc", "ANNUAL"}));
}

TEST(CheckParameters, AcceptsEveryAllowedValue) {
  for (const char* chain : {"tron", "eth", "bsc"}) {
    for (const char* interval : {"WEEKLY", "MONTHLY", "BIANNUAL", "ANNUAL"}) {
      EXPECT_FALSE(check_history(std::string("chain=") + chain + "&interval=" + interval).error);
    }
  }
}

TEST(CheckParameters, AMissingParameterIsCode1AndChainComesFirst) {
  EXPECT_EQ(error_body(check_history("")), chain_missing);
  EXPECT_EQ(error_body(check_history("interval=WEEKLY")), chain_missing);
  EXPECT_EQ(error_body(check_history("chain=eth")), interval_missing);
  EXPECT_EQ(error_body(check_history("Chain=eth&interval=WEEKLY")), chain_missing);
}

TEST(CheckParameters, PresenceIsCheckedBeforeValues) {
  EXPECT_EQ(error_body(check_history("chain=TRON")), interval_missing);
}

TEST(CheckParameters, AValueOutsideTheSetIsCode10002) {
  for (const char* chain : {"TRON", "Eth", "plasma", "", "tron ", "%20tron", "tron%00",
                            "tron'%20OR%20'1'='1", "eth;DROP+TABLE+x"}) {
    EXPECT_EQ(error_body(check_history(std::string("chain=") + chain + "&interval=WEEKLY")), chain_invalid)
        << chain;
  }
  for (const char* interval : {"weekly", "DAILY", "", "WEEKLY,MONTHLY"}) {
    EXPECT_EQ(error_body(check_history(std::string("chain=eth&interval=") + interval)), interval_invalid)
        << interval;
  }
}

TEST(CheckParameters, ChainValuesAreCheckedBeforeIntervalValues) {
  EXPECT_EQ(error_body(check_history("interval=DAILY&chain=sol")), chain_invalid);
}

TEST(CheckParameters, TheFirstOfRepeatedParametersCounts) {
  EXPECT_EQ(check_history("chain=eth&chain=nope&interval=WEEKLY").values,
            (std::vector<std::string>{"eth", "WEEKLY"}));
  EXPECT_EQ(error_body(check_history("chain=nope&chain=eth&interval=WEEKLY")), chain_invalid);
}

TEST(CheckParameters, AnEncodedValueIsDecodedFirst) {
  EXPECT_FALSE(check_history("chain=%65th&interval=WEEK%4CY").error);
}

TEST(CheckParameters, AValueOfTheDataPassesAsAWordForTheDatabaseToCheck) {
  const std::vector<const Parameter*> vault = {&api_parameter("chain"), &api_parameter("vaultType"), &api_parameter("interval")};
  const CheckedParameters checked =
      check_parameters(QueryString::parse("chain=tron&vaultType=anything-1&interval=WEEKLY"), vault);
  EXPECT_FALSE(checked.error.has_value());
  EXPECT_EQ(checked.values, (std::vector<std::string>{"tron", "anything-1", "WEEKLY"}));
  const std::string invalid = R"({"code":10002,"message":"Invalid vaultType.","data":null})";
  for (const char* value : {"", "TRX-A%00x", "TRX-A%0D%0ASet-Cookie:%20x=1", "TRX_A", "TRX-A%20", "..", "a/b",
                            "%E2%82%AC", "TRX-A'--"}) {
    const CheckedParameters bad = check_parameters(
        QueryString::parse(std::string("chain=tron&vaultType=") + value + "&interval=WEEKLY"), vault);
    EXPECT_EQ(bad.error ? bad.error->body : "accepted", invalid) << value;
  }
  // in order: chain's value, then vaultType's, then interval's
  EXPECT_EQ(check_parameters(QueryString::parse("chain=x&vaultType=&interval=x"), vault).error->body, chain_invalid);
  EXPECT_EQ(check_parameters(QueryString::parse("chain=eth&vaultType=&interval=x"), vault).error->body, invalid);
  EXPECT_EQ(check_parameters(QueryString::parse("chain=eth&vaultType=A&interval=x"), vault).error->body,
            interval_invalid);
}

TEST(IsDataWord, IsLettersDigitsAndDashesOnly) {
  EXPECT_TRUE(is_data_word("PSM-USDT-A"));
  EXPECT_TRUE(is_data_word("x"));
  EXPECT_FALSE(is_data_word(""));
  EXPECT_FALSE(is_data_word(std::string_view("A\0B", 3)));
  EXPECT_FALSE(is_data_word("A B"));
  EXPECT_FALSE(is_data_word("\xc3\x89"));
}

TEST(CheckParameters, AnOptionTakesItsDefaultOrAValueItAllows) {
  const Endpoint* urns = nullptr;
  for (const Endpoint& each : endpoints()) urns = each.spec == "6.16" ? &each : urns;
  ASSERT_NE(urns, nullptr);
  const auto check = [&](std::string_view query) {
    return check_parameters(QueryString::parse(query), urns->parameters, urns->options);
  };
  EXPECT_EQ(check("chain=eth&vaultType=ETH-A").values,
            (std::vector<std::string>{"eth", "ETH-A", "collateralization", "100", ""}));
  EXPECT_EQ(check("cursor=ab12&limit=0007&sort=debt&vaultType=ETH-A&chain=eth").values,
            (std::vector<std::string>{"eth", "ETH-A", "debt", "7", "ab12"}))
      << "a number as it is read";
  EXPECT_EQ(check("chain=eth&vaultType=ETH-A&limit=1000").values[3], "1000");
  for (const char* limit : {"0", "1001", "", "-1", "1e3", "ten", "10.0", " 10", "99999999999999"}) {
    EXPECT_EQ(error_body(check(std::string("chain=eth&vaultType=ETH-A&limit=") + limit)),
              R"({"code":10002,"message":"Invalid limit.","data":null})")
        << limit;
  }
  for (const char* sort : {"Debt", "", "risk", "debt "}) {
    EXPECT_EQ(error_body(check(std::string("chain=eth&vaultType=ETH-A&sort=") + sort)),
              R"({"code":10002,"message":"Invalid sort.","data":null})")
        << sort;
  }
  for (const char* cursor : {"", "a%20b", "a'b", "a_b"}) {
    EXPECT_EQ(error_body(check(std::string("chain=eth&vaultType=ETH-A&cursor=") + cursor)),
              R"({"code":10002,"message":"Invalid cursor.","data":null})")
        << cursor;
  }
  EXPECT_EQ(error_body(check("chain=eth&vaultType=ETH-A&cursor=" + std::string(257, 'a'))),
            R"({"code":10002,"message":"Invalid cursor.","data":null})");
  EXPECT_EQ(error_body(check("chain=x&vaultType=A&limit=0")), chain_invalid) << "the required parameters first";
}

}  // namespace
}  // namespace coin
