-- api.last_snapshot on the hand-worked fixture: one row, the newest taken_at of every snapshot
-- table, every answer's Last-Modified (the handlers read floor(extract(epoch FROM taken_at))).
-- Then newer rows written to each table in turn, one deleted, and the empty database.
--
-- By hand, from fixture.sql (times UTC+8), the newest taken_at of each table:
--   chain_state               tron 2026-05-13 08:00 (T6; eth's latest is 07:55, bsc's 07:50)
--   vault_state               TRX-A (vault 1, tron) 2026-05-13 08:00 (the others: 07:55, 07:50,
--                             TRX-B 00:01)
--   allocator_position_state  eth (1) and plasma (2) 2026-05-13 07:55 (bsc (3): 07:50)
-- so taken_at = 2026-05-13 08:00 UTC+8 = 2026-05-13 00:00 UTC, held by two rows at once: tron's
-- chain_state and TRX-A's vault_state (the newest allocator row is 5 minutes older). In epoch
-- seconds that is fixture.sql's "live" point, 1778630400000 ms / 1000 = 1778630400.
BEGIN;
\ir fixture.sql

-- The plan's lines for the view, the planner kept off sequential scans and sorts wherever it
-- has another way: what is left of them is what the view's shape cannot do without.
CREATE FUNCTION pg_temp.plan_lines() RETURNS SETOF text
LANGUAGE plpgsql SET enable_seqscan = off SET enable_bitmapscan = off SET enable_sort = off AS $$
BEGIN
  RETURN QUERY EXECUTE 'EXPLAIN (COSTS OFF) SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot';
END
$$;

SELECT plan(16);

-- ---------------------------------------------------------------------------------------------
-- The fixture
SELECT has_view('api', 'last_snapshot', 'api.last_snapshot exists');
SELECT columns_are('api', 'last_snapshot', ARRAY['taken_at'], 'api.last_snapshot: one column, taken_at');
SELECT col_type_is('api', 'last_snapshot', 'taken_at', 'timestamp with time zone',
                   'api.last_snapshot.taken_at is a timestamptz');
SELECT results_eq(
  $$SELECT taken_at FROM api.last_snapshot$$,
  $$VALUES ('2026-05-13 08:00:00+08'::timestamptz)$$,
  'fixture: one row, 2026-05-13 08:00 UTC+8 (tron''s chain_state and TRX-A''s vault_state)');
SELECT results_eq(
  $$SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot$$,
  $$VALUES (1778630400::bigint)$$,
  'fixture: as the handlers read it, 1778630400 seconds since the epoch');
-- coin_api reads it (the default privileges of api) and can execute what it calls.
SELECT table_privs_are('api', 'last_snapshot', 'coin_api', ARRAY['SELECT']);
SELECT lives_ok(
  $$SET LOCAL ROLE coin_api;
    SELECT floor(extract(epoch FROM taken_at))::bigint FROM api.last_snapshot; RESET ROLE$$,
  'as coin_api: SELECT from api.last_snapshot works');

-- No scan of a snapshot state table (millions of rows on the benchmark database): each is read
-- by one backward lookup of its primary key per chain, Vault or position, under a Limit. (On
-- the fixture's few rows an analyzed database rightly prefers sequential scans; on the
-- benchmark's the planner picks these by itself, without the settings of plan_lines.)
SELECT is(
  ARRAY(SELECT regexp_replace(l, '^ *(-> *)?', '') FROM pg_temp.plan_lines() AS l
         WHERE l ~ ' on (chain_state|vault_state|allocator_position_state) '),
  ARRAY['Index Only Scan Backward using chain_state_pkey on chain_state cs',
        'Index Only Scan Backward using vault_state_pkey on vault_state vs',
        'Index Only Scan Backward using allocator_position_state_pkey on allocator_position_state ps'],
  'plan: each state table read only by a backward scan of its primary key');
-- (derived.answer_time(), inlined, bounds each lookup: its expression is shown by name.)
SELECT is(
  ARRAY(SELECT regexp_replace(regexp_replace(l, '^ *(-> *)?', ''), 'CASE WHEN \(current_setting.* END', 'answer_time()')
          FROM pg_temp.plan_lines() AS l
         WHERE l ~ '(Sort|Seq Scan|Limit|Index Cond)'),
  ARRAY['Limit', 'Index Cond: ((chain = c.chain) AND (taken_at <= answer_time()))',
        'Limit', 'Index Cond: ((vault_id = v.vault_id) AND (taken_at <= answer_time()))',
        'Limit', 'Index Cond: ((position_id = p.position_id) AND (taken_at <= answer_time()))'],
  'plan: one key per lookup, each under a Limit (the newest row only), no sort, no sequential scan');

-- ---------------------------------------------------------------------------------------------
-- A newer row in each table in turn, each newer than everything before it, each for a key
-- other than the one holding that table's newest row (so every key is looked at, not one).
INSERT INTO snapshot.allocator_position_state
  (position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings)
VALUES (2, '2026-05-13 08:05:00+08', 2000000, 2000000, 0.0575, 6790);
SELECT results_eq(
  $$SELECT taken_at FROM api.last_snapshot$$,
  $$VALUES ('2026-05-13 08:05:00+08'::timestamptz)$$,
  'a plasma allocator snapshot at 08:05: the view follows allocator_position_state');

INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (4, '2026-05-13 08:10:00+08', 99000, 99015, 150000);
SELECT results_eq(
  $$SELECT taken_at FROM api.last_snapshot$$,
  $$VALUES ('2026-05-13 08:10:00+08'::timestamptz)$$,
  'a bsc WBTC-A Vault snapshot at 08:10: the view follows vault_state');

INSERT INTO snapshot.chain_state
  (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
VALUES ('bsc', '2026-05-13 08:15:00+08', 250000, 0, 1, 1.05, 0.04, 0);
SELECT results_eq(
  $$SELECT taken_at FROM api.last_snapshot$$,
  $$VALUES ('2026-05-13 08:15:00+08'::timestamptz)$$,
  'a bsc chain snapshot at 08:15: the view follows chain_state');

-- A Vault seen for the first time: its first state is the newest of all.
INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address,
                            min_collateral_ratio, stability_fee, debt_ceiling, dust)
VALUES ('bsc', 'BNB-A', 1, '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497', 1.5, 0.05, 1000, 10);
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
SELECT vault_id, '2026-05-13 08:20:00+08', 10, 10, 20 FROM snapshot.vault WHERE vault_type = 'BNB-A';
SELECT results_eq(
  $$SELECT taken_at FROM api.last_snapshot$$,
  $$VALUES ('2026-05-13 08:20:00+08'::timestamptz)$$,
  'a new Vault''s first snapshot at 08:20: the view follows it');

-- An older row changes nothing; deleting the newest goes back to the next newest.
INSERT INTO snapshot.chain_state
  (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
VALUES ('eth', '2026-05-13 07:58:00+08', 876543210, 0, 1, 1.058, 0.0312, 1234);
SELECT results_eq(
  $$SELECT taken_at FROM api.last_snapshot$$,
  $$VALUES ('2026-05-13 08:20:00+08'::timestamptz)$$,
  'an eth chain snapshot at 07:58, older than the newest: no change');
DELETE FROM snapshot.vault_state WHERE taken_at = '2026-05-13 08:20:00+08';
SELECT results_eq(
  $$SELECT taken_at FROM api.last_snapshot$$,
  $$VALUES ('2026-05-13 08:15:00+08'::timestamptz)$$,
  'the 08:20 Vault snapshot deleted: back to the bsc chain snapshot at 08:15');

-- ---------------------------------------------------------------------------------------------
-- The empty database: still one row, taken_at null (and so is its epoch).
TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event, snapshot.urn_state, snapshot.urn, snapshot.urn_log_range, snapshot.vault_price,
         snapshot.allocator_position_state, snapshot.allocator_position,
         snapshot.vault_state, snapshot.vault, snapshot.chain_state;
SELECT results_eq(
  $$SELECT taken_at IS NULL, floor(extract(epoch FROM taken_at))::bigint IS NULL FROM api.last_snapshot$$,
  $$VALUES (true, true)$$,
  'no snapshot at all: one row, taken_at null');

SELECT * FROM finish();
ROLLBACK;
