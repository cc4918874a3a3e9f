-- Deploy coin_api:history_points to pg
-- What every history's answer is built of (6.13, vault-history and 6.21 alike): the chain's clock
-- it ends at, the first grid point of a window, and a point's start as the JSON text it is sent
-- as, so that a history is its points' text joined rather than JSON built point by point on
-- every read (kept_points).

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
-- The reader calls it through the histories' views (kept_points).
GRANT EXECUTE ON FUNCTION derived.window_since(timestamptz, interval, integer) TO coin_api;

-- Each chain's clock: the time its histories (6.13, vault-history, 6.21) end at, their live
-- point: the chain's newest snapshot, so that a snapshot of one chain leaves the other chains'
-- histories as they were (a set renders the chain written, not every chain). A chain with no
-- snapshot yet has none, and no history.
CREATE VIEW derived.chain_clock AS
SELECT c.chain, (SELECT max(s.taken_at) FROM snapshot.chain_state AS s WHERE s.chain = c.chain) AS taken_at
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain);
COMMENT ON VIEW derived.chain_clock IS
  'Each chain''s clock, where its histories end: its newest chain_state row''s taken_at (null while it has none)';
COMMENT ON VIEW api.clock IS
  'The time the API speaks for (derived.as_of): the latest chain snapshot, whose day every daily change is '
  'measured from; each chain''s histories end at its own (derived.chain_clock)';

-- A point's statisticTime and time, the start of the JSON object it is sent as, open for its
-- figures; the live point's time is null. Numbers and these strings need no escaping.
CREATE FUNCTION derived.point_head(at timestamptz, live boolean) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN '{"statisticTime":' || derived.epoch_ms(at)::text || ',"time":'
       || CASE WHEN live THEN 'null' ELSE '"' || derived.utc8_text(at) || '"' END;
COMMENT ON FUNCTION derived.point_head(timestamptz, boolean) IS
  'A history point''s {"statisticTime":...,"time":... as sent, open for its figures; time null at the live point';

COMMIT;
