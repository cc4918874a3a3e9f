-- Revert coin_api:vault_freshness from pg

BEGIN;

DROP VIEW api.vault_freshness;

COMMIT;
