-- What a *DailyChange (6.7, 6.12) is measured from where today's 00:00 UTC+8 snapshot does not
-- exist for what it measures (daily_baseline), and 6.23 api.daily_baseline, which says it. The
-- day is 2026-06-01 (UTC+8); its 00:00 is 1780243200000 ms.
--
-- A deployment started at 10:00, on bsc only (tron and eth have no row):
--   bsc chain_state   10:00  coin 1000 x 1, sCOIN 0, earn TVL 100
--                     16:00  coin 1500 x 1, sCOIN 0, earn TVL 130     (the newest: now)
--   bsc WBTC-A        10:00  locked 5000;   16:00  5600
--   bsc ETH-A         added at 15:00: 15:00 locked 2000;   16:00  2100
--   position Aave bsc 12:00  earnings 40;   16:00  45
-- No 00:00 row exists for anything, so each is measured from its first snapshot of the day:
--   supply value 1500 - 1000 = 500; collateral (5600 - 5000) + (2100 - 2000) = 700;
--   earn TVL 130 - 100 = 30; earnSa 45 - 40 = 5.
-- (Against a missing value, as before: 1500, 7700, 130 and 45, a day's change out of nothing.)
-- bsc's since is 10:00 (1780279200000), ETH-A's 15:00 (1780297200000); tron and eth: null.
--
-- A backfill then writes the 00:00 rows: bsc chain_state 00:00 coin 900 x 1, earn TVL 90;
-- WBTC-A 00:00 locked 4800; the position yesterday 23:00 earnings 30 (the latest at or before
-- 00:00). The spec's rule applies to them again; ETH-A, added at 15:00, keeps its own:
--   supply value 1500 - 900 = 600; collateral (5600 - 4800) + (2100 - 2000) = 900;
--   earn TVL 130 - 90 = 40; earnSa 45 - 30 = 15; bsc's since 00:00, ETH-A's still 15:00.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(6);

TRUNCATE snapshot.auction_status, snapshot.clip_event, snapshot.bark, snapshot.urn_event,
         snapshot.urn_state, snapshot.urn, snapshot.urn_log_range, snapshot.vault_price,
         snapshot.allocator_position_state, snapshot.allocator_position,
         snapshot.vault_state, snapshot.vault, snapshot.chain_state RESTART IDENTITY;

INSERT INTO snapshot.chain_state
  (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
VALUES ('bsc', '2026-06-01 10:00:00+08', 1000, 0, 1, 1, 0.05, 100),
       ('bsc', '2026-06-01 16:00:00+08', 1500, 0, 1, 1, 0.05, 130);
INSERT INTO snapshot.vault
  (chain, vault_type, collateral_type, contract_address, min_collateral_ratio, stability_fee,
   debt_ceiling, dust, psm_fee)
VALUES ('bsc', 'WBTC-A', 1, '0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e', 1.45, 0.05, 1000000, 0, NULL),
       ('bsc', 'ETH-A',  1, '0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f', 1.45, 0.05, 1000000, 0, NULL);
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (1, '2026-06-01 10:00:00+08', 1000, 1000, 5000),
       (1, '2026-06-01 16:00:00+08', 1000, 1000, 5600),
       (2, '2026-06-01 15:00:00+08', 500, 500, 2000),
       (2, '2026-06-01 16:00:00+08', 500, 500, 2100);
INSERT INTO snapshot.allocator_position (platform, chain, gem_symbol, operator_address, strategy, tag)
VALUES ('Aave', 'bsc', 'USDT', '0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a', 'Investment', NULL);
INSERT INTO snapshot.allocator_position_state
  (position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings)
VALUES (1, '2026-06-01 12:00:00+08', 1000, 1000, 0.05, 40),
       (1, '2026-06-01 16:00:00+08', 1000, 1000, 0.05, 45);

SELECT results_eq(
  $$SELECT chain, data->>'totalSupplyValueDailyChange', data->>'totalCollateralValueDailyChange',
           data->>'earnTvlDailyChange'
      FROM api.latest_collateral WHERE chain IN ('tron', 'eth', 'bsc') ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', '0', '0', '0'), ('eth', '0', '0', '0'), ('bsc', '500', '700', '30')$$,
  'started at 10:00: 6.12 bsc measures each figure from its first snapshot of the day');
SELECT is(
  (SELECT json_build_array("totalSupplyValueDailyChange", "totalCollateralValueDailyChange",
                           "earnTvlDailyChange", "earnSaDailyChange")::text FROM api.platform_overview),
  '["500", "700", "30", "5"]',
  'started at 10:00: 6.7''s changes, earnSa''s from the position''s first state (12:00)');
SELECT pg_temp.is_payload(pg_temp.payload('api.daily_baseline'),
  '{"midnight":1780243200000,"items":[{"chain":"tron","since":null,"sinceTime":null,"vaults":[]},'
  '{"chain":"eth","since":null,"sinceTime":null,"vaults":[]},'
  '{"chain":"bsc","since":1780279200000,"sinceTime":"2026-06-01 10:00 (UTC+8)","vaults":'
  '[{"vaultType":"ETH-A","since":1780297200000,"sinceTime":"2026-06-01 15:00 (UTC+8)"}]}'
    || pg_temp.for_other_chains(',{"chain":"%s","since":null,"sinceTime":null,"vaults":[]}') || ']}',
  'started at 10:00: 6.23 says bsc is measured from 10:00 and ETH-A, added at 15:00, from 15:00');

-- The backfill.
INSERT INTO snapshot.chain_state
  (chain, taken_at, coin_supply, scoin_supply, coin_price, scoin_price, earn_apy, earn_tvl)
VALUES ('bsc', '2026-06-01 00:00:00+08', 900, 0, 1, 1, 0.05, 90);
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (1, '2026-06-01 00:00:00+08', 1000, 1000, 4800);
INSERT INTO snapshot.allocator_position_state
  (position_id, taken_at, holding_amount, apy_holding_amount, apy, actual_earnings)
VALUES (1, '2026-05-31 23:00:00+08', 1000, 1000, 0.05, 30);

SELECT results_eq(
  $$SELECT data->>'totalSupplyValueDailyChange', data->>'totalCollateralValueDailyChange',
           data->>'earnTvlDailyChange'
      FROM api.latest_collateral WHERE chain = 'bsc'$$,
  $$VALUES ('600', '900', '40')$$,
  'backfilled: 6.12 bsc from the 00:00 rows, ETH-A (added at 15:00) still from its first');
SELECT is(
  (SELECT "earnSaDailyChange" FROM api.platform_overview), '15',
  'backfilled: earnSa from the position''s latest state at or before 00:00 (23:00)');
SELECT is(
  (SELECT items->2 FROM api.daily_baseline)::jsonb,
  '{"chain":"bsc","since":1780243200000,"sinceTime":"2026-06-01 00:00 (UTC+8)","vaults":[{"vaultType":"ETH-A","since":1780297200000,"sinceTime":"2026-06-01 15:00 (UTC+8)"}]}'::jsonb,
  'backfilled: 6.23 bsc from 00:00, ETH-A from 15:00');

SELECT * FROM finish();
ROLLBACK;
