-- api.answer_at and derived.answer_time on the hand-worked fixture: a transaction bounded to a
-- past time reads no snapshot taken after it. (tests/e2e/answers_at_test.cpp asks every endpoint
-- at every time of the fixture, against what it answered then.)
--
-- By hand, from fixture.sql (times UTC+8):
--   the first chain snapshot  eth 05-11 00:00 (1778428800000 ms); 1 ms before it: refused
--   05-12 20:00               tron's and TRX-A's (1778587200000); eth's newest then 05-12 08:00,
--                             bsc none; newest of all then 05-12 20:00
--   every chain's newest      tron 05-13 08:00, eth 07:55, bsc 07:50, plasma's position 07:55: a
--                             time before 07:50 (1778629800000) is final, 07:50 itself is not
--   X-Snapshot-Blocks at 05-12 20:00: tron=latest; eth=latest (eth's 08:00 row names no block)
--   Vaults at 05-12 20:00: TRX-A and PSM-USDT-A have states then, the other five none; TRX-A's
--   stability fee 0.045, its debt ceiling 50000000 (a later round raises the fee to 0.09)
BEGIN;
\ir fixture.sql

SELECT plan(18);

SELECT is(derived.answer_time(), 'infinity'::timestamptz, 'unbounded: infinity');
SELECT is((SELECT stability_fee FROM snapshot.vault_state WHERE vault_id = 1 AND taken_at = '2026-05-12 20:00+08'),
          0.045, 'a state keeps its Vault''s configuration as it was written: TRX-A''s fee 0.045');

-- TRX-A's stability fee raised to 9% by a round at 05-13 09:00, which writes its state.
UPDATE snapshot.vault SET stability_fee = 0.09 WHERE vault_type = 'TRX-A';
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (1, '2026-05-13 09:00+08', 900000, 900050, 2000000.5);
SELECT is((SELECT stability_fee FROM derived.vault_state_at('infinity') WHERE vault_type = 'TRX-A'), 0.09,
          'unbounded: the newest configuration');
SELECT throws_ok($$SELECT api.answer_at(1778428799999)$$, 'CA002', 'Invalid at: before the first snapshot.',
                 '1 ms before the first snapshot: refused');
SELECT throws_ok($$SELECT api.answer_at((extract(epoch FROM now()) * 1000)::bigint + 60000)$$, 'CA002',
                 'Invalid at: in the future.', 'a minute from now: refused');
SELECT is(api.answer_at(1778629799999), true, 'before bsc''s newest (07:50): final');
SELECT is(api.answer_at(1778629800000), false, 'at 07:50: bsc has no newer snapshot, not final');

SELECT is(api.answer_at(1778587200000), true, 'bounded to 05-12 20:00, which every chain has passed: final');
SELECT is(derived.answer_time(), '2026-05-12 20:00+08'::timestamptz, 'bounded: the time set');
SELECT is((SELECT taken_at FROM api.last_snapshot), '2026-05-12 20:00+08'::timestamptz,
          'Last-Modified: the newest snapshot then');
SELECT is((SELECT blocks FROM api.snapshot_blocks_text), 'tron=latest; eth=latest', 'X-Snapshot-Blocks then');
SELECT results_eq($$SELECT c.chain::text, c.taken_at FROM derived.chain_clock AS c
                     WHERE c.chain IN ('tron', 'eth', 'bsc') ORDER BY c.chain$$,
                  $$VALUES ('tron', '2026-05-12 20:00+08'::timestamptz), ('eth', '2026-05-12 08:00+08'),
                           ('bsc', NULL)$$,
                  'each chain''s clock then');
SELECT is(ARRAY(SELECT vault_type FROM derived.vault_state_at('infinity') ORDER BY vault_id), ARRAY['TRX-A', 'PSM-USDT-A'],
          'the Vaults that had a state then');
SELECT is((SELECT count(*) FROM derived.position_state_at('infinity')), 0::bigint, 'no allocator position yet');
SELECT is((SELECT stability_fee FROM derived.vault_state_at('infinity') WHERE vault_type = 'TRX-A'), 0.045,
          'TRX-A''s fee then: 4.5%');
SELECT is((SELECT data->'items'->-1->>'line' FROM api.vault_history
            WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'WEEKLY'), '50000000',
          'vault-history''s line then (the live point)');

-- As the handlers run it: coin_api bounds its answers; the bound lasts until the transaction ends.
SELECT lives_ok($$SET LOCAL ROLE coin_api; SELECT api.answer_at(1778587200000); RESET ROLE$$,
                'coin_api may bound its answers');
SELECT is(derived.answer_time(), '2026-05-12 20:00+08'::timestamptz, 'until the transaction ends');

SELECT * FROM finish();
ROLLBACK;
