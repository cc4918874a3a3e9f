-- Revert coin_api:roles from pg

BEGIN;

DROP ROLE IF EXISTS coin_api;
DROP ROLE IF EXISTS coin_indexer;

COMMIT;
