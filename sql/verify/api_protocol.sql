-- Verify coin_api:api_protocol on pg

SELECT "totalSupply", "totalSupplyValue", tvl, "earnTvl", "tronApy", "ethApy", "bscApy"
  FROM api.market_overview WHERE false;
SELECT "totalSupplyValue", "totalSupplyValueDailyChange", "totalCollateralValue",
       "totalCollateralValueDailyChange", "earnTvl", "earnTvlDailyChange", "earnSa", "earnSaDailyChange"
  FROM api.platform_overview WHERE false;
SELECT "averageApy", "currentApy", items FROM api.apy_overview WHERE false;
SELECT "statisticTime", coin, scoin FROM api.supply_value_history WHERE false;
SELECT "statisticTime", "collateralValue" FROM api.collateral_value_history WHERE false;
SELECT items FROM api.vault_collaterals WHERE false;
SELECT chain, data FROM api.latest_collateral WHERE false;
SELECT chain, "interval", data FROM api.collateral_history WHERE false;
SELECT apy, debt, "platformSummaryInfos", "vaultInfos" FROM api.allocator_overview WHERE false;
