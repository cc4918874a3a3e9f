-- Revert coin_api:history_windows from pg

BEGIN;

DROP VIEW derived.history_window;

COMMIT;
