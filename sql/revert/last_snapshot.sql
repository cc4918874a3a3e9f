-- Revert coin_api:last_snapshot from pg

BEGIN;

DROP VIEW api.last_snapshot;

COMMIT;
