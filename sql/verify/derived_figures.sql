-- Verify coin_api:derived_figures on pg

SELECT 1 / (derived.utc8_midnight('2026-05-13 07:59:59+08') = '2026-05-13 00:00:00+08')::int;
SELECT 1 / (derived.utc8_text('2026-05-12 16:00:00+00') = '2026-05-13 00:00 (UTC+8)')::int;
SELECT 1 / (derived.epoch_ms('1970-01-01 00:00:01.5+00') = 1500)::int;
SELECT 1 / (derived.weighted_mean(1, 3) = 0.333333333333333333333333333333)::int;
SELECT chain, taken_at, coin_supply, scoin_supply, supply_value, earn_apy, earn_tvl
  FROM derived.chain_state_at('infinity') WHERE false;
SELECT vault_id, collateral_ratio FROM derived.vault_state_at('infinity') WHERE false;
SELECT chain, collateral_value, debt, minted FROM derived.chain_collateral_at('infinity') WHERE false;
SELECT chain, supply_value, collateral_value FROM derived.chain_figures_at('infinity') WHERE false;
SELECT chain, supply_value_change, collateral_value_change, earn_tvl_change
  FROM derived.chain_daily_change WHERE false;
SELECT 1 / (derived.utc8_floor('2026-05-13 07:59:59+08', '1 hour') = '2026-05-13 07:00:00+08')::int;
SELECT position_id, actual_earnings FROM derived.position_state_at('infinity') WHERE false;
SELECT taken_at, midnight FROM derived.as_of WHERE false;
