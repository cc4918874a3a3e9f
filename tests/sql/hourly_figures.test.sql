-- derived.hourly_figures: each chain's figures at every hour, kept up to date by the snapshot
-- tables' triggers. Whatever is written, it must hold derived.chain_figures_at(h) for every hour
-- h of the UTC+8 grid from the first chain snapshot to the latest, and nothing else.
BEGIN;
\ir fixture.sql

SELECT plan(21);

-- Every chain of the enum has a row each hour, one the fixture has no row of too (its figures 0,
-- as chain_figures_at gives them): the counts below are hours x this.
CREATE FUNCTION pg_temp.chain_count() RETURNS bigint LANGUAGE sql
RETURN cardinality(enum_range(NULL::snapshot.chain));

-- The rows that differ between the table and chain_figures_at over the grid, both ways.
CREATE FUNCTION pg_temp.stale_rows() RETURNS bigint LANGUAGE sql AS $$
  WITH grid AS (
    SELECT h, f.*
      FROM (SELECT derived.utc8_floor(min(taken_at) - interval '1 microsecond', interval '1 hour')
                     + interval '1 hour' AS first_hour,
                   derived.utc8_floor(max(taken_at), interval '1 hour') AS last_hour
              FROM snapshot.chain_state) AS span,
           generate_series(span.first_hour, span.last_hour, interval '1 hour') AS h,
           derived.chain_figures_at(h) AS f
  ),
  kept AS (
    SELECT at, chain, taken_at, coin_supply, scoin_supply, supply_value, earn_apy, earn_tvl,
           collateral_value, debt, minted
      FROM derived.hourly_figures
  )
  SELECT count(*) FROM ((SELECT * FROM kept EXCEPT SELECT * FROM grid)
                        UNION ALL
                        (SELECT * FROM grid EXCEPT SELECT * FROM kept)) AS differences
$$;

-- The fixture: eth's first snapshot is at 2026-05-11 00:00, tron's latest at 2026-05-13 08:00:
-- 57 hours (56 apart, both ends kept) of each chain.
SELECT is((SELECT count(*) FROM derived.hourly_figures), 57 * pg_temp.chain_count(),
          'fixture: 57 hours x the chains, from the first snapshot to the latest');
SELECT is(pg_temp.stale_rows(), 0::bigint, 'fixture: every hour holds chain_figures_at');
SELECT results_eq(
  $$SELECT is_midnight, statistic_time, coin_supply, collateral_value
      FROM derived.hourly_figures WHERE chain = 'tron' AND at = '2026-05-13 00:00+08'$$,
  $$VALUES (true, 1778601600000::bigint, 123500000.123456789::numeric, 2460000.123456 + 9000.75)$$,
  'fixture: the 00:00 snapshot is its own day''s daily point, with its time in epoch ms');
SELECT is((SELECT count(*) FROM derived.hourly_figures WHERE is_midnight), 3 * pg_temp.chain_count(),
          'fixture: 3 midnights (05-11, 05-12, 05-13) x the chains are daily points');

-- A new latest snapshot adds the hours it has passed, carrying the previous figures forward.
INSERT INTO snapshot.chain_state
  (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
VALUES ('tron', '2026-05-13 10:30+08', 1, 1, 1, 1, 0.01, 1);
SELECT is((SELECT count(*) FROM derived.hourly_figures), 59 * pg_temp.chain_count(),
          'a newer snapshot: the hours 09:00 and 10:00 are added');
SELECT is((SELECT coin_supply FROM derived.hourly_figures WHERE chain = 'tron' AND at = '2026-05-13 10:00+08'),
          123456789.123456789012345678,
          'a newer snapshot: 10:00 still shows the 08:00 snapshot, the new one is after it');
SELECT is(pg_temp.stale_rows(), 0::bigint, 'a newer snapshot: every hour holds chain_figures_at');

-- One past the next midnight adds a daily point, and 6.8's daily series shows it.
SELECT is((SELECT json_array_length(items) FROM derived.daily_apy WHERE chain = 'tron'), 2,
          'daily_apy: tron has the daily points of 05-12 and 05-13');
INSERT INTO snapshot.chain_state
  (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
VALUES ('tron', '2026-05-14 00:30+08', 1, 1, 1, 1, 0.02, 1);
SELECT is((SELECT count(*) FROM derived.hourly_figures), 73 * pg_temp.chain_count(),
          'past midnight: the hours up to 05-14 00:00 (73 x the chains)');
SELECT is((SELECT items->2 ->> 'apy' FROM derived.daily_apy WHERE chain = 'tron'), '0.01',
          'daily_apy refreshed: tron''s 05-14 point is the 10:30 snapshot''s APY');
SELECT is((SELECT coin[1] FROM derived.daily_values WHERE statistic_time = 1778688000000), '1',
          'daily_values refreshed: the 05-14 point (epoch ms) has tron''s 10:30 supply');

-- A late Vault state recomputes the hours from its own on.
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (1, '2026-05-12 10:00+08', 1, 1, 999);
SELECT is((SELECT collateral_value FROM derived.hourly_figures WHERE chain = 'tron' AND at = '2026-05-12 12:00+08'),
          999::numeric, 'a late Vault state: tron''s collateral at 12:00 is the new 999');
SELECT is(pg_temp.stale_rows(), 0::bigint, 'a late Vault state: every hour holds chain_figures_at');

-- A correction in place recomputes too.
UPDATE snapshot.chain_state SET coin_supply = 5 WHERE chain = 'eth' AND taken_at = '2026-05-12 08:00+08';
SELECT is((SELECT coin_supply FROM derived.hourly_figures WHERE chain = 'eth' AND at = '2026-05-12 20:00+08'),
          5::numeric, 'a corrected snapshot: eth at 20:00 shows the corrected 08:00 row');
SELECT is(pg_temp.stale_rows(), 0::bigint, 'a corrected snapshot: every hour holds chain_figures_at');

-- Deleting the latest snapshots drops the hours after the new latest (eth's 07:55).
DELETE FROM snapshot.chain_state WHERE chain = 'tron' AND taken_at >= '2026-05-13 08:00+08';
SELECT is((SELECT max(at) FROM derived.hourly_figures), '2026-05-13 07:00+08'::timestamptz,
          'deleted latest snapshots: the last hour is the one before eth''s 07:55');
SELECT is(pg_temp.stale_rows(), 0::bigint, 'deleted latest snapshots: every hour holds chain_figures_at');
SELECT is((SELECT json_array_length(items) FROM derived.daily_apy WHERE chain = 'tron'), 2,
          'daily_apy refreshed: the 05-14 point is gone again');
SELECT is((SELECT count(*) FROM derived.daily_values), 3::bigint,
          'daily_values refreshed: the daily points of 05-11, 05-12 and 05-13 are left');

-- A Vault moved to another chain moves its collateral at every hour.
UPDATE snapshot.vault SET chain = 'bsc' WHERE chain = 'eth' AND vault_type = 'PSM-USDT-A';
SELECT is(pg_temp.stale_rows(), 0::bigint, 'a Vault moved between chains: every hour holds chain_figures_at');

TRUNCATE snapshot.auction_status, snapshot.vault_price, snapshot.vault_state, snapshot.chain_state;
SELECT is_empty('SELECT * FROM derived.hourly_figures', 'TRUNCATE: no snapshot, no hour');

SELECT * FROM finish();
ROLLBACK;
