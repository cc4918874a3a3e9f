// coin-api-verify URL [--rpc CHAIN=URL ...]: whether an answer of the coin-api is what the API
// signed, and, given the reader's own nodes, whether each of its figures is what the chains say
// at the blocks it names. docs/verifying.md says what it checks and how.
//
// Exit status: 0 signed, and every figure re-derived matches; 1 a signature that does not hold
// or a figure that does not match; 2 nothing checked (usage, an answer that could not be had).

#include <json/reader.h>
#include <json/value.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "indexer/chain_reader.hpp"
#include "indexer/config.hpp"
#include "shared/version.hpp"
#include "verifier/answer_signature_check.hpp"
#include "verifier/chain_figures.hpp"
#include "verifier/endpoint_figures.hpp"
#include "verifier/figure_report.hpp"
#include "verifier/http_get.hpp"

namespace {

using namespace coin::verifier;

constexpr const char* usage =
    "usage: coin-api-verify URL [--rpc CHAIN=URL ...]\n"
    "Checks an answer of the coin-api: its Content-Digest and signature against the deployment's\n"
    "keys (/.well-known/jwks.json); then, for 6.4, 6.11 and 6.12, each figure re-derived from the\n"
    "chains at the blocks the answer names (X-Snapshot-Blocks), with the contracts of the\n"
    "deployment's description (/.well-known/coin-api/deployment.json), through your own nodes:\n"
    "  --rpc CHAIN=URL   a JSON-RPC node of CHAIN (eth, bsc, or a chain of allocator positions),\n"
    "                    an archive node for blocks past its recent state; repeat it for each chain\n"
    "  --help, --version\n"
    "Exit status: 0 signed and every figure re-derived matches, 1 a signature or a figure does\n"
    "not, 2 nothing was checked.\n";

struct Arguments {
  std::string url;
  std::map<std::string, std::vector<std::string>> nodes;  // --rpc, by chain
};

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

Arguments arguments(int argc, char** argv) {
  Arguments parsed;
  for (int i = 1; i < argc; ++i) {
    const std::string argument = argv[i];
    if (argument == "--help" || argument == "--version") {
      std::cout << (argument == "--help" ? usage : "coin-api-verify (coin-api) " + std::string(coin::version) + "\n");
      std::exit(0);
    }
    if (argument == "--rpc" && i + 1 < argc) {
      const std::string value = argv[++i];
      const std::size_t equals = value.find('=');
      if (equals == 0 || equals == std::string::npos) throw UsageError("--rpc " + value + ": CHAIN=URL expected");
      parsed.nodes[value.substr(0, equals)].push_back(value.substr(equals + 1));
    } else if (parsed.url.empty() && argument.rfind("--", 0) != 0) {
      parsed.url = argument;
    } else {
      throw UsageError("unexpected argument " + argument);
    }
  }
  if (parsed.url.empty()) throw UsageError("no URL given");
  return parsed;
}

HttpAnswer get_ok(const std::string& url) {
  HttpAnswer answer = http_get(url);
  if (answer.status != 200) throw std::runtime_error(url + " answered " + std::to_string(answer.status));
  return answer;
}

// X-Snapshot-Blocks "tron=latest; eth=22480012" as {tron: latest, eth: 22480012}.
std::map<std::string, std::string> snapshot_blocks(const std::string& field) {
  std::map<std::string, std::string> blocks;
  std::size_t start = 0;
  while (start < field.size()) {
    std::size_t end = field.find(';', start);
    if (end == std::string::npos) end = field.size();
    const std::string item = field.substr(start, end - start);
    const std::size_t equals = item.find('=');
    if (equals != std::string::npos) {
      const std::size_t name = item.find_first_not_of(' ');
      blocks[item.substr(name, equals - name)] = item.substr(equals + 1);
    }
    start = end + 1;
  }
  return blocks;
}

bool is_block_number(const std::string& text) {
  return !text.empty() && text.size() < 20 && text.find_first_not_of("0123456789") == std::string::npos;
}

// The chain read again at the answer's blocks, or why it is not.
ChainSide read_side(const coin::indexer::Config& deployment, const coin::indexer::Chain& chain,
                    coin::indexer::ChainAccess& access, const std::map<std::string, std::string>& blocks) {
  const auto block = blocks.find(chain.name);
  if (block == blocks.end()) return {std::nullopt, "the answer names no block of " + chain.name};
  if (!is_block_number(block->second)) return {std::nullopt, chain.name + " is read at its latest block"};
  std::set<std::string> needed{chain.name};
  for (const coin::indexer::Vault& vault : chain.protocol->vaults) {
    for (const coin::indexer::Position& position : vault.positions) needed.insert(position.chain);
  }
  std::map<std::string, std::uint64_t> at;
  for (const coin::indexer::Chain& other : deployment.chains) {
    if (needed.count(other.name) == 0) continue;
    if (other.rpc.empty()) return {std::nullopt, "no node given for " + other.name + " (--rpc " + other.name + "=URL)"};
    const auto named = blocks.find(other.name);
    if (named != blocks.end() && is_block_number(named->second)) at[other.name] = std::stoull(named->second);
  }
  try {
    return {chain_figures(coin::indexer::read_chain(deployment, chain, access, std::nullopt, at)), ""};
  } catch (const std::exception& e) {
    return {std::nullopt, "reading " + chain.name + " failed: " + e.what()};
  }
}

Json::Value parsed_json(const std::string& text, const std::string& what) {
  Json::CharReaderBuilder builder;
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  Json::Value value;
  std::string errors;
  if (!reader->parse(text.data(), text.data() + text.size(), &value, &errors)) {
    throw std::runtime_error(what + " is not JSON: " + errors);
  }
  return value;
}

std::string query_value(const std::string& url, const std::string& name) {
  const std::size_t query = url.find('?');
  if (query == std::string::npos) return "";
  const std::string pairs = "&" + url.substr(query + 1);
  const std::size_t found = pairs.find("&" + name + "=");
  if (found == std::string::npos) return "";
  const std::size_t start = found + name.size() + 2;
  return pairs.substr(start, pairs.find('&', start) - start);
}

int verify(const Arguments& arguments) {
  const std::string origin = origin_of(arguments.url);
  const HttpAnswer answer = get_ok(arguments.url);
  const HttpAnswer keys = get_ok(origin + "/.well-known/jwks.json");
  const SignatureCheck signature = check_answer_signature(answer, keys.body, std::time(nullptr));
  if (!signature.problem.empty()) {
    std::cout << "signature: NOT VALID: " << signature.problem << "\n";
    return 1;
  }
  std::cout << "signature: valid (key " << signature.keyid << ", created " << signature.created
            << "); Content-Digest matches the body\n";
  std::cout << "blocks: " << answer.field("x-snapshot-blocks") << "\n";
  std::cout << "final: " << answer.field("x-snapshot-final") << "\n";
  if (arguments.nodes.empty()) {
    std::cout << "figures: not re-derived (no node given: --rpc CHAIN=URL)\n";
    return 0;
  }

  coin::indexer::Config deployment = coin::indexer::parse_description_json(
      get_ok(origin + "/.well-known/coin-api/deployment.json").body);
  for (const auto& [name, urls] : arguments.nodes) {
    const auto chain = std::find_if(deployment.chains.begin(), deployment.chains.end(),
                                    [&](const coin::indexer::Chain& c) { return c.name == name; });
    if (chain == deployment.chains.end()) throw UsageError("--rpc " + name + ": the deployment has no chain " + name);
    chain->rpc = urls;
  }
  std::string path = arguments.url.substr(origin.size());
  path = path.substr(0, path.find('?'));
  const std::optional<Figures> figures = figures_of(path, deployment);
  if (!figures) {
    std::cout << "figures: " << path << " is not an answer coin-api-verify re-derives (6.4, 6.11, 6.12)\n";
    return 0;
  }
  const std::string chain = query_value(arguments.url, "chain");
  const std::map<std::string, std::string> blocks = snapshot_blocks(answer.field("x-snapshot-blocks"));
  coin::indexer::ChainAccess access(deployment);
  ChainSides sides;
  for (const coin::indexer::Chain& c : deployment.chains) {
    if (!c.protocol || (*figures == Figures::latest_collateral && c.name != chain)) continue;
    sides[c.name] = read_side(deployment, c, access, blocks);
  }
  FigureReport report(answer.body);
  check_figures(*figures, parsed_json(answer.body, arguments.url)["data"], chain, deployment, sides, report);
  for (const std::string& line : report.lines()) std::cout << line << "\n";
  const std::size_t checked = static_cast<std::size_t>(report.matches() + report.mismatches());
  std::cout << "figures: " << report.matches() << " match, " << report.mismatches() << " do not, "
            << report.lines().size() - checked << " not re-derivable\n";
  return report.mismatches() == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    return verify(arguments(argc, argv));
  } catch (const UsageError& e) {
    std::cerr << "coin-api-verify: " << e.what() << "\n" << usage;
  } catch (const std::exception& e) {
    std::cerr << "coin-api-verify: " << e.what() << "\n";
  }
  return 2;
}
