-- Revert coin_api:schemas from pg

BEGIN;

DROP SCHEMA api;
DROP SCHEMA derived;
DROP SCHEMA snapshot;

COMMIT;
