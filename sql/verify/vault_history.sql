-- Verify coin_api:vault_history on pg

SELECT at, vault_id, is_midnight, statistic_time, taken_at, minted, debt, locked_value,
       collateral_ratio, apy
  FROM derived.hourly_vault_figures WHERE false;
SELECT 'derived.hourly_vault_figures_written()'::regprocedure;
SELECT chain, "vaultType", "interval", data FROM api.vault_history WHERE false;
