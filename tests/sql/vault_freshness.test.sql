-- api.vault_freshness on the hand-worked fixture: one row per Vault with its newest vault_state
-- and the whole seconds since then; then a Vault without any state.
--
-- By hand, from fixture.sql (times UTC+8), each Vault's newest vault_state: tron TRX-A 05-13
-- 08:00, TRX-B 05-13 00:01 (a Vault left out of the rounds since then); eth PSM-USDT-A,
-- SA-USDT-A and WBTC-A 07:55; bsc WBTC-A and SA-USDT-A 07:50. Rows in the spec's chain order,
-- then by vault_id (1 TRX-A, 6 TRX-B; 2, 3, 5; 4, 7).
BEGIN;
\ir fixture.sql

SELECT plan(5);

SELECT columns_are('api', 'vault_freshness', ARRAY['chain', 'vault_type', 'taken_at', 'age_seconds'],
                   'api.vault_freshness: chain, vault_type, taken_at, age_seconds');
SELECT results_eq(
  $$SELECT chain, vault_type, taken_at FROM api.vault_freshness$$,
  $$VALUES ('tron', 'TRX-A',      '2026-05-13 08:00:00+08'::timestamptz),
           ('tron', 'TRX-B',      '2026-05-13 00:01:00+08'::timestamptz),
           ('eth',  'PSM-USDT-A', '2026-05-13 07:55:00+08'::timestamptz),
           ('eth',  'SA-USDT-A',  '2026-05-13 07:55:00+08'::timestamptz),
           ('eth',  'WBTC-A',     '2026-05-13 07:55:00+08'::timestamptz),
           ('bsc',  'WBTC-A',     '2026-05-13 07:50:00+08'::timestamptz),
           ('bsc',  'SA-USDT-A',  '2026-05-13 07:50:00+08'::timestamptz)$$,
  'fixture: every Vault''s newest state, TRX-B''s 7 h 59 min older than TRX-A''s');
SELECT is(
  (SELECT age_seconds FROM api.vault_freshness WHERE chain = 'tron' AND vault_type = 'TRX-B'),
  floor(extract(epoch FROM now() - '2026-05-13 00:01:00+08'::timestamptz))::bigint,
  'fixture: TRX-B''s age is the whole seconds since 00:01 UTC+8');

-- A Vault the indexer has configured but never read.
INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address, min_collateral_ratio,
                            stability_fee, debt_ceiling, dust, psm_fee)
VALUES ('bsc', 'NEW-A', 1, '0x0000000000000000000000000000000000000001', 1.5, 0, 0, 0, NULL);
SELECT results_eq(
  $$SELECT taken_at, age_seconds FROM api.vault_freshness WHERE vault_type = 'NEW-A'$$,
  $$VALUES (NULL::timestamptz, NULL::bigint)$$,
  'a Vault without a state: null time and age');

SELECT is((SELECT count(*) FROM api.vault_freshness), 8::bigint, 'one row per Vault');

SELECT * FROM finish();
ROLLBACK;
