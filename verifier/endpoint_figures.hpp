#pragma once
// The figures of the answers coin-api-verify re-derives, each checked against the chains': 6.4
// (COIN in circulation per chain), 6.11 (the regular Vault types over the chains) and 6.12 (one
// chain's supply, collateral and Vaults). docs/verifying.md lists what each rests on.

#include <json/value.h>

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "indexer/config.hpp"
#include "verifier/chain_figures.hpp"
#include "verifier/figure_report.hpp"

namespace coin::verifier {

// A protocol chain of the deployment as the verifier read it at the answer's block: its
// figures, or why there are none (read at latest, no node given, a read failed).
struct ChainSide {
  std::optional<ChainFigures> figures;
  std::string why_not;
};
using ChainSides = std::map<std::string, ChainSide>;

enum class Figures { coin_supply, vault_collaterals, latest_collateral };

// Which answer `path` is, of those re-derived (6.4 under its symbol's name too); none for any
// other.
std::optional<Figures> figures_of(std::string_view path, const indexer::Config& deployment);

// Checks each figure of `data` (the envelope's) against `sides`, one per protocol chain of
// `deployment`; `chain` is 6.12's parameter.
void check_figures(Figures figures, const Json::Value& data, const std::string& chain,
                   const indexer::Config& deployment, const ChainSides& sides, FigureReport& report);

}  // namespace coin::verifier
