#include "verifier/chain_figures.hpp"

#include <variant>

#include "indexer/config.hpp"

namespace coin::verifier {

namespace {

using indexer::PositionReading;
using indexer::RateKind;
using indexer::VaultReading;

// The shown contract of a Vault: its PSM's, its AllocatorVault, or its join.
std::string contract_address(const indexer::Vault& vault) {
  if (const auto* join = std::get_if<indexer::JoinHeld>(&vault.holding)) {
    return join->psm ? join->psm->shown : join->join.shown;
  }
  if (const auto* lite = std::get_if<indexer::LitePsmHeld>(&vault.holding)) return lite->psm.shown;
  return std::get<indexer::AllocatorHeld>(vault.holding).vault.shown;
}

int decimals(const std::string& text) { return std::stoi(text); }

Exact position_apy(const PositionReading& position) {
  switch (position.rate_kind) {
    case RateKind::annual: return apy_of_annual_rate(decimal(position.rate));
    case RateKind::growth:
      return apy_of_growth(decimal(position.share_value), decimal(position.share_value_then), decimal(position.seconds));
    case RateKind::none: return 0;
    case RateKind::per_second: break;
  }
  return apy_of_rate(decimal(position.rate));
}

VaultFigures vault_figures(const indexer::ChainReading& chain, const VaultReading& reading, const Exact& coin_price) {
  const indexer::Vault& vault = *reading.vault;
  VaultFigures figures;
  figures.ilk = vault.ilk;
  figures.collateral_type = static_cast<int>(vault.kind);
  figures.contract_address = contract_address(vault);
  figures.min_collateral_ratio = descale(reading.mat, 27);
  figures.stability_fee = apy_of_rate(decimal(chain.base) + decimal(reading.duty));
  figures.debt_ceiling = descale(reading.line, 45);
  figures.dust = descale(reading.dust, 45);
  if (!reading.tin.empty()) figures.psm_fee = descale(reading.tin, 18);

  const Exact locked = descale(reading.locked, decimals(reading.locked_decimals));
  figures.minted = descale(reading.art, 18);
  if (reading.minted_backed && locked < figures.minted) figures.minted = locked;
  figures.debt = figures.minted * descale(reading.rate, 27);

  // An allocator Vault's positions: what they hold, and their holding-weighted APY.
  Exact holding = 0, weighted = 0;
  for (const PositionReading& position : reading.positions) {
    const Exact amount = descale(position.balance, decimals(position.decimals));
    holding += amount;
    weighted += amount * position_apy(position);
  }
  if (!reading.positions.empty()) {
    if (holding > 0) figures.apy = round_to(round_to(weighted, 30) / holding, 30);
    figures.estimated_annual_earnings = round_to(weighted, 18);
  }
  if (reading.locked_is_coin) {
    figures.locked_value = round_to(locked * coin_price + holding, 18);
  } else {
    // snapshot.price_of_spot: USD per unit of collateral, to 18 decimals.
    const Exact price = round_to(descale(decimal(reading.spot) * decimal(reading.mat) * decimal(chain.par), 81), 18);
    figures.locked_value = round_to(locked * price, 18);
  }
  figures.collateral_ratio = figures.debt == 0 ? Exact(0) : Exact(figures.locked_value / figures.debt);
  return figures;
}

}  // namespace

ChainFigures chain_figures(const indexer::ChainReading& reading) {
  ChainFigures figures;
  const int coin_decimals = decimals(reading.coin_decimals);
  Exact held = 0;
  for (const std::string& balance : reading.coin_held) held += decimal(balance);
  figures.coin_supply = descale(decimal(reading.coin_supply) - held, coin_decimals);
  figures.scoin_supply = descale(reading.scoin_supply, decimals(reading.scoin_decimals));
  figures.coin_price = descale(reading.par, 27);
  figures.scoin_price = descale(reading.scoin_share_value, coin_decimals) * figures.coin_price;
  figures.earn_apy = apy_of_rate(decimal(reading.savings_rate));
  figures.earn_tvl = descale(reading.scoin_assets, coin_decimals) * figures.coin_price;
  figures.supply_value = figures.coin_supply * figures.coin_price + figures.scoin_supply * figures.scoin_price;
  figures.collateral_value = 0;
  for (const VaultReading& vault : reading.vaults) {
    figures.vaults.push_back(vault_figures(reading, vault, figures.coin_price));
    figures.collateral_value += figures.vaults.back().locked_value;
  }
  return figures;
}

}  // namespace coin::verifier
