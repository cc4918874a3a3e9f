-- Verify coin_api:daily_baseline on pg

SELECT midnight, items FROM api.daily_baseline WHERE false;
SELECT chain, since, supply_value, earn_tvl, collateral_value FROM derived.chain_baseline WHERE false;
