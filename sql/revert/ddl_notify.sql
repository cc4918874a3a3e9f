-- Revert coin_api:ddl_notify from pg

BEGIN;

DROP EVENT TRIGGER notify_ddl_drop;
DROP EVENT TRIGGER notify_ddl;
DROP FUNCTION derived.notify_ddl();

COMMIT;
