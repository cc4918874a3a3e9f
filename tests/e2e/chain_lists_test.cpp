// Every list of the protocol's chains against the database's enum snapshot.chain (sql/deploy/
// snapshot_tables.sql), which is the source: the same chains in the same order. The C++ list
// (shared/chains.hpp), every chain enum of the OpenAPI document and the length of its arrays of
// one element per chain, the chain scripts' list
// (chain/lib.mjs), the dashboard's looks and the browser test's names, and the answers' fields
// named after a chain. Adding a chain (docs/recipes.md) that leaves one of them behind fails
// here, naming it. On the fixture stack's database.

#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <string_view>
#include <vector>

#include "shared/chains.hpp"
#include "shared/endpoints.hpp"
#include "tests/e2e/envelope.hpp"
#include "tests/e2e/http_client.hpp"
#include "tests/e2e/json.hpp"
#include "tests/e2e/processes.hpp"
#include "tests/e2e/stack.hpp"

namespace coin::e2e {
namespace {

// A list of chains as one line, "tron eth bsc", so that a difference reads at a glance.
template <typename Names>
std::string line_of(const Names& names) {
  std::string line;
  for (const auto& name : names) line += (line.empty() ? "" : " ") + std::string(name);
  return line;
}

// The enum's labels in their order, as line_of writes them.
std::string enum_chains() {
  std::string labels = fixture_stack().query("postgres", "SELECT unnest(enum_range(NULL::snapshot.chain))");
  while (!labels.empty() && labels.back() == '\n') labels.pop_back();
  std::replace(labels.begin(), labels.end(), '\n', ' ');
  return labels;
}

std::string source_file(std::string_view path) { return read_file(std::string(COIN_SOURCE_DIR) + "/" + std::string(path)); }

// The first match of `block` in the source file `path`, and in it each match of `item`'s first
// group, in order.
std::string names_in(std::string_view path, const std::string& block, const std::string& item) {
  const std::string text = source_file(path);
  std::smatch found;
  if (!std::regex_search(text, found, std::regex(block))) return "(no " + block + " in " + std::string(path) + ")";
  const std::string part = found.str();
  std::vector<std::string> names;
  const std::regex item_pattern(item);
  for (auto it = std::sregex_iterator(part.begin(), part.end(), item_pattern); it != std::sregex_iterator(); ++it) {
    names.push_back((*it)[1]);
  }
  return line_of(names);
}

Json answer(std::string_view path) { return data_of(http("GET", fixture_stack().url(path)).body); }

bool ends_with(std::string_view text, std::string_view end) {
  return text.size() >= end.size() && text.substr(text.size() - end.size()) == end;
}

// The names of `object`'s members that end in `suffix`, the suffix cut, in the order sent.
std::string members_ending_in(const Json& object, std::string_view suffix) {
  std::vector<std::string> names;
  for (const auto& [name, value] : object.members()) {
    if (name.size() > suffix.size() && ends_with(name, suffix)) names.push_back(name.substr(0, name.size() - suffix.size()));
  }
  return line_of(names);
}

TEST(ChainLists, TheCppListIsTheEnum) {
  EXPECT_EQ(line_of(protocol_chains), enum_chains()) << "shared/chains.hpp";
  EXPECT_EQ(line_of(chain_parameter.allowed), enum_chains()) << "shared/endpoints.hpp, chain_parameter";
}

// What names the chains in the OpenAPI document, found under `value` (at `where`, a JSON
// Pointer): the enums of the chain parameter's schema and of each property named chain, and the
// arrays of a fixed length, which have an element per chain (6.8's items, 6.9, 6.10).
struct DocumentChains {
  int enums = 0;
  int arrays = 0;
};

void expect_document_chains(const Json& value, const std::string& where, DocumentChains* found) {
  if (value.type() == Json::Type::array) {
    for (size_t i = 0; i < value.size(); ++i) expect_document_chains(value[i], where + "/" + std::to_string(i), found);
  }
  if (value.type() != Json::Type::object) return;
  if ((ends_with(where, "/parameters/chain/schema") || ends_with(where, "/properties/chain")) && value.has("enum")) {
    std::vector<std::string> names;
    for (const Json& name : value["enum"].elements()) names.push_back(name.text());
    EXPECT_EQ(line_of(names), enum_chains()) << "openapi/openapi.json " << where;
    ++found->enums;
  }
  if (value.has("minItems") && value.has("maxItems") && value["minItems"].text() == value["maxItems"].text()) {
    const std::string chains = enum_chains();
    EXPECT_EQ(value["minItems"].text(), std::to_string(std::count(chains.begin(), chains.end(), ' ') + 1))
        << "openapi/openapi.json " << where << ": an array of one element per chain";
    ++found->arrays;
  }
  for (const auto& [name, member] : value.members()) expect_document_chains(member, where + "/" + name, found);
}

TEST(ChainLists, TheOpenApiDocumentsEnumsAndArraysAreTheEnums) {
  DocumentChains found;
  expect_document_chains(Json::parse(source_file("openapi/openapi.json")), "", &found);
  // The chain parameter, and the chain of 6.8's items, of 6.12's Vaults and of 6.14's allocator
  // Vaults (a position's chain is free text: it may be any chain, plasma too).
  EXPECT_EQ(found.enums, 4);
  // 6.8's items, 6.9's coin and scoin, 6.10's collateralValue.
  EXPECT_EQ(found.arrays, 4);
}

TEST(ChainLists, TheChainScriptsListIsTheEnum) {
  EXPECT_EQ(names_in("chain/lib.mjs", R"(PROTOCOL_CHAINS = \[[^\]]*\])", R"('(\w+)')"), enum_chains())
      << "chain/lib.mjs, PROTOCOL_CHAINS";
}

// The pages take the chains from the API; what they hold is how each chain is shown.
TEST(ChainLists, TheDashboardShowsEachChainItsOwnWay) {
  EXPECT_EQ(names_in("web/assets/dashboard.js", R"(const LOOK = \{[^;]*\};)", R"(\n  (\w+): \{)"), enum_chains())
      << "web/assets/dashboard.js, LOOK";
  EXPECT_EQ(names_in("tests/browser/dashboard.mjs", R"(const CHAIN_NAMES = \{[^}]*\})", R"((\w+): ')"), enum_chains())
      << "tests/browser/dashboard.mjs, CHAIN_NAMES";
}

// The spec's fields named after a chain (6.3, 6.4, 6.5, 6.6), its items per chain (6.8) and its
// 3-element arrays (6.9, 6.10): a view's column per chain, written by hand.
TEST(ChainLists, TheAnswersHaveAFieldPerChain) {
  EXPECT_EQ(members_ending_in(answer("/api/v1/external/earn-apy"), "Apy"), enum_chains()) << "6.3";
  for (const char* path : {"/api/v1/external/total-supply/coin", "/api/v1/external/total-supply/scoin"}) {
    const Json supply = answer(path);
    std::vector<std::string> names;
    for (const auto& [name, value] : supply.members()) {
      if (name != "symbol" && name != "totalSupply") names.push_back(name);
    }
    EXPECT_EQ(line_of(names), enum_chains()) << path;
  }
  EXPECT_EQ(members_ending_in(answer("/api/v1/market-site/overview"), "Apy"), enum_chains()) << "6.6";
  const Json apy = answer("/api/v1/market-site/overview/apy");
  std::vector<std::string> items;
  for (const Json& item : apy["items"].elements()) {
    items.push_back(item["chain"].text());
  }
  EXPECT_EQ(line_of(items), enum_chains()) << "6.8";
  for (const char* path :
       {"/api/v1/data-platform/overview/supply-value-history", "/api/v1/data-platform/overview/collateral-value-history"}) {
    const Json points = answer(path);
    ASSERT_GT(points.size(), 0U) << path;
    for (const auto& [name, value] : points[0].members()) {
      if (value.type() == Json::Type::array) {
        EXPECT_EQ(value.size(), items.size()) << path << " " << name;
      }
    }
  }
}

}  // namespace
}  // namespace coin::e2e
