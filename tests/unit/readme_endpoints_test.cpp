// README.md's "Endpoints served" table must list the endpoints of the list
// (shared/endpoints.hpp), row by row; and the check names each disagreement.

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "shared/endpoints.hpp"

namespace coin {
namespace {

// The cells of a table row "| a | b |": "a", "b", trimmed.
std::vector<std::string> cells_of(std::string_view row) {
  std::vector<std::string> cells;
  row.remove_prefix(1);  // the leading '|'
  if (!row.empty() && row.back() == '|') row.remove_suffix(1);
  while (true) {
    const std::size_t bar = row.find('|');
    std::string_view cell = row.substr(0, bar);
    while (!cell.empty() && cell.front() == ' ') cell.remove_prefix(1);
    while (!cell.empty() && cell.back() == ' ') cell.remove_suffix(1);
    cells.emplace_back(cell);
    if (bar == std::string_view::npos) break;
    row.remove_prefix(bar + 1);
  }
  return cells;
}

// How the README writes an endpoint's request: `GET /path?chain=&interval=`.
std::string readme_request(const Endpoint& each) {
  std::string request = "`GET " + std::string(each.path);
  for (std::size_t i = 0; i < each.parameters.size(); ++i) {
    request += (i == 0 ? "?" : "&") + std::string(each.parameters[i]->name) + "=";
  }
  return request + "`";
}

std::string describe(const Endpoint& each) {
  return std::string(each.spec) + " " + readme_request(each) + " " + std::string(each.group) + " `" +
         std::string(each.view) + "`";
}

// What differs between the table under "## Endpoints served" in `readme` and `list`, one
// message per difference, each naming the README's line and row; empty when they agree.
std::vector<std::string> readme_disagreements(const std::string& readme, const std::vector<Endpoint>& list) {
  std::vector<std::string> problems;
  std::istringstream in(readme);
  std::string line;
  int number = 0;
  bool in_section = false;
  std::vector<std::pair<int, std::string>> rows;  // line number and text, header included
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind("## ", 0) == 0) {
      if (in_section) break;
      in_section = line == "## Endpoints served";
      continue;
    }
    if (!in_section) continue;
    if (line.rfind("|", 0) == 0) {
      rows.emplace_back(number, line);
    } else if (!rows.empty()) {
      break;  // the end of the table
    }
  }
  if (!in_section && rows.empty()) return {"README.md has no \"## Endpoints served\" section"};
  if (rows.size() < 2) return {"README.md's \"## Endpoints served\" section holds no table"};

  const std::vector<std::string> header = cells_of(rows[0].second);
  if (header.size() != 4 || header[0] != "spec" || header[1] != "path" || header[2] != "handler" ||
      header[3].rfind("view", 0) != 0) {
    problems.push_back("README.md:" + std::to_string(rows[0].first) + ": the table's header `" + rows[0].second +
                       "` is not | spec | path | handler | view ... |");
    return problems;
  }
  rows.erase(rows.begin(), rows.begin() + 2);  // the header and the |---| line

  const char* const columns[] = {"spec", "path", "handler", "view"};
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const auto& [line_number, text] = rows[i];
    const std::string where = "README.md:" + std::to_string(line_number) + ", row `" + text + "`: ";
    if (i >= list.size()) {
      problems.push_back(where + "no such endpoint in the list (it has " + std::to_string(list.size()) +
                         "; shared/endpoints.cpp)");
      continue;
    }
    const std::vector<std::string> cells = cells_of(text);
    if (cells.size() != 4) {
      problems.push_back(where + "has " + std::to_string(cells.size()) + " cells, not 4");
      continue;
    }
    const Endpoint& each = list[i];
    const std::string expected[] = {std::string(each.spec), readme_request(each), std::string(each.group),
                                    "`" + std::string(each.view) + "`"};
    for (std::size_t c = 0; c < 4; ++c) {
      if (cells[c] != expected[c]) {
        problems.push_back(where + columns[c] + " is " + cells[c] + " where endpoint " + std::to_string(i + 1) +
                           " of the list (" + std::string(each.spec) + ") has " + expected[c]);
      }
    }
  }
  for (std::size_t i = rows.size(); i < list.size(); ++i) {
    problems.push_back("README.md's \"Endpoints served\" table lacks endpoint " + std::to_string(i + 1) +
                       " of the list: " + describe(list[i]));
  }
  return problems;
}

std::string read_readme() {
  std::ifstream file(COIN_SOURCE_DIR "/README.md");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

// `text` with its first `from` replaced by `to`; fails the test when `from` is not there.
std::string replaced(std::string text, const std::string& from, const std::string& to) {
  const std::size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << "the README no longer holds " << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

TEST(Readme, EndpointsServedListsExactlyTheEndpoints) {
  const std::string readme = read_readme();
  ASSERT_FALSE(readme.empty()) << "cannot read " << COIN_SOURCE_DIR "/README.md";
  for (const std::string& problem : readme_disagreements(readme, endpoints())) ADD_FAILURE() << problem;
}

// The check above, on edited copies of the README: each disagreement is reported, naming the row.
class ReadmeCheck : public testing::Test {
 protected:
  const std::string readme = read_readme();

  // The one message for `edited`, which must name `row`.
  void expect_one_problem(const std::string& edited, const std::string& row, const std::string& says) {
    const std::vector<std::string> problems = readme_disagreements(edited, endpoints());
    ASSERT_EQ(problems.size(), 1u) << testing::PrintToString(problems);
    EXPECT_NE(problems[0].find(row), std::string::npos) << problems[0];
    EXPECT_NE(problems[0].find(says), std::string::npos) << problems[0];
    EXPECT_EQ(problems[0].rfind("README.md", 0), 0u) << problems[0];
  }
};

TEST_F(ReadmeCheck, FindsNothingInTheRealOne) { EXPECT_TRUE(readme_disagreements(readme, endpoints()).empty()); }

TEST_F(ReadmeCheck, NamesARowWithAnotherSpec) {
  expect_one_problem(replaced(readme, "| 6.14 | `GET /api/v1/smart", "| 6.16 | `GET /api/v1/smart"),
                     "| 6.16 | `GET /api/v1/smart-allocator/detail-overview` |", "spec is 6.16 where");
}

TEST_F(ReadmeCheck, NamesARowWithAnotherPath) {
  expect_one_problem(replaced(readme, "collateral-history?chain=&interval=`", "collateral-history?chain=`"),
                     "| 6.13 | `GET /api/v1/data-platform/collateral-history?chain=` |",
                     "has `GET /api/v1/data-platform/collateral-history?chain=&interval=`");
  expect_one_problem(replaced(readme, "`GET /totalSupply`", "`GET /totalsupply`"), "| 6.1 | `GET /totalsupply` |",
                     "path is `GET /totalsupply`");
  expect_one_problem(replaced(readme, "latest-collateral?chain=`", "latest-collateral`"),
                     "| 6.12 | `GET /api/v1/data-platform/latest-collateral` |", "path is");
}

TEST_F(ReadmeCheck, NamesARowWithAnotherHandler) {
  expect_one_problem(replaced(readme, "| supply | `api.earn_apy` |", "| protocol | `api.earn_apy` |"),
                     "| 6.3 | `GET /api/v1/external/earn-apy` | protocol |", "handler is protocol where");
}

TEST_F(ReadmeCheck, NamesARowWithAnotherView) {
  expect_one_problem(replaced(readme, "`api.vault_collaterals`", "`api.vault_collateral`"),
                     "| 6.11 | `GET /api/v1/vault/collaterals` |", "view is `api.vault_collateral` where");
}

TEST_F(ReadmeCheck, NamesBothRowsOfASwap) {
  const std::string row_2 = "| 6.2 | `GET /circulatingSupply` | supply | `api.circulating_supply` |\n";
  const std::string row_3 = "| 6.3 | `GET /api/v1/external/earn-apy` | supply | `api.earn_apy` |\n";
  const std::string swapped = replaced(readme, row_2 + row_3, row_3 + row_2);
  const std::vector<std::string> problems = readme_disagreements(swapped, endpoints());
  ASSERT_EQ(problems.size(), 6u) << testing::PrintToString(problems);  // spec, path, view of each
  for (std::size_t i = 0; i < 3; ++i) EXPECT_NE(problems[i].find("row `| 6.3 |"), std::string::npos) << problems[i];
  for (std::size_t i = 3; i < 6; ++i) EXPECT_NE(problems[i].find("row `| 6.2 |"), std::string::npos) << problems[i];
}

TEST_F(ReadmeCheck, NamesAMissingEndpointAndAnExtraRow) {
  const std::string row_15 =
      "| 6.15 | `GET /api/v1/data-platform/vault-history?chain=&vaultType=&interval=` | protocol | `api.vault_history` |\n";
  expect_one_problem(replaced(readme, row_15, ""), "lacks endpoint 15 of the list: 6.15 ",
                     "`GET /api/v1/data-platform/vault-history?chain=&vaultType=&interval=` protocol `api.vault_history`");
  const std::string extra = "| 6.16 | `GET /api/v1/extra` | protocol | `api.extra` |";
  expect_one_problem(replaced(readme, row_15, row_15 + extra + "\n"), "row `" + extra + "`",
                     "no such endpoint in the list");
}

TEST_F(ReadmeCheck, NamesARowWithMissingCells) {
  expect_one_problem(replaced(readme, "| 6.5 | `GET /api/v1/external/total-supply/scoin` | supply |",
                              "| 6.5 | `GET /api/v1/external/total-supply/scoin` |"),
                     "row `| 6.5 |", "has 3 cells, not 4");
}

TEST_F(ReadmeCheck, SaysWhenTheSectionIsGone) {
  const std::vector<std::string> problems =
      readme_disagreements(replaced(readme, "## Endpoints served", "## Endpoints"), endpoints());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0], "README.md has no \"## Endpoints served\" section");
}

}  // namespace
}  // namespace coin
