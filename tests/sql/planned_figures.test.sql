-- The UTC+8 grid and epoch_ms as planned_figures (and history_points, window_since) write them:
-- the same numbers as the epoch of the timestamptz itself and its interval arithmetic
-- (derived_figures' first definitions), over instants of ten years with their microseconds, the
-- grid's own instants and the infinities; and inlined by the planner, so that no call of their
-- own is left in a plan. And each chain's clock (clock_once) read once in a statement that
-- refers to it again and again, and the rows of the views the publisher lists on every set
-- (rows_without_figures) listed without computing their figures.
BEGIN;

SELECT plan(12);

-- Instants from 2020 to 2030, each 43 h 17 min 29.987631 s after the one before (so at every
-- hour of the day and with their microseconds), then each grid instant of two days and the
-- microseconds around it.
CREATE TEMP TABLE instant AS
SELECT timestamptz '2020-01-01 00:00+00' + n * interval '43 hours 17 minutes 29.987631 seconds' AS at
  FROM generate_series(1, 2000) AS n
UNION ALL
SELECT g + d * interval '1 microsecond'
  FROM generate_series(timestamptz '2026-05-12 15:00+00', timestamptz '2026-05-14 17:00+00', interval '1 hour') AS g,
       (VALUES (-1), (0), (1)) AS v(d);

SELECT is((SELECT count(*) FROM instant
            WHERE derived.utc8_floor(at, interval '1 hour')
                  IS DISTINCT FROM to_timestamp(floor((extract(epoch FROM at) + 28800) / 3600) * 3600 - 28800)
               OR derived.utc8_floor(at, interval '24 hours')
                  IS DISTINCT FROM to_timestamp(floor((extract(epoch FROM at) + 28800) / 86400) * 86400 - 28800)),
          0::bigint, 'utc8_floor: the hour and the 00:00 UTC+8 at or before each instant, as the epoch gives them');
SELECT is(derived.utc8_floor(timestamptz '2026-05-13 00:00+08', interval '24 hours'),
          timestamptz '2026-05-13 00:00+08', 'utc8_floor: 00:00 UTC+8 is its own day''s');
SELECT is(derived.utc8_floor(timestamptz '2026-05-12 23:59:59.999999+08', interval '24 hours'),
          timestamptz '2026-05-12 00:00+08', 'utc8_floor: a microsecond before 00:00 UTC+8 is the day before''s');
SELECT is((SELECT count(*) FROM instant
            WHERE derived.epoch_ms(at) IS DISTINCT FROM floor(extract(epoch FROM at) * 1000)::bigint),
          0::bigint, 'epoch_ms: the epoch of each instant in whole milliseconds');
SELECT is(ARRAY[derived.utc8_floor('infinity', interval '1 hour'), derived.utc8_floor('-infinity', interval '1 hour')],
          ARRAY['infinity', '-infinity']::timestamptz[], 'utc8_floor: the infinities are their own grid points');
SELECT is((SELECT count(*) FROM instant, (VALUES (interval '1 hour', 168), (interval '24 hours', 365)) AS w(step, points)
            WHERE derived.window_since(at, step, points)
                  IS DISTINCT FROM derived.utc8_floor(at - interval '1 microsecond', step) - (points - 1) * step),
          0::bigint, 'window_since: the first of a window''s grid points, the last of them strictly before each instant');

-- The plan of a statement that calls them, in its verbose form, which names every function
-- left to call.
CREATE FUNCTION pg_temp.plan_text(statement text) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  line text;
  plan text := '';
BEGIN
  FOR line IN EXECUTE 'EXPLAIN (VERBOSE, COSTS OFF) ' || statement LOOP
    plan := plan || line || E'\n';
  END LOOP;
  RETURN plan;
END
$$;

SELECT unalike(pg_temp.plan_text('SELECT derived.utc8_floor(at, interval ''1 hour''), derived.utc8_midnight(at),
                                        derived.window_since(at, interval ''24 hours'', 30) FROM instant'),
              '%derived.%', 'utc8_floor, utc8_midnight and window_since are inlined: no call of their own is planned');
SELECT unalike(pg_temp.plan_text('SELECT derived.epoch_ms(at) FROM instant'), '%epoch_ms%',
              'epoch_ms is inlined: no call of its own is planned');
SELECT is((SELECT count(*) FROM regexp_matches(
             pg_temp.plan_text('SELECT a.taken_at, a.taken_at - interval ''1 hour'', derived.epoch_ms(a.taken_at)
                                  FROM derived.chain_clock AS a JOIN snapshot.vault AS v ON v.chain = a.chain'),
             'on snapshot.chain_state', 'g')),
          1::bigint, 'chain_clock: one read of chain_state, however often a statement refers to its taken_at');
SELECT unalike(pg_temp.plan_text(statement), '%Function Scan on derived.%',
               'the rows of ' || view || ' listed without its figures: no figures function planned')
  FROM (VALUES ('api.collateral_history', 'SELECT "chain", "interval" FROM api.collateral_history'),
               ('api.vault_history', 'SELECT "chain", "vaultType", "interval" FROM api.vault_history'),
               ('api.latest_collateral', 'SELECT "chain" FROM api.latest_collateral')) AS s(view, statement);

SELECT * FROM finish();
ROLLBACK;
