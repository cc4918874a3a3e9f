-- Revert coin_api:live_snapshot from pg

BEGIN;

DROP TABLE snapshot.live_snapshot;

COMMIT;
