-- The fixture is what its header says: every snapshot table filled, with the rows listed there;
-- the time the API speaks for; the day boundary's rows at 23:59, 00:00 and 00:01 UTC+8.
BEGIN;
\ir fixture.sql

SELECT plan(5);

SELECT results_eq(
  $$SELECT 'chain_state', count(*) FROM snapshot.chain_state
    UNION ALL SELECT 'vault', count(*) FROM snapshot.vault
    UNION ALL SELECT 'vault_state', count(*) FROM snapshot.vault_state
    UNION ALL SELECT 'allocator_position', count(*) FROM snapshot.allocator_position
    UNION ALL SELECT 'allocator_position_state', count(*) FROM snapshot.allocator_position_state$$,
  $$VALUES ('chain_state', 17::bigint), ('vault', 7), ('vault_state', 23),
           ('allocator_position', 3), ('allocator_position_state', 9)$$,
  'fixture: every snapshot table holds the rows of fixture.sql');
SELECT results_eq(
  $$SELECT taken_at, midnight FROM derived.as_of$$,
  $$VALUES ('2026-05-13 08:00:00+08'::timestamptz, '2026-05-13 00:00:00+08'::timestamptz)$$,
  'fixture: the API speaks for 2026-05-13 08:00 UTC+8; the baseline is 00:00 UTC+8 that day');
-- The day boundary is pinned: 23:59, 00:00 and 00:01 rows with three different values, for every
-- chain, for Vaults and for allocator positions.
SELECT results_eq(
  $$SELECT chain::text, count(*), count(DISTINCT (coin_supply, scoin_supply, coin_price, scoin_price,
                                                   earn_apy, earn_tvl))
      FROM snapshot.chain_state
     WHERE taken_at IN ('2026-05-12 23:59+08', '2026-05-13 00:00+08', '2026-05-13 00:01+08')
     GROUP BY chain ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', 3::bigint, 3::bigint), ('eth', 3, 3), ('bsc', 3, 3)$$,
  'fixture: each chain has different chain_state rows at 23:59, 00:00 and 00:01');
SELECT results_eq(
  $$SELECT v.chain::text, v.vault_type, count(*), count(DISTINCT (s.minted, s.debt, s.locked_value))
      FROM snapshot.vault_state s JOIN snapshot.vault v USING (vault_id)
     WHERE s.taken_at IN ('2026-05-12 23:59+08', '2026-05-13 00:00+08', '2026-05-13 00:01+08')
     GROUP BY v.chain, v.vault_type HAVING count(*) = 3 ORDER BY v.chain, v.vault_type$$,
  $$VALUES ('tron', 'TRX-A', 3::bigint, 3::bigint), ('eth', 'PSM-USDT-A', 3, 3)$$,
  'fixture: TRX-A and PSM-USDT-A have different states at 23:59, 00:00 and 00:01');
SELECT results_eq(
  $$SELECT p.chain, count(*), count(DISTINCT (s.holding_amount, s.apy_holding_amount, s.apy,
                                              s.actual_earnings))
      FROM snapshot.allocator_position_state s JOIN snapshot.allocator_position p USING (position_id)
     WHERE s.taken_at IN ('2026-05-12 23:59+08', '2026-05-13 00:00+08', '2026-05-13 00:01+08')
     GROUP BY p.chain ORDER BY 1$$,
  $$VALUES ('bsc', 3::bigint, 3::bigint), ('eth', 3, 3)$$,
  'fixture: the bsc and eth positions have different states at 23:59, 00:00 and 00:01');

SELECT * FROM finish();
ROLLBACK;
