-- Verify coin_api:hourly_figures on pg

SELECT at, chain, is_midnight, statistic_time, taken_at, coin_supply, scoin_supply, supply_value, earn_apy,
       earn_tvl, collateral_value, debt, minted
  FROM derived.hourly_figures WHERE false;
SELECT 'derived.refresh_hourly_figures(timestamptz)'::regprocedure;
SELECT 'derived.hourly_figures_written()'::regprocedure;
SELECT chain, average_apy, items FROM derived.daily_apy WHERE false;
SELECT statistic_time, coin, scoin, collateral_value FROM derived.daily_values WHERE false;
