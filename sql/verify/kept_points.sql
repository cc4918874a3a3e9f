-- Verify coin_api:kept_points on pg

SELECT history_point FROM derived.hourly_figures WHERE false;
SELECT history_point_head, history_point_tail FROM derived.hourly_vault_figures WHERE false;
SELECT chain, "interval", data, payload, kept_key, kept, live FROM api.collateral_history WHERE false;
SELECT chain, "vaultType", "interval", data, payload, kept_key, kept, live FROM api.vault_history WHERE false;
SELECT generation FROM derived.kept_generation;
SELECT "averageApy", "currentApy", items, payload FROM api.apy_overview WHERE false;
