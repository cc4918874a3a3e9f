-- Verify coin_api:vault_history on pg

SELECT at, vault_id, is_midnight, statistic_time, taken_at, minted, debt, locked_value,
       collateral_ratio, apy
  FROM derived.hourly_vault_figures WHERE false;
SELECT 'derived.hourly_vault_figures_written()'::regprocedure;
SELECT chain, "vaultType", "interval", data FROM api.vault_history WHERE false;
SELECT api.points_between('[]', 0, 0) WHERE false;
SELECT api.csv('[]', '{}', '{}') WHERE false;
SELECT 1 / has_function_privilege('coin_api', 'api.points_between(json, bigint, bigint)', 'EXECUTE')::int;
SELECT 1 / has_function_privilege('coin_api', 'api.csv(json, text[], text[])', 'EXECUTE')::int;
