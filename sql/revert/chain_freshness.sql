-- Revert coin_api:chain_freshness from pg

BEGIN;

DROP VIEW api.chain_freshness;

COMMIT;
