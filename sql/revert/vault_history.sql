-- Revert coin_api:vault_history from pg

BEGIN;

DROP VIEW api.vault_history;
DROP TRIGGER hourly_vault_figures_truncated ON derived.hourly_figures;
DROP TRIGGER hourly_vault_figures_deleted ON derived.hourly_figures;
DROP TRIGGER hourly_vault_figures_updated ON derived.hourly_figures;
DROP TRIGGER hourly_vault_figures_inserted ON derived.hourly_figures;
DROP FUNCTION derived.hourly_vault_figures_written();
DROP TABLE derived.hourly_vault_figures;

COMMIT;
