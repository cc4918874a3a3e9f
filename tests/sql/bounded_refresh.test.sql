-- sql/deploy/bounded_refresh.sql: a late, corrected or deleted snapshot row recomputes only the
-- hours it can change. For each kind of write, two things:
--   * the tables equal a full recompute: derived.hourly_figures, derived.hourly_vault_figures,
--     derived.daily_apy and derived.daily_values are copied, derived.refresh_hourly_figures
--     ('-infinity') rebuilds them, and nothing differs (pg_temp.full_recompute_differences);
--   * only the rows of the hours it can change were written. A statement that writes a tuple
--     (an INSERT, an UPDATE's new version) puts it at a new ctid, and within this one
--     transaction no ctid is reused (the old versions are dead to no one until it ends): a row
--     whose key still has the ctid it had before the write was not written again. No counter in
--     the functions: the tuples themselves show it.
-- Last, a backfill of 500 hourly rows written newest-first costs a fixed number of row writes
-- per row, counted by PostgreSQL's own per-transaction statistics (pg_stat_xact_user_tables).
--
-- ============================================================================================
-- The bounds, by hand (times UTC+8). A row of chain C (or of a Vault on C) taken at t changes
-- C's rows at the grid hours h with t <= h < the next row of that chain (or Vault) after t, in
-- the table as the statement left it; none after it: to the last hour. Hours outside the run
-- the table held are added or dropped whole (every chain, every Vault). Every Vault's row at an
-- hour is written again with its chain's row (derived.hourly_vault_figures' trigger).
-- The fixture's chain_state rows (fixture.sql's header):
--   tron 05-11 20:00, 05-12 20:00, 05-12 23:59, 05-13 00:00, 00:01, 08:00
--   eth  05-11 00:00, 05-12 08:00, 05-12 23:59, 05-13 00:00, 00:01, 07:55
--   bsc  05-12 23:59, 05-13 00:00, 00:01, 07:49:59.999, 07:50
-- The grid: 05-11 00:00 (eth's first) .. 05-13 08:00 (tron's latest), 57 hours; 7 Vaults.
-- Vault 5 (eth WBTC-A): states at 05-13 00:00 and 07:55.
--
--  #  write (cumulative)                          rows written                         vault hours
--  1  eth at 05-10 22:00 (before every snapshot)  the new hours 05-10 22:00, 23:00,    22:00, 23:00
--                                                 every chain (eth's span ends at its
--                                                 05-11 00:00: no kept hour)
--  2  tron at 05-12 10:00 (between 05-11 20:00    tron 05-12 10:00..19:00 (10)         the same
--     and 05-12 20:00)
--  3  eth 05-12 08:00 corrected in place          eth 05-12 08:00..23:00 (16; next     the same
--                                                 23:59)
--  4  tron 05-12 20:00 moved to 21:30             tron 20:00, 21:00 (the old row, its  the same
--                                                 next now 21:30) and 22:00, 23:00 (the
--                                                 new one, until 23:59)
--  5  two tron rows, 05-11 22:00 and 05-12 02:00  tron 05-11 22:00..05-12 09:00 (12:   the same
--     in one statement                            until 02:00, then until 10:00 of #2)
--  6  bsc 05-13 00:00 deleted                     bsc 05-13 00:00 (next 00:01), a      00:00
--                                                 daily point: D3 shows bsc's 23:59
--  7  eth 05-10 22:00 deleted (the first)         none; the hours 05-10 22:00, 23:00   none
--                                                 dropped (first hour 05-11 00:00 again)
--  8  vault 5 at 05-13 03:30                      eth 04:00..07:00 (4; next 07:55)     the same
--  9  eth at 05-13 07:58 (its newest, not the     eth 08:00                            08:00
--     latest of all)
-- 10  tron at 05-13 10:30 (the latest of all)     the new hours 09:00, 10:00, every    09:00, 10:00
--                                                 chain; tron's span has no kept hour
-- 11  an allocator position's state at 05-12      none: no hourly figure reads it      none
--     12:00
-- The old rule (every hour from the row's own on, every chain and Vault) wrote 59 hours in #1,
-- then 23, 25, 13, 35, 9, 57 (#7) and 5 (#8): here 2 new hours, then one chain's 10, 16, 4,
-- 12, 1, 0 and 4 hours.
-- ============================================================================================
BEGIN;
\ir fixture.sql

SELECT plan(40);

-- The rows as they are before a write: their keys and ctids.
CREATE TEMP TABLE seen_figures AS SELECT at, chain, ctid AS tid FROM derived.hourly_figures WITH NO DATA;
CREATE TEMP TABLE seen_vault_figures AS SELECT at, vault_id, ctid AS tid FROM derived.hourly_vault_figures WITH NO DATA;
CREATE FUNCTION pg_temp.mark() RETURNS void LANGUAGE sql AS $$
  TRUNCATE seen_figures, seen_vault_figures;
  INSERT INTO seen_figures SELECT at, chain, ctid FROM derived.hourly_figures;
  INSERT INTO seen_vault_figures SELECT at, vault_id, ctid FROM derived.hourly_vault_figures;
$$;
-- The hourly_figures rows written since mark(): new ones, or at a new ctid.
CREATE FUNCTION pg_temp.written() RETURNS TABLE (at timestamptz, chain snapshot.chain) LANGUAGE sql AS $$
  SELECT f.at, f.chain FROM derived.hourly_figures AS f
   WHERE NOT EXISTS (SELECT FROM seen_figures AS s
                      WHERE s.at = f.at AND s.chain = f.chain AND s.tid = f.ctid)
$$;
-- The hours with a hourly_vault_figures row written since mark().
CREATE FUNCTION pg_temp.vault_hours_written() RETURNS SETOF timestamptz LANGUAGE sql AS $$
  SELECT DISTINCT f.at FROM derived.hourly_vault_figures AS f
   WHERE NOT EXISTS (SELECT FROM seen_vault_figures AS s
                      WHERE s.at = f.at AND s.vault_id = f.vault_id AND s.tid = f.ctid)
$$;
-- The hours whose rows are gone since mark().
CREATE FUNCTION pg_temp.hours_removed() RETURNS SETOF timestamptz LANGUAGE sql AS $$
  SELECT DISTINCT s.at FROM seen_figures AS s
   WHERE NOT EXISTS (SELECT FROM derived.hourly_figures AS f WHERE f.at = s.at AND f.chain = s.chain)
  UNION
  SELECT DISTINCT s.at FROM seen_vault_figures AS s
   WHERE NOT EXISTS (SELECT FROM derived.hourly_vault_figures AS f
                      WHERE f.at = s.at AND f.vault_id = s.vault_id)
$$;
-- (hour, chain) for the hours first .. last (UTC+8, both included) of the chains named. An hour
-- added or dropped whole has a row of every chain of the enum, one without rows too:
-- VARIADIC enum_range(NULL::snapshot.chain).
CREATE FUNCTION pg_temp.hours(first timestamptz, last timestamptz, VARIADIC chains snapshot.chain[])
RETURNS TABLE (at timestamptz, chain snapshot.chain) LANGUAGE sql AS $$
  SELECT h, c FROM generate_series(first, last, interval '1 hour') AS h, unnest(chains) AS c
$$;

-- Every row that differs between the tables as they are and as a full recompute makes them.
-- The recompute stays: mark() again before the next write.
CREATE TEMP TABLE kept_figures AS SELECT * FROM derived.hourly_figures WITH NO DATA;
CREATE TEMP TABLE kept_vault_figures AS SELECT * FROM derived.hourly_vault_figures WITH NO DATA;
CREATE TEMP TABLE kept_daily (line text);
CREATE FUNCTION pg_temp.daily() RETURNS SETOF text LANGUAGE sql AS $$
  SELECT 'daily_apy ' || x::text FROM derived.daily_apy AS x
  UNION ALL
  SELECT 'daily_values ' || x::text FROM derived.daily_values AS x
$$;
CREATE FUNCTION pg_temp.full_recompute_differences() RETURNS SETOF text LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE kept_figures, kept_vault_figures, kept_daily;
  INSERT INTO kept_figures SELECT * FROM derived.hourly_figures;
  INSERT INTO kept_vault_figures SELECT * FROM derived.hourly_vault_figures;
  INSERT INTO kept_daily SELECT * FROM pg_temp.daily();
  PERFORM derived.refresh_hourly_figures('-infinity');
  RETURN QUERY
    SELECT 'kept only: ' || x::text FROM (TABLE kept_figures EXCEPT SELECT * FROM derived.hourly_figures) AS x
    UNION ALL
    SELECT 'recomputed only: ' || x::text FROM (SELECT * FROM derived.hourly_figures EXCEPT TABLE kept_figures) AS x
    UNION ALL
    SELECT 'kept only: ' || x::text FROM (TABLE kept_vault_figures EXCEPT SELECT * FROM derived.hourly_vault_figures) AS x
    UNION ALL
    SELECT 'recomputed only: ' || x::text FROM (SELECT * FROM derived.hourly_vault_figures EXCEPT TABLE kept_vault_figures) AS x
    UNION ALL
    SELECT 'kept only: ' || x.line FROM (TABLE kept_daily EXCEPT SELECT * FROM pg_temp.daily()) AS x(line)
    UNION ALL
    SELECT 'recomputed only: ' || x.line FROM (SELECT * FROM pg_temp.daily() EXCEPT TABLE kept_daily) AS x(line);
END
$$;

SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()',
                'the fixture: the tables are what a full recompute makes');

-- 1. Older than every snapshot: the hours before the run are added, nothing else is written.
SELECT pg_temp.mark();
INSERT INTO snapshot.chain_state VALUES ('eth', '2026-05-10 22:00+08', 11, 1, 1, 1, 0.01, 1);
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-10 22:00+08', '2026-05-10 23:00+08', VARIADIC enum_range(NULL::snapshot.chain))$$,
              '1. a row before every snapshot: only the new hours 05-10 22:00 and 23:00 are written');
SELECT set_eq('SELECT * FROM pg_temp.vault_hours_written()',
              $$VALUES ('2026-05-10 22:00+08'::timestamptz), ('2026-05-10 23:00+08')$$,
              '1. the Vaults'' rows: at the new hours only');
SELECT is((SELECT coin_supply FROM derived.hourly_figures WHERE chain = 'eth' AND at = '2026-05-10 23:00+08'),
          11::numeric, '1. eth at 05-10 23:00 shows the new row');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()',
                '1. a row before every snapshot: as a full recompute');

-- 2. Between two snapshots of its chain: that chain's hours until the next one.
SELECT pg_temp.mark();
INSERT INTO snapshot.chain_state VALUES ('tron', '2026-05-12 10:00+08', 7, 1, 1, 1, 0.01, 1);
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-12 10:00+08', '2026-05-12 19:00+08', 'tron')$$,
              '2. a late row: only tron 05-12 10:00..19:00, up to its next row at 20:00');
SELECT set_eq('SELECT * FROM pg_temp.vault_hours_written()',
              $$SELECT h FROM generate_series('2026-05-12 10:00+08'::timestamptz, '2026-05-12 19:00+08', interval '1 hour') AS h$$,
              '2. the Vaults'' rows: at those hours only');
SELECT results_eq(
  $$SELECT coin_supply FROM derived.hourly_figures WHERE chain = 'tron'
       AND at IN ('2026-05-12 09:00+08', '2026-05-12 19:00+08', '2026-05-12 20:00+08') ORDER BY at$$,
  $$VALUES (130000000.987654321::numeric), (7), (123000000.5)$$,
  '2. tron: 09:00 the 05-11 20:00 row, 19:00 the new one, 20:00 the 05-12 20:00 row');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '2. a late row: as a full recompute');

-- 3. A correction in place: the row's own span.
SELECT pg_temp.mark();
UPDATE snapshot.chain_state SET coin_supply = 5 WHERE chain = 'eth' AND taken_at = '2026-05-12 08:00+08';
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-12 08:00+08', '2026-05-12 23:00+08', 'eth')$$,
              '3. a corrected row: only eth 05-12 08:00..23:00, up to its next row at 23:59');
SELECT is_empty('SELECT * FROM pg_temp.hours_removed()', '3. no hour removed');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '3. a corrected row: as a full recompute');

-- 4. A correction of the time: the old row's span (its next row now the moved one) and the new's.
SELECT pg_temp.mark();
UPDATE snapshot.chain_state SET taken_at = '2026-05-12 21:30+08' WHERE chain = 'tron' AND taken_at = '2026-05-12 20:00+08';
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-12 20:00+08', '2026-05-12 23:00+08', 'tron')$$,
              '4. a row moved from 20:00 to 21:30: only tron 20:00, 21:00 (old) and 22:00, 23:00 (new)');
SELECT is((SELECT coin_supply FROM derived.hourly_figures WHERE chain = 'tron' AND at = '2026-05-12 21:00+08'),
          7::numeric, '4. tron at 21:00 shows the 05-12 10:00 row again');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '4. a row moved: as a full recompute');

-- 5. Two rows in one statement: each until the next row after it, the other one included.
SELECT pg_temp.mark();
INSERT INTO snapshot.chain_state VALUES ('tron', '2026-05-11 22:00+08', 8, 1, 1, 1, 0.01, 1),
                                        ('tron', '2026-05-12 02:00+08', 9, 1, 1, 1, 0.01, 1);
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-11 22:00+08', '2026-05-12 09:00+08', 'tron')$$,
              '5. two rows: only tron 05-11 22:00..05-12 09:00 (until 02:00, then until 10:00)');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '5. two rows: as a full recompute');

-- 6. A deleted row: its span, read without it; here a daily point.
SELECT pg_temp.mark();
DELETE FROM snapshot.chain_state WHERE chain = 'bsc' AND taken_at = '2026-05-13 00:00+08';
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-13 00:00+08', '2026-05-13 00:00+08', 'bsc')$$,
              '6. a deleted row: only bsc 05-13 00:00, up to the next row at 00:01');
SELECT set_eq('SELECT * FROM pg_temp.vault_hours_written()', $$VALUES ('2026-05-13 00:00+08'::timestamptz)$$,
              '6. the Vaults'' rows: at 00:00 only');
SELECT is((SELECT coin[3] FROM derived.daily_values WHERE statistic_time = 1778601600000), '250050',
          '6. daily_values refreshed: bsc''s D3 point is its 23:59 row');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '6. a deleted row: as a full recompute');

-- 7. The first snapshot deleted: the hours before the new first hour are dropped, nothing written.
SELECT pg_temp.mark();
DELETE FROM snapshot.chain_state WHERE chain = 'eth' AND taken_at = '2026-05-10 22:00+08';
SELECT is_empty('SELECT * FROM pg_temp.written()', '7. the first row deleted: no row written');
SELECT set_eq('SELECT * FROM pg_temp.hours_removed()',
              $$VALUES ('2026-05-10 22:00+08'::timestamptz), ('2026-05-10 23:00+08')$$,
              '7. the hours 05-10 22:00 and 23:00 are dropped, for every chain and Vault');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '7. the first row deleted: as a full recompute');

-- 8. A late Vault state: its chain's hours until the Vault's next state.
SELECT pg_temp.mark();
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (5, '2026-05-13 03:30+08', 1, 2, 3);
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-13 04:00+08', '2026-05-13 07:00+08', 'eth')$$,
              '8. a late Vault state: only eth 04:00..07:00, up to the Vault''s next state at 07:55');
SELECT set_eq('SELECT * FROM pg_temp.vault_hours_written()',
              $$SELECT h FROM generate_series('2026-05-13 04:00+08'::timestamptz, '2026-05-13 07:00+08', interval '1 hour') AS h$$,
              '8. the Vaults'' rows: at those hours only');
SELECT is((SELECT locked_value FROM derived.hourly_vault_figures WHERE vault_id = 5 AND at = '2026-05-13 05:00+08'),
          3::numeric, '8. the Vault at 05:00 shows the new state');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '8. a late Vault state: as a full recompute');

-- 9. A chain's newest row, older than the latest of all: its chain's hours to the end.
SELECT pg_temp.mark();
INSERT INTO snapshot.chain_state VALUES ('eth', '2026-05-13 07:58+08', 12, 1, 1, 1, 0.01, 1);
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-13 08:00+08', '2026-05-13 08:00+08', 'eth')$$,
              '9. eth''s newest row at 07:58: only eth 08:00');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '9. a chain''s newest: as a full recompute');

-- 10. The latest of all: the hours it passed are added, nothing else is written.
SELECT pg_temp.mark();
INSERT INTO snapshot.chain_state VALUES ('tron', '2026-05-13 10:30+08', 13, 1, 1, 1, 0.01, 1);
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-13 09:00+08', '2026-05-13 10:00+08', VARIADIC enum_range(NULL::snapshot.chain))$$,
              '10. the latest row: only the new hours 09:00 and 10:00');
SELECT set_eq('SELECT * FROM pg_temp.vault_hours_written()',
              $$VALUES ('2026-05-13 09:00+08'::timestamptz), ('2026-05-13 10:00+08')$$,
              '10. the Vaults'' rows: at the new hours only');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', '10. the latest row: as a full recompute');

-- 11. An allocator position's state: no hourly figure reads it.
SELECT pg_temp.mark();
INSERT INTO snapshot.allocator_position_state (position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings)
VALUES (1, '2026-05-12 12:00+08', 1, 1, 0.01, 1);
SELECT is_empty('SELECT * FROM pg_temp.written() UNION ALL SELECT NULL, NULL FROM pg_temp.vault_hours_written()',
                '11. an allocator position''s late state: no row written');

-- ============================================================================================
-- A backfill, as the indexer writes it: on the fixture again, 500 hourly tron rows, newest
-- first, one statement each: 05-11 19:00, 18:00, ... 05-11 19:00 - 499 h = 2026-04-21 00:00.
--   20 of them (19:00 .. 00:00) fall in the run (eth's first is 05-11 00:00, tron's 20:00):
--     each one's next row is the one written before it (the first's: tron's 20:00), so it writes
--     its own hour: 1 tron row updated, and by the Vaults' trigger 7 rows deleted and inserted;
--   480 (05-10 23:00 .. 04-21 00:00) are older than every snapshot: each adds its own hour,
--     a row per chain (the fixture's 3, and one per chain of the enum without rows) and 7 Vault
--     rows inserted, and its span (until the hour after it) has no kept hour.
-- So hourly_figures: 480 x 3 = 1440 inserted, 20 updated, none deleted; hourly_vault_figures:
-- 20 x 7 + 480 x 7 = 3500 inserted, 140 deleted: at most 14 row writes per row backfilled.
-- (The old rule wrote every hour from the row's own on: 38, 39, ... 57 hours, then 58, ... 537:
-- 143,750 hours, 431,250 hourly_figures rows inserted and 429,810 deleted, growing with the
-- square of the rows.) The counts are PostgreSQL's per-transaction statistics, not the code's.
-- ============================================================================================
\ir fixture.sql
SELECT pg_temp.mark();
CREATE TEMP TABLE writes_before AS
  SELECT relname, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_xact_user_tables WHERE schemaname = 'derived';
DO $$
BEGIN
  FOR k IN 0..499 LOOP
    INSERT INTO snapshot.chain_state
    VALUES ('tron', '2026-05-11 19:00+08'::timestamptz - k * interval '1 hour', 1000 + k, 1, 1, 1, 0.01, 1);
  END LOOP;
END
$$;
SELECT results_eq(
  $$SELECT a.relname::text COLLATE "default", a.n_tup_ins - b.n_tup_ins, a.n_tup_upd - b.n_tup_upd, a.n_tup_del - b.n_tup_del
      FROM pg_stat_xact_user_tables AS a JOIN writes_before AS b USING (relname)
     WHERE a.schemaname = 'derived' AND a.relname IN ('hourly_figures', 'hourly_vault_figures')
     ORDER BY 1$$,
  $$VALUES ('hourly_figures', 480 * cardinality(enum_range(NULL::snapshot.chain))::bigint, 20::bigint, 0::bigint),
           ('hourly_vault_figures', 3500, 0, 140)$$,
  'backfill: 500 rows newest-first write 480 x the chains (1440 with 3) + 20 hourly_figures rows and 3500 + 140 Vault rows, a fixed number per row');
SELECT set_eq('SELECT * FROM pg_temp.written()',
              $$SELECT * FROM pg_temp.hours('2026-05-11 00:00+08', '2026-05-11 19:00+08', 'tron')
                UNION ALL
                SELECT * FROM pg_temp.hours('2026-04-21 00:00+08', '2026-05-10 23:00+08', VARIADIC enum_range(NULL::snapshot.chain))$$,
              'backfill: the rows written are tron''s 20 hours in the run and the 480 new hours; every other hour keeps its tuple');
SELECT is_empty('SELECT * FROM pg_temp.hours_removed()', 'backfill: no hour removed');
SELECT results_eq(
  $$SELECT (SELECT count(*) FROM derived.hourly_figures), (SELECT count(*) FROM derived.hourly_vault_figures),
           (SELECT min(at) FROM derived.hourly_figures)$$,
  $$VALUES (537 * cardinality(enum_range(NULL::snapshot.chain))::bigint, 3759::bigint, '2026-04-21 00:00+08'::timestamptz)$$,
  'backfill: 537 hours from 04-21 00:00, x every chain (1611 with 3) and x 7 Vaults');
SELECT is((SELECT coin_supply FROM derived.hourly_figures WHERE chain = 'tron' AND at = '2026-05-11 05:00+08'),
          1014::numeric, 'backfill: tron at 05-11 05:00 shows the 15th row written (19:00 - 14 h)');
SELECT is_empty('SELECT * FROM pg_temp.full_recompute_differences()', 'backfill: as a full recompute');

SELECT * FROM finish();
ROLLBACK;
