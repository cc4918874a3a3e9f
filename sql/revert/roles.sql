-- Revert coin_api:roles from pg
-- Dropping a role drops its settings and its comment with it.

BEGIN;

DROP ROLE IF EXISTS coin_api;
DROP ROLE IF EXISTS coin_indexer;

COMMIT;
