#include "verifier/endpoint_figures.hpp"

#include <algorithm>
#include <cctype>
#include <vector>

#include "shared/chains.hpp"

namespace coin::verifier {

namespace {

// What a daily change rests on besides the answer's blocks.
const std::string daily_change =
    "now less the snapshot at 00:00 UTC+8, whose blocks the answer does not name";

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// Why `name`'s figures are not there; "" when they are (or the deployment has no such chain).
std::string why_not(const ChainSides& sides, std::string_view name) {
  const auto side = sides.find(std::string(name));
  return side == sides.end() || side->second.figures ? "" : side->second.why_not;
}

const ChainFigures* figures_on(const ChainSides& sides, std::string_view name) {
  const auto side = sides.find(std::string(name));
  return side == sides.end() || !side->second.figures ? nullptr : &*side->second.figures;
}

// Whether an item of `items` has `value` at `key`.
bool shows(const Json::Value& items, const char* key, const std::string& value) {
  return std::any_of(items.begin(), items.end(), [&](const Json::Value& item) { return item[key] == value; });
}

// The chain's Vault `ilk` as read; none where it was not.
const VaultFigures* vault_named(const ChainFigures& figures, const std::string& ilk) {
  for (const VaultFigures& vault : figures.vaults) {
    if (vault.ilk == ilk) return &vault;
  }
  return nullptr;
}

void check_coin_supply(const Json::Value& data, const ChainSides& sides, FigureReport& report) {
  Exact total = 0;
  std::string total_why_not;
  for (const std::string_view name : protocol_chains()) {
    const std::string field = "data." + std::string(name);
    const std::string why = why_not(sides, name);
    if (!why.empty()) {
      report.not_derived(field, data[std::string(name)], why);
      if (total_why_not.empty()) total_why_not = "it adds " + std::string(name) + ", " + why;
      continue;
    }
    // A chain the deployment does not have shows 0.
    const ChainFigures* figures = figures_on(sides, name);
    const Exact supply = figures ? figures->coin_supply : Exact(0);
    total += supply;
    report.check(field, data[std::string(name)], supply);
  }
  if (total_why_not.empty()) {
    report.check("data.totalSupply", data["totalSupply"], total);
  } else {
    report.not_derived("data.totalSupply", data["totalSupply"], total_why_not);
  }
}

// A regular Vault type over the chains it is on: the sums and highest values 6.11 shows.
struct VaultType {
  std::string why_not;  // a chain it is on that was not read, and why
  std::vector<const VaultFigures*> vaults;
};

void check_vault_collaterals(const Json::Value& data, const indexer::Config& deployment, const ChainSides& sides,
                             FigureReport& report) {
  std::vector<std::pair<std::string, VaultType>> types;  // in the deployment's order
  const auto type_of = [&](const std::string& ilk) -> VaultType& {
    for (auto& [name, type] : types) {
      if (name == ilk) return type;
    }
    return types.emplace_back(ilk, VaultType()).second;
  };
  for (const indexer::Chain& chain : deployment.chains) {
    if (!chain.protocol) continue;
    const ChainFigures* figures = figures_on(sides, chain.name);
    for (const indexer::Vault& vault : chain.protocol->vaults) {
      if (vault.kind != indexer::VaultKind::regular) continue;
      VaultType& type = type_of(vault.ilk);
      const VaultFigures* read = figures ? vault_named(*figures, vault.ilk) : nullptr;
      if (read != nullptr) {
        type.vaults.push_back(read);
      } else if (type.why_not.empty()) {
        const std::string why = figures ? "whose Vault " + vault.ilk + " could not be read" : why_not(sides, chain.name);
        type.why_not = "it is on " + chain.name + ", " + why;
      }
    }
  }
  const Json::Value& items = data["items"];
  for (Json::ArrayIndex i = 0; i < items.size(); ++i) {
    const std::string ilk = items[i]["ilk"].asString();
    const std::string field = "data.items[" + ilk + "].";
    const auto type = std::find_if(types.begin(), types.end(), [&](const auto& t) { return t.first == ilk; });
    if (type == types.end()) {
      report.extra("data.items[" + ilk + "]");
      continue;
    }
    const VaultType& found = type->second;
    const char* const names[] = {"minCollateralRatio", "stabilityFee", "maxMinted", "dust", "curMinted",
                                 "totalCollateral"};
    if (!found.why_not.empty()) {
      for (const char* name : names) report.not_derived(field + name, items[i][name], found.why_not);
      continue;
    }
    Exact ratio = 0, fee = 0, ceiling = 0, dust = 0, minted = 0, locked = 0;
    for (const VaultFigures* vault : found.vaults) {
      ratio = std::max(ratio, vault->min_collateral_ratio);
      fee = std::max(fee, vault->stability_fee);
      dust = std::max(dust, vault->dust);
      ceiling += vault->debt_ceiling;
      minted += vault->minted;
      locked += vault->locked_value;
    }
    report.check(field + "minCollateralRatio", items[i]["minCollateralRatio"], ratio);
    report.check(field + "stabilityFee", items[i]["stabilityFee"], fee, Precision::apy);
    report.check(field + "maxMinted", items[i]["maxMinted"], ceiling);
    report.check(field + "dust", items[i]["dust"], dust);
    report.check(field + "curMinted", items[i]["curMinted"], minted);
    report.check(field + "totalCollateral", items[i]["totalCollateral"], locked);
  }
  for (const auto& [ilk, type] : types) {
    if (!shows(items, "ilk", ilk)) report.absent("data.items[" + ilk + "]", "a regular Vault type " + ilk);
  }
}

void check_vault(const std::string& field, const Json::Value& item, const std::string& chain, const VaultFigures& vault,
                 FigureReport& report) {
  report.check_text(field + "vaultType", item["vaultType"], vault.ilk);
  report.check_text(field + "chain", item["chain"], chain);
  report.check(field + "collateralType", item["collateralType"], Exact(vault.collateral_type));
  report.check_text(field + "contractAddress", item["contractAddress"], vault.contract_address);
  report.check(field + "mintedCOIN", item["mintedCOIN"], vault.minted);
  report.check(field + "debt", item["debt"], vault.debt);
  report.check(field + "lockedValue", item["lockedValue"], vault.locked_value);
  report.check(field + "collateralRatio", item["collateralRatio"], vault.collateral_ratio, Precision::ratio);
  report.check(field + "minCollateralRatio", item["minCollateralRatio"], vault.min_collateral_ratio);
  report.check(field + "stabilityFee", item["stabilityFee"], vault.stability_fee, Precision::apy);
  report.check(field + "line", item["line"], vault.debt_ceiling);
  report.check(field + "apy", item["apy"], vault.apy, Precision::apy);
  report.check(field + "estimatedAnnualEarnings", item["estimatedAnnualEarnings"], vault.estimated_annual_earnings,
               Precision::earnings);
  report.check(field + "psmFee", item["psmFee"], vault.psm_fee);
}

void check_latest_collateral(const Json::Value& data, const std::string& chain, const ChainSides& sides,
                             FigureReport& report) {
  const char* const changes[] = {"totalSupplyValueDailyChange", "totalCollateralValueDailyChange",
                                 "earnTvlDailyChange"};
  for (const char* change : changes) report.not_derived(std::string("data.") + change, data[change], daily_change);
  const ChainFigures* figures = figures_on(sides, chain);
  const Json::Value& items = data["items"];
  if (figures == nullptr) {
    const std::string why = why_not(sides, chain).empty() ? "the deployment has no " + chain : why_not(sides, chain);
    for (const char* name : {"apy", "coinTotalSupply", "totalSupplyValue", "totalCollateralValue", "earnTvl"}) {
      report.not_derived(std::string("data.") + name, data[name], why);
    }
    for (const Json::Value& item : items) {
      for (const char* name : {"mintedCOIN", "debt", "lockedValue", "collateralRatio"}) {
        report.not_derived("data.items[" + item["vaultType"].asString() + "]." + name, item[name], why);
      }
    }
    return;
  }
  report.check("data.apy", data["apy"], figures->earn_apy, Precision::apy);
  report.check("data.coinTotalSupply", data["coinTotalSupply"], figures->coin_supply);
  report.check("data.totalSupplyValue", data["totalSupplyValue"], figures->supply_value);
  report.check("data.totalCollateralValue", data["totalCollateralValue"], figures->collateral_value);
  report.check("data.earnTvl", data["earnTvl"], figures->earn_tvl);
  for (const Json::Value& item : items) {
    const std::string type = item["vaultType"].asString();
    if (const VaultFigures* vault = vault_named(*figures, type)) {
      check_vault("data.items[" + type + "].", item, chain, *vault, report);
    } else {
      report.extra("data.items[" + type + "]");
    }
  }
  for (const VaultFigures& vault : figures->vaults) {
    if (!shows(items, "vaultType", vault.ilk)) report.absent("data.items[" + vault.ilk + "]", "a Vault " + vault.ilk);
  }
}

}  // namespace

std::optional<Figures> figures_of(std::string_view path, const indexer::Config& deployment) {
  const std::string total_supply = "/api/v1/external/total-supply/";
  if (path == total_supply + "coin" || path == total_supply + lower(deployment.symbols.coin)) {
    return Figures::coin_supply;
  }
  if (path == "/api/v1/vault/collaterals") return Figures::vault_collaterals;
  if (path == "/api/v1/data-platform/latest-collateral") return Figures::latest_collateral;
  return std::nullopt;
}

void check_figures(Figures figures, const Json::Value& data, const std::string& chain,
                   const indexer::Config& deployment, const ChainSides& sides, FigureReport& report) {
  switch (figures) {
    case Figures::coin_supply: return check_coin_supply(data, sides, report);
    case Figures::vault_collaterals: return check_vault_collaterals(data, deployment, sides, report);
    case Figures::latest_collateral: return check_latest_collateral(data, chain, sides, report);
  }
}

}  // namespace coin::verifier
