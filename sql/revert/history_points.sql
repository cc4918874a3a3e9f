-- Revert coin_api:history_points from pg

BEGIN;

DROP FUNCTION derived.point_head(timestamptz, boolean);
DROP VIEW derived.chain_clock;
COMMENT ON VIEW api.clock IS
  'The time the API speaks for (derived.as_of): the latest chain snapshot, which every chain''s histories are measured from';
DROP FUNCTION derived.window_since(timestamptz, interval, integer);

COMMIT;
