-- Revert coin_api:history_points from pg

BEGIN;

DROP FUNCTION derived.point_head(timestamptz, boolean);
DROP FUNCTION derived.window_since(timestamptz, interval, integer);

COMMIT;
