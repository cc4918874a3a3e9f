-- api.chain_freshness on the hand-worked fixture: one row per chain, its newest chain_state
-- snapshot and the whole seconds since then; then a chain without any snapshot.
--
-- By hand, from fixture.sql (times UTC+8), each chain's newest chain_state:
--   tron 2026-05-13 08:00, eth 2026-05-13 07:55, bsc 2026-05-13 07:50
-- (vault and allocator rows do not count: a chain is as fresh as its chain_state). The age is
-- against now(), the transaction's start: fixed within this test's transaction, so it is
-- checked as now() - taken_at, and once more by a row written "5 minutes ago". A chain of the
-- enum the fixture has no row of has its row too, with nulls.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(8);

SELECT has_view('api', 'chain_freshness', 'api.chain_freshness exists');
SELECT columns_are('api', 'chain_freshness', ARRAY['chain', 'taken_at', 'age_seconds'],
                   'api.chain_freshness: chain, taken_at, age_seconds');
SELECT col_type_is('api', 'chain_freshness', 'age_seconds', 'bigint', 'age_seconds is a bigint');
SELECT results_eq(
  $$SELECT chain, taken_at FROM api.chain_freshness ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', '2026-05-13 08:00:00+08'::timestamptz),
           ('eth',  '2026-05-13 07:55:00+08'::timestamptz),
           ('bsc',  '2026-05-13 07:50:00+08'::timestamptz)$$ || pg_temp.for_other_chains(', (''%s'', NULL)'),
  'fixture: tron 08:00, eth 07:55, bsc 07:50 (UTC+8); a chain without snapshots null');
SELECT is(
  (SELECT age_seconds FROM api.chain_freshness WHERE chain = 'bsc'),
  floor(extract(epoch FROM now() - '2026-05-13 07:50:00+08'::timestamptz))::bigint,
  'fixture: bsc''s age is the whole seconds since 07:50 UTC+8');

-- A snapshot of eth written 5 minutes and half a second ago: 300 whole seconds old.
INSERT INTO snapshot.chain_state
  SELECT chain, now() - interval '300.5 seconds', coin_supply, scoin_supply, coin_price,
         scoin_price, earn_apy, earn_tvl
    FROM snapshot.chain_state WHERE chain = 'eth' ORDER BY taken_at DESC LIMIT 1;
SELECT is((SELECT age_seconds FROM api.chain_freshness WHERE chain = 'eth'), 300::bigint,
          'a snapshot 300.5 s old is 300 s old');

-- A chain without any snapshot still has its row, with nulls.
DELETE FROM snapshot.chain_state WHERE chain = 'bsc';
SELECT results_eq(
  $$SELECT taken_at IS NULL, age_seconds IS NULL FROM api.chain_freshness WHERE chain = 'bsc'$$,
  $$VALUES (true, true)$$,
  'a chain without snapshots: taken_at and age_seconds are null');
SELECT is((SELECT count(*) FROM api.chain_freshness), cardinality(enum_range(NULL::snapshot.chain))::bigint,
          'always a row per chain of the enum');

SELECT * FROM finish();
ROLLBACK;
