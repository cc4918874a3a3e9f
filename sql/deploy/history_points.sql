-- Deploy coin_api:history_points to pg
-- What every history's answer is built of (6.13, vault-history and 6.21 alike): the first grid
-- point of a window, and a point's start as the JSON text it is sent as, so that a history is
-- its points' text joined rather than JSON built point by point on every read (kept_points).

BEGIN;

-- The first of a window's `points` grid points `step` apart on the UTC+8 grid, the last of them
-- strictly before as_of (the live point): utc8_floor(as_of - 1 us, step) - (points - 1) x step,
-- in the epoch's arithmetic (a window's steps are hours), which the planner inlines where
-- timestamptz - interval (STABLE) would leave a call of its own in every statement.
CREATE FUNCTION derived.window_since(as_of timestamptz, step interval, points integer) RETURNS timestamptz
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN to_timestamp(((floor((extract(epoch FROM (as_of AT TIME ZONE 'UTC') - interval '1 microsecond') + 28800)
                            / extract(epoch FROM step)) - (points - 1)) * extract(epoch FROM step) - 28800)::float8);
COMMENT ON FUNCTION derived.window_since(timestamptz, interval, integer) IS
  'The first grid point of a window of points grid points step apart before the live point as_of';

-- A point's statisticTime and time, the start of the JSON object it is sent as, open for its
-- figures; the live point's time is null. Numbers and these strings need no escaping.
CREATE FUNCTION derived.point_head(at timestamptz, live boolean) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN '{"statisticTime":' || derived.epoch_ms(at)::text || ',"time":'
       || CASE WHEN live THEN 'null' ELSE '"' || derived.utc8_text(at) || '"' END;
COMMENT ON FUNCTION derived.point_head(timestamptz, boolean) IS
  'A history point''s {"statisticTime":...,"time":... as sent, open for its figures; time null at the live point';

COMMIT;
