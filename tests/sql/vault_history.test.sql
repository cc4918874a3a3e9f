-- GET /api/v1/data-platform/vault-history (api.vault_history), the table behind it
-- (derived.hourly_vault_figures) and its triggers, and the functions every answer can go
-- through (api_functions): api.points_between and api.csv. On the hand-worked fixture: the
-- expected answers are worked out below from the rows of fixture.sql (its header has the clock
-- and the epoch ms).
--
-- ============================================================================================
-- The windows (as 6.13, fixture.sql's header): each Vault's history ends at its chain's newest
-- snapshot (UTC+8, as every time here), its live point: tron's 2026-05-13 08:00 (statisticTime
-- 1778630400000), eth's 07:55 (1778630100000), bsc's 07:50 (1778629800000). The grid of
-- derived.hourly_figures runs from 05-11 00:00 (eth's first snapshot) to 05-13 08:00: 57 hours.
--   WEEKLY: the hourly points 07:00 - 167 h = 05-06 08:00 .. 05-13 07:00, so here all 56 grid
--           hours before the live point; MONTHLY (and BIANNUAL, ANNUAL): the daily points from D3 - 29
--           days on, so here D1 05-11, D2 05-12, D3 05-13 (00:00).
--   A point is shown only where the Vault had a state at or before it; the live point is the
--   Vault's latest state, last, time null.
--   epoch ms: D1 1778428800000, D2 1778515200000, D3 1778601600000; hh:00 on 05-13 is
--   D3 + hh x 3600000 (01:00 1778605200000 .. 07:00 1778626800000).
--
-- collateralRatio = lockedValue / debt, PostgreSQL's numeric division (fixture.sql's header):
-- rounded half up to 16 decimals when both have the same number of base-10000 digits before
-- the point, 20 when the dividend's first such digit is not above the divisor's (15000000.25 /
-- 15000000: 1500 and 1500, the quotient one place lower), more where an operand has more
-- decimals; then trailing zeros trimmed. 0 without debt.
--
-- Per Vault, its states (locked / debt / minted, apy) and the state each grid point shows:
--   1 tron TRX-A, line "50000000", apy null:
--     S1 05-11 20:00  2000000.5 / 900050 / 900000        ratio 2.2220993278151213|82... = 2.2220993278151214
--     S2 05-12 20:00  2400000 / 1000100.5 / 1000000      ratio 2.3997588242381640|64... = 2.3997588242381641
--     S3 23:59        never shown (between 23:00 and 00:00)
--     S4 00:00        2460000.123456 / 1210160.75 / 1210000.5
--                                                        ratio 2.0327878948776020|04... = 2.032787894877602(0)
--     S5 00:01        2460001 / 1210161.25 / 1210001     ratio 2.0327877793145334|97... = 2.0327877793145335
--     S6 08:00 (live) 2500000.75 / 1234890.123456789012345678 / 1234567.891234567891234567
--                     ratio 18 decimals (the debt's): 2.024472220250516437|23... = 2.024472220250516437
--     WEEKLY 37: 05-11 20:00..05-12 19:00 S1 (24), 05-12 20:00..23:00 S2 (4), 00:00 S4,
--                01:00..07:00 S5 (7), live S6. (05-11 00:00..19:00: no state yet, no point.)
--     MONTHLY = BIANNUAL = ANNUAL 3: D2 S1, D3 S4, live S6 (D1: no state yet).
--   2 eth PSM-USDT-A, line "30000000", apy null:
--     P1 05-11 00:00  15000000.25 / 15000000 / 15000000: first base-10000 digits 1500 and 1500,
--                     so 20 decimals: 1.00000001666666666666|66... = 1.00000001666666666667
--     P2 23:59 never shown; P3 00:00 19500000.5 x 3, ratio 1; P4 00:01 19600000 x 3, ratio 1;
--     P5 07:55 (live) 20000000.000000 / 20000000 / 20000000: 20000000, ratio 1
--     WEEKLY 57: 05-11 00:00..05-12 23:00 P1 (48; the state taken at 00:00 counts for 00:00),
--                00:00 P3, 01:00..07:00 P4 (7), live P5.
--     MONTHLY 4: D1 P1, D2 P1, D3 P3, live P5.
--   3 eth SA-USDT-A, line "10000000", apy not null:
--     A1 00:00  4810000.5 / 4800000 / 4800000, apy 0.05; ratio 1 + 10000.5 / 4800000 = 1.0020834375
--     A2 07:55 (live) 5012345.678 / 5000000 / 5000000, apy 0.052345678901234567890123456789;
--              ratio 1.0024691356
--     WEEKLY 9: 00:00..07:00 A1 (8), live A2. MONTHLY 2: D3 A1, live A2.
--   4 bsc WBTC-A, 5 eth WBTC-A, 7 bsc SA-USDT-A: first state at 00:00 (bsc WBTC-A's 23:59 is
--     never shown): WEEKLY 9 (00:00..07:00, live), MONTHLY 2 (D3, live).
--   6 tron TRX-B, line "20000000", apy null:
--     B1 00:00  9000.75 / 5000.5 / 5000; ratio 1.8 - 0.15 / 5000.5 = 1.7999700029997000|29...
--               = 1.7999700029997(000)
--     B2 00:01 (live) 0 / 0.000000 / 0.000: every figure 0, ratio 0 (no debt)
--     WEEKLY 9: 00:00 B1, 01:00..07:00 B2 (7), live B2. MONTHLY 2: D3 B1, live B2.
--   Rows: 7 Vaults x 4 intervals = 28.
-- ============================================================================================
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(78);

-- The payload of vault-history for its parameters, as sent (compacted), null without a row.
CREATE FUNCTION pg_temp.vault_history(c text, t text, i text) RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(data::text) FROM api.vault_history
         WHERE chain = c AND "vaultType" = t AND "interval" = i);

-- A point of vault-history as this file names it: its members statisticTime .. apy, in its
-- order (as_expected; only the keys of the object below matter). A field added to the answer
-- since is left to the OpenAPI document's example.
CREATE FUNCTION pg_temp.point(e json) RETURNS text LANGUAGE sql
RETURN pg_temp.as_expected(e, '{"statisticTime":0,"time":0,"mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":0,"apy":0}');

-- The payload, worked out from segments of equal hourly points (local UTC+8 times, hand values)
-- without the view's helpers: the points first .. last (every step) of the window of that
-- step, and the live point.
CREATE TEMP TABLE expected_segment (vault_type text, chain text, first timestamp, last timestamp,
  step interval, live boolean, minted text, debt text, locked text, ratio text, line text,
  apy text) ON COMMIT DROP;
CREATE FUNCTION pg_temp.expected_payload(c text, t text, s interval) RETURNS text LANGUAGE sql AS $$
  SELECT '{"items":[' || string_agg(
           format('{"statisticTime":%s,"time":%s,"mintedCOIN":%s,"debt":%s,"lockedValue":%s,'
                  '"collateralRatio":%s,"line":"%s","apy":%s}',
                  (extract(epoch FROM g - interval '8 hours') * 1000)::bigint,
                  CASE WHEN e.live THEN 'null' ELSE '"' || to_char(g, 'YYYY-MM-DD HH24:MI') || ' (UTC+8)"' END,
                  e.minted, e.debt, e.locked, e.ratio, e.line, e.apy), ',' ORDER BY g) || ']}'
    FROM expected_segment AS e, generate_series(e.first, e.last, e.step) AS g
   WHERE e.chain = c AND e.vault_type = t AND (e.step = s OR e.live)
$$;
INSERT INTO expected_segment VALUES
  ('TRX-A', 'tron', '2026-05-11 20:00', '2026-05-12 19:00', '1 hour', false,
   '900000', '900050', '2000000.5', '2.2220993278151214', '50000000', 'null'),
  ('TRX-A', 'tron', '2026-05-12 20:00', '2026-05-12 23:00', '1 hour', false,
   '1000000', '1000100.5', '2400000', '2.3997588242381641', '50000000', 'null'),
  ('TRX-A', 'tron', '2026-05-13 00:00', '2026-05-13 00:00', '1 hour', false,
   '1210000.5', '1210160.75', '2460000.123456', '2.032787894877602', '50000000', 'null'),
  ('TRX-A', 'tron', '2026-05-13 01:00', '2026-05-13 07:00', '1 hour', false,
   '1210001', '1210161.25', '2460001', '2.0327877793145335', '50000000', 'null'),
  ('TRX-A', 'tron', '2026-05-12 00:00', '2026-05-12 00:00', '1 day', false,
   '900000', '900050', '2000000.5', '2.2220993278151214', '50000000', 'null'),
  ('TRX-A', 'tron', '2026-05-13 00:00', '2026-05-13 00:00', '1 day', false,
   '1210000.5', '1210160.75', '2460000.123456', '2.032787894877602', '50000000', 'null'),
  ('TRX-A', 'tron', '2026-05-13 08:00', '2026-05-13 08:00', '1 hour', true,
   '1234567.891234567891234567', '1234890.123456789012345678', '2500000.75', '2.024472220250516437',
   '50000000', 'null'),
  ('PSM-USDT-A', 'eth', '2026-05-11 00:00', '2026-05-12 23:00', '1 hour', false,
   '15000000', '15000000', '15000000.25', '1.00000001666666666667', '30000000', 'null'),
  ('PSM-USDT-A', 'eth', '2026-05-13 00:00', '2026-05-13 00:00', '1 hour', false,
   '19500000.5', '19500000.5', '19500000.5', '1', '30000000', 'null'),
  ('PSM-USDT-A', 'eth', '2026-05-13 01:00', '2026-05-13 07:00', '1 hour', false,
   '19600000', '19600000', '19600000', '1', '30000000', 'null'),
  ('PSM-USDT-A', 'eth', '2026-05-11 00:00', '2026-05-12 00:00', '1 day', false,
   '15000000', '15000000', '15000000.25', '1.00000001666666666667', '30000000', 'null'),
  ('PSM-USDT-A', 'eth', '2026-05-13 00:00', '2026-05-13 00:00', '1 day', false,
   '19500000.5', '19500000.5', '19500000.5', '1', '30000000', 'null'),
  ('PSM-USDT-A', 'eth', '2026-05-13 07:55', '2026-05-13 07:55', '1 hour', true,
   '20000000', '20000000', '20000000', '1', '30000000', 'null');

-- =============================================================================================
-- The rows and the number of points
-- =============================================================================================
SELECT results_eq(
  $$SELECT chain, "vaultType", "interval", json_array_length(data->'items'),
           (data->'items'->-1->>'statisticTime')::bigint, data->'items'->-1->>'time'
      FROM api.vault_history
     ORDER BY chain::snapshot.chain, "vaultType", array_position('{WEEKLY,MONTHLY,BIANNUAL,ANNUAL}', "interval")$$,
  $$VALUES ('tron', 'TRX-A', 'WEEKLY', 37, 1778630400000::bigint, NULL::text),
           ('tron', 'TRX-A', 'MONTHLY', 3, 1778630400000, NULL), ('tron', 'TRX-A', 'BIANNUAL', 3, 1778630400000, NULL),
           ('tron', 'TRX-A', 'ANNUAL', 3, 1778630400000, NULL),
           ('tron', 'TRX-B', 'WEEKLY', 9, 1778630400000, NULL), ('tron', 'TRX-B', 'MONTHLY', 2, 1778630400000, NULL),
           ('tron', 'TRX-B', 'BIANNUAL', 2, 1778630400000, NULL), ('tron', 'TRX-B', 'ANNUAL', 2, 1778630400000, NULL),
           ('eth', 'PSM-USDT-A', 'WEEKLY', 57, 1778630100000, NULL), ('eth', 'PSM-USDT-A', 'MONTHLY', 4, 1778630100000, NULL),
           ('eth', 'PSM-USDT-A', 'BIANNUAL', 4, 1778630100000, NULL), ('eth', 'PSM-USDT-A', 'ANNUAL', 4, 1778630100000, NULL),
           ('eth', 'SA-USDT-A', 'WEEKLY', 9, 1778630100000, NULL), ('eth', 'SA-USDT-A', 'MONTHLY', 2, 1778630100000, NULL),
           ('eth', 'SA-USDT-A', 'BIANNUAL', 2, 1778630100000, NULL), ('eth', 'SA-USDT-A', 'ANNUAL', 2, 1778630100000, NULL),
           ('eth', 'WBTC-A', 'WEEKLY', 9, 1778630100000, NULL), ('eth', 'WBTC-A', 'MONTHLY', 2, 1778630100000, NULL),
           ('eth', 'WBTC-A', 'BIANNUAL', 2, 1778630100000, NULL), ('eth', 'WBTC-A', 'ANNUAL', 2, 1778630100000, NULL),
           ('bsc', 'SA-USDT-A', 'WEEKLY', 9, 1778629800000, NULL), ('bsc', 'SA-USDT-A', 'MONTHLY', 2, 1778629800000, NULL),
           ('bsc', 'SA-USDT-A', 'BIANNUAL', 2, 1778629800000, NULL), ('bsc', 'SA-USDT-A', 'ANNUAL', 2, 1778629800000, NULL),
           ('bsc', 'WBTC-A', 'WEEKLY', 9, 1778629800000, NULL), ('bsc', 'WBTC-A', 'MONTHLY', 2, 1778629800000, NULL),
           ('bsc', 'WBTC-A', 'BIANNUAL', 2, 1778629800000, NULL), ('bsc', 'WBTC-A', 'ANNUAL', 2, 1778629800000, NULL)$$,
  'vault_history: one row per Vault and interval (7 x 4); the number of points; the live point last, time null');
SELECT is(pg_temp.vault_history('tron', 'TRX-C', 'WEEKLY'), NULL,
          'vault_history: a vault type that does not exist has no row');
SELECT is(pg_temp.vault_history('eth', 'TRX-A', 'WEEKLY'), NULL,
          'vault_history: a vault type of another chain has no row on this one');
SELECT is(pg_temp.vault_history('tron', 'TRX-A', 'DAILY'), NULL,
          'vault_history: an interval that does not exist has no row');

-- =============================================================================================
-- The payloads
-- =============================================================================================
SELECT pg_temp.is_payload(pg_temp.vault_history('tron', 'TRX-A', 'MONTHLY'),
  '{"items":[{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","mintedCOIN":900000,"debt":900050,"lockedValue":2000000.5,"collateralRatio":2.2220993278151214,"line":"50000000","apy":null},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","mintedCOIN":1210000.5,"debt":1210160.75,"lockedValue":2460000.123456,"collateralRatio":2.032787894877602,"line":"50000000","apy":null},{"statisticTime":1778630400000,"time":null,"mintedCOIN":1234567.891234567891234567,"debt":1234890.123456789012345678,"lockedValue":2500000.75,"collateralRatio":2.024472220250516437,"line":"50000000","apy":null}]}',
  'tron TRX-A MONTHLY: the payload text (D2 from the 05-11 20:00 state, D3, live; no D1: no state yet)');
SELECT pg_temp.is_payload(pg_temp.vault_history('tron', 'TRX-A', 'MONTHLY'), pg_temp.expected_payload('tron', 'TRX-A', '1 day'),
          'tron TRX-A MONTHLY: as its segments give it');
SELECT results_eq(
  $$SELECT "interval" FROM api.vault_history
     WHERE chain = 'tron' AND "vaultType" = 'TRX-A'
       AND pg_temp.compact(data::text) = pg_temp.vault_history('tron', 'TRX-A', 'MONTHLY') ORDER BY 1$$,
  $$VALUES ('ANNUAL'), ('BIANNUAL'), ('MONTHLY')$$,
  'tron TRX-A: BIANNUAL and ANNUAL are MONTHLY here (all history is within 30 days)');
SELECT pg_temp.is_payload(pg_temp.vault_history('tron', 'TRX-A', 'WEEKLY'), pg_temp.expected_payload('tron', 'TRX-A', '1 hour'),
          'tron TRX-A WEEKLY: the payload text, 24 x S1, 4 x S2, the 00:00 state, 7 x the 00:01 state, live');
SELECT pg_temp.is_payload((data->'items'->27)::text,
  '{"statisticTime":1778598000000,"time":"2026-05-12 23:00 (UTC+8)","mintedCOIN":1000000,"debt":1000100.5,"lockedValue":2400000,"collateralRatio":2.3997588242381641,"line":"50000000","apy":null}',
  'tron TRX-A WEEKLY: point 28 is 23:00 (D2 + 23 x 3600000), the 20:00 state: the 23:59 one comes after it')
  FROM api.vault_history WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'WEEKLY';

SELECT pg_temp.is_payload(pg_temp.vault_history('eth', 'SA-USDT-A', 'WEEKLY'),
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778605200000,"time":"2026-05-13 01:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778608800000,"time":"2026-05-13 02:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778612400000,"time":"2026-05-13 03:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778616000000,"time":"2026-05-13 04:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778619600000,"time":"2026-05-13 05:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778623200000,"time":"2026-05-13 06:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778626800000,"time":"2026-05-13 07:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778630100000,"time":null,"mintedCOIN":5000000,"debt":5000000,"lockedValue":5012345.678,"collateralRatio":1.0024691356,"line":"10000000","apy":0.052345678901234567890123456789}]}',
  'eth SA-USDT-A WEEKLY: the payload text (the allocator Vault: apy a number; from its first state, 00:00)');
SELECT pg_temp.is_payload(pg_temp.vault_history('eth', 'SA-USDT-A', 'MONTHLY'),
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","mintedCOIN":4800000,"debt":4800000,"lockedValue":4810000.5,"collateralRatio":1.0020834375,"line":"10000000","apy":0.05},{"statisticTime":1778630100000,"time":null,"mintedCOIN":5000000,"debt":5000000,"lockedValue":5012345.678,"collateralRatio":1.0024691356,"line":"10000000","apy":0.052345678901234567890123456789}]}',
  'eth SA-USDT-A MONTHLY: the payload text (D3, live)');
SELECT pg_temp.is_payload(pg_temp.vault_history('eth', 'PSM-USDT-A', 'MONTHLY'),
  '{"items":[{"statisticTime":1778428800000,"time":"2026-05-11 00:00 (UTC+8)","mintedCOIN":15000000,"debt":15000000,"lockedValue":15000000.25,"collateralRatio":1.00000001666666666667,"line":"30000000","apy":null},{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","mintedCOIN":15000000,"debt":15000000,"lockedValue":15000000.25,"collateralRatio":1.00000001666666666667,"line":"30000000","apy":null},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","mintedCOIN":19500000.5,"debt":19500000.5,"lockedValue":19500000.5,"collateralRatio":1,"line":"30000000","apy":null},{"statisticTime":1778630100000,"time":null,"mintedCOIN":20000000,"debt":20000000,"lockedValue":20000000,"collateralRatio":1,"line":"30000000","apy":null}]}',
  'eth PSM-USDT-A MONTHLY: the payload text (D1: the state taken at that midnight; 20 decimals of ratio; 20000000.000000 trimmed)');
SELECT pg_temp.is_payload(pg_temp.vault_history('eth', 'PSM-USDT-A', 'MONTHLY'), pg_temp.expected_payload('eth', 'PSM-USDT-A', '1 day'),
          'eth PSM-USDT-A MONTHLY: as its segments give it');
SELECT pg_temp.is_payload(pg_temp.vault_history('eth', 'PSM-USDT-A', 'WEEKLY'), pg_temp.expected_payload('eth', 'PSM-USDT-A', '1 hour'),
          'eth PSM-USDT-A WEEKLY: the payload text, 48 x the 05-11 state, the 00:00 state, 7 x the 00:01 state, live');
SELECT pg_temp.is_payload(pg_temp.vault_history('tron', 'TRX-B', 'MONTHLY'),
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","mintedCOIN":5000,"debt":5000.5,"lockedValue":9000.75,"collateralRatio":1.7999700029997,"line":"20000000","apy":null},{"statisticTime":1778630400000,"time":null,"mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null}]}',
  'tron TRX-B MONTHLY: the payload text (repaid: every figure 0 and collateralRatio 0 without debt)');
SELECT pg_temp.is_payload(pg_temp.vault_history('tron', 'TRX-B', 'WEEKLY'),
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","mintedCOIN":5000,"debt":5000.5,"lockedValue":9000.75,"collateralRatio":1.7999700029997,"line":"20000000","apy":null},{"statisticTime":1778605200000,"time":"2026-05-13 01:00 (UTC+8)","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null},{"statisticTime":1778608800000,"time":"2026-05-13 02:00 (UTC+8)","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null},{"statisticTime":1778612400000,"time":"2026-05-13 03:00 (UTC+8)","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null},{"statisticTime":1778616000000,"time":"2026-05-13 04:00 (UTC+8)","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null},{"statisticTime":1778619600000,"time":"2026-05-13 05:00 (UTC+8)","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null},{"statisticTime":1778623200000,"time":"2026-05-13 06:00 (UTC+8)","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null},{"statisticTime":1778626800000,"time":"2026-05-13 07:00 (UTC+8)","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null},{"statisticTime":1778630400000,"time":null,"mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"line":"20000000","apy":null}]}',
  'tron TRX-B WEEKLY: the payload text');
SELECT results_eq(
  $$SELECT DISTINCT e->>'time' IS NULL, n = json_array_length(data->'items'), pg_temp.shape(pg_temp.point(e)::json)
      FROM api.vault_history, json_array_elements(data->'items') WITH ORDINALITY AS x(e, n)
     ORDER BY 1, 3$$,
  $$VALUES
    (false, false, 'statisticTime:number,time:string,mintedCOIN:number,debt:number,lockedValue:number,collateralRatio:number,line:string,apy:null'),
    (false, false, 'statisticTime:number,time:string,mintedCOIN:number,debt:number,lockedValue:number,collateralRatio:number,line:string,apy:number'),
    (true,  true,  'statisticTime:number,time:null,mintedCOIN:number,debt:number,lockedValue:number,collateralRatio:number,line:string,apy:null'),
    (true,  true,  'statisticTime:number,time:null,mintedCOIN:number,debt:number,lockedValue:number,collateralRatio:number,line:string,apy:number')$$,
  'vault_history: every point has the keys in order and their types; time null on the last point only; apy a number or null');
SELECT results_eq(
  $$SELECT DISTINCT v."vaultType", e->>'apy' IS NULL
      FROM api.vault_history AS v, json_array_elements(v.data->'items') AS e ORDER BY 1, 2$$,
  $$VALUES ('PSM-USDT-A', true), ('SA-USDT-A', false), ('TRX-A', true), ('TRX-B', true), ('WBTC-A', true)$$,
  'vault_history: apy null on every point of the regular and PSM Vaults, a number on the allocator Vaults''');
SELECT is(
  (SELECT count(*) FROM api.vault_history,
          json_array_elements(data->'items') WITH ORDINALITY AS x(e, n)
    WHERE n > 1 AND (e->>'statisticTime')::bigint
                    <= ((data->'items'->(n::int - 2))->>'statisticTime')::bigint),
  0::bigint,
  'vault_history: every series ascends');
SELECT is((SELECT array_agg(DISTINCT pg_temp.shape(pg_temp.as_expected(data, '{"items":[]}')::json)) FROM api.vault_history),
          ARRAY['items:array'], 'vault_history: data is an object holding items[]');
SELECT results_eq(
  $$SELECT pg_temp.shape(row_to_json(v)) FROM api.vault_history AS v LIMIT 1$$,
  $$VALUES ('chain:string,vaultType:string,interval:string,data:object,payload:string,kept_key:string,kept:string,live:string')$$,
  'vault_history: the columns chain, vaultType, interval (the parameters), data, payload (its text), and '
  'payload in two parts with the key of the first');
SELECT is((SELECT count(*) FROM api.vault_history
            WHERE kept || live <> payload OR kept !~ '^\{"items":\[(.*,)?$' OR live !~ '^(\{.*\})?\]\}$'),
          0::bigint, 'vault_history: payload is kept, up to the live point, then live');

-- The handler's statement computes the payload of the row it selects, not of every row: each of
-- the payload's subqueries (the kept points, the live point) runs once, and the bound's (whether
-- the Vault had a state at the time asked: answer_time) never, unbounded.
CREATE FUNCTION pg_temp.subplan_loops(c text, t text, i text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  plan json;
BEGIN
  EXECUTE 'EXPLAIN (ANALYZE, FORMAT JSON) SELECT data::text FROM api.vault_history AS v
            WHERE v."chain" = $1 AND v."vaultType" = $2 AND v."interval" = $3'
    INTO plan USING c, t, i;
  RETURN (SELECT jsonb_agg(DISTINCT loops)
            FROM jsonb_path_query(plan::jsonb, 'strict $.**?(@."Parent Relationship" == "SubPlan")."Actual Loops"') AS loops);
END
$$;
SELECT is(pg_temp.subplan_loops('tron', 'TRX-A', 'WEEKLY'), '[0, 1]'::jsonb,
          'the handler''s statement (EXPLAIN ANALYZE): the payload is computed for the one row selected');

-- =============================================================================================
-- derived.hourly_vault_figures and its triggers
-- =============================================================================================
-- The rows that differ between the table and derived.vault_state_at over the hours of
-- derived.hourly_figures, both ways; a Vault without a row at an hour counts as without a state.
CREATE FUNCTION pg_temp.stale_vault_rows() RETURNS bigint LANGUAGE sql AS $$
  WITH grid AS (
    SELECT h.at, s.vault_id, derived.utc8_midnight(h.at) = h.at AS is_midnight,
           (extract(epoch FROM h.at) * 1000)::bigint AS statistic_time, s.taken_at, s.minted,
           s.debt, s.locked_value, s.collateral_ratio, s.apy
      FROM (SELECT DISTINCT at FROM derived.hourly_figures) AS h,
           derived.vault_state_at(h.at) AS s
  ),
  kept AS (
    SELECT at, vault_id, is_midnight, statistic_time, taken_at, minted, debt, locked_value,
           collateral_ratio, apy
      FROM derived.hourly_vault_figures
  )
  SELECT count(*) FROM ((SELECT * FROM kept EXCEPT SELECT * FROM grid)
                        UNION ALL
                        (SELECT * FROM grid WHERE taken_at IS NOT NULL EXCEPT SELECT * FROM kept)) AS differences
$$;

SELECT is((SELECT count(*) FROM derived.hourly_vault_figures), 399::bigint,
          'hourly_vault_figures: 57 hours x 7 Vaults');
SELECT is((SELECT count(*) FROM derived.hourly_vault_figures WHERE taken_at IS NOT NULL), 139::bigint,
          'hourly_vault_figures: 139 with a state: TRX-A 37 (05-11 20:00..05-13 08:00), PSM-USDT-A 57, the other five 9 (00:00..08:00)');
SELECT is(pg_temp.stale_vault_rows(), 0::bigint, 'hourly_vault_figures: every hour holds vault_state_at');
SELECT results_eq(
  $$SELECT is_midnight, statistic_time, taken_at, minted, debt, locked_value, collateral_ratio, apy
      FROM derived.hourly_vault_figures WHERE vault_id = 3 AND at = '2026-05-13 00:00+08'$$,
  $$VALUES (true, 1778601600000::bigint, '2026-05-13 00:00+08'::timestamptz, 4800000::numeric,
            4800000::numeric, 4810000.5::numeric, 1.0020834375::numeric, 0.05::numeric)$$,
  'hourly_vault_figures: eth SA-USDT-A at 05-13 00:00: a daily row, its time in epoch ms, the 00:00 state');
SELECT results_eq(
  $$SELECT taken_at, minted, debt, locked_value, collateral_ratio, apy
      FROM derived.hourly_vault_figures WHERE vault_id = 3 AND at = '2026-05-12 23:00+08'$$,
  $$VALUES (NULL::timestamptz, 0::numeric, 0::numeric, 0::numeric, 0::numeric, NULL::numeric)$$,
  'hourly_vault_figures: before its first state a Vault''s row has taken_at null and figures 0');

-- A Vault without any state: its rows say {"items":[]}; it has no row in the table (it was
-- created after every hour was computed).
INSERT INTO snapshot.vault (chain, vault_type, collateral_type, contract_address,
                            min_collateral_ratio, stability_fee, debt_ceiling, dust)
VALUES ('bsc', 'BNB-A', 1, '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497', 1.5, 0.05, 1000, 10);
SELECT results_eq(
  $$SELECT "interval", pg_temp.as_expected(data, '{"items":[]}') FROM api.vault_history
     WHERE chain = 'bsc' AND "vaultType" = 'BNB-A' ORDER BY 1$$,
  $$VALUES ('ANNUAL', '{"items":[]}'), ('BIANNUAL', '{"items":[]}'), ('MONTHLY', '{"items":[]}'),
           ('WEEKLY', '{"items":[]}')$$,
  'a Vault without any state: {"items":[]} in every interval');
SELECT is((SELECT count(*) FROM api.vault_history), 32::bigint, 'a Vault without any state: 8 Vaults x 4 rows');
SELECT is((SELECT count(*) FROM derived.hourly_vault_figures WHERE vault_id = 8), 0::bigint,
          'a Vault created later has no row at the hours computed before it');

-- Its first state, at 05:00: the hours from 05:00 on are computed again, with it.
-- WEEKLY: 05:00, 06:00, 07:00 and live: minted 10, debt 20, locked 30, ratio 1.5, line "1000".
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (8, '2026-05-13 05:00+08', 10, 20, 30);
SELECT pg_temp.is_payload(pg_temp.vault_history('bsc', 'BNB-A', 'WEEKLY'),
  '{"items":[{"statisticTime":1778619600000,"time":"2026-05-13 05:00 (UTC+8)","mintedCOIN":10,"debt":20,"lockedValue":30,"collateralRatio":1.5,"line":"1000","apy":null},{"statisticTime":1778623200000,"time":"2026-05-13 06:00 (UTC+8)","mintedCOIN":10,"debt":20,"lockedValue":30,"collateralRatio":1.5,"line":"1000","apy":null},{"statisticTime":1778626800000,"time":"2026-05-13 07:00 (UTC+8)","mintedCOIN":10,"debt":20,"lockedValue":30,"collateralRatio":1.5,"line":"1000","apy":null},{"statisticTime":1778629800000,"time":null,"mintedCOIN":10,"debt":20,"lockedValue":30,"collateralRatio":1.5,"line":"1000","apy":null}]}',
  'its first state at 05:00: the points 05:00..07:00 and live');
SELECT results_eq(
  $$SELECT count(*), min(at) FROM derived.hourly_vault_figures WHERE vault_id = 8$$,
  $$VALUES (4::bigint, '2026-05-13 05:00+08'::timestamptz)$$,
  'its first state: rows at 05:00..08:00, the hours computed again');
SELECT is(pg_temp.stale_vault_rows(), 0::bigint, 'its first state: every hour holds vault_state_at');

-- A late state of TRX-A at 05-12 10:00: its hours 10:00..19:00 show it (999 / 2 = 499.5).
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (1, '2026-05-12 10:00+08', 1, 2, 999);
SELECT results_eq(
  $$SELECT pg_temp.point(e)
      FROM api.vault_history, json_array_elements(data->'items') WITH ORDINALITY AS x(e, n)
     WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'WEEKLY' AND n IN (14, 15, 24, 25)
     ORDER BY n$$,
  $$VALUES ('{"statisticTime":1778547600000,"time":"2026-05-12 09:00 (UTC+8)","mintedCOIN":900000,"debt":900050,"lockedValue":2000000.5,"collateralRatio":2.2220993278151214,"line":"50000000","apy":null}'),
           ('{"statisticTime":1778551200000,"time":"2026-05-12 10:00 (UTC+8)","mintedCOIN":1,"debt":2,"lockedValue":999,"collateralRatio":499.5,"line":"50000000","apy":null}'),
           ('{"statisticTime":1778583600000,"time":"2026-05-12 19:00 (UTC+8)","mintedCOIN":1,"debt":2,"lockedValue":999,"collateralRatio":499.5,"line":"50000000","apy":null}'),
           ('{"statisticTime":1778587200000,"time":"2026-05-12 20:00 (UTC+8)","mintedCOIN":1000000,"debt":1000100.5,"lockedValue":2400000,"collateralRatio":2.3997588242381641,"line":"50000000","apy":null}')$$,
  'a late state: TRX-A WEEKLY points 15-24 (05-12 10:00..19:00) show it, 14 (09:00) and 25 (20:00) do not');
SELECT is(pg_temp.stale_vault_rows(), 0::bigint, 'a late state: every hour holds vault_state_at');

-- A corrected state: TRX-A's 05-11 20:00 row locked 1800100, so D2's ratio is 1800100 / 900050 = 2.
UPDATE snapshot.vault_state SET locked_value = 1800100 WHERE vault_id = 1 AND taken_at = '2026-05-11 20:00+08';
SELECT pg_temp.is_payload((data->'items'->0)::text,
  '{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","mintedCOIN":900000,"debt":900050,"lockedValue":1800100,"collateralRatio":2,"line":"50000000","apy":null}',
  'a corrected state: TRX-A MONTHLY''s D2 shows it')
  FROM api.vault_history WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'MONTHLY';
SELECT is(pg_temp.stale_vault_rows(), 0::bigint, 'a corrected state: every hour holds vault_state_at');

-- A deleted state: without TRX-A's 00:00 row, D3 shows the 23:59 one: 2450000.5 / 1200150.25 /
-- 1200000; ratio 2.0414114816040741|56... = 2.0414114816040742 (16 decimals, half up).
DELETE FROM snapshot.vault_state WHERE vault_id = 1 AND taken_at = '2026-05-13 00:00+08';
SELECT pg_temp.is_payload((data->'items'->1)::text,
  '{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","mintedCOIN":1200000,"debt":1200150.25,"lockedValue":2450000.5,"collateralRatio":2.0414114816040742,"line":"50000000","apy":null}',
  'a deleted state: TRX-A MONTHLY''s D3 is the 23:59 state')
  FROM api.vault_history WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'MONTHLY';
SELECT is(pg_temp.stale_vault_rows(), 0::bigint, 'a deleted state: every hour holds vault_state_at');

-- A newer chain snapshot (tron 10:30) adds the hours 09:00 and 10:00, for every Vault; the live
-- point moves to 10:30 = D3 + 10.5 x 3600000 = 1778639400000. TRX-A WEEKLY: 39 hourly points
-- (through 10:00: 08:00, 09:00, 10:00 from the 08:00 state) + live.
INSERT INTO snapshot.chain_state VALUES ('tron', '2026-05-13 10:30+08', 1, 1, 1, 1, 0.01, 1);
SELECT results_eq(
  $$SELECT json_array_length(data->'items'), pg_temp.point(data->'items'->-2),
           data->'items'->-1->>'statisticTime'
      FROM api.vault_history WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'WEEKLY'$$,
  $$VALUES (40, '{"statisticTime":1778637600000,"time":"2026-05-13 10:00 (UTC+8)","mintedCOIN":1234567.891234567891234567,"debt":1234890.123456789012345678,"lockedValue":2500000.75,"collateralRatio":2.024472220250516437,"line":"50000000","apy":null}',
            '1778639400000')$$,
  'a newer chain snapshot: TRX-A WEEKLY gains 08:00, 09:00, 10:00; the live point is at 10:30');
SELECT is((SELECT count(*) FROM derived.hourly_vault_figures WHERE at >= '2026-05-13 09:00+08'), 16::bigint,
          'a newer chain snapshot: 09:00 and 10:00 for each of the 8 Vaults');
SELECT is(pg_temp.stale_vault_rows(), 0::bigint, 'a newer chain snapshot: every hour holds vault_state_at');

-- Deleting it removes those hours again.
DELETE FROM snapshot.chain_state WHERE chain = 'tron' AND taken_at = '2026-05-13 10:30+08';
SELECT is((SELECT count(*) FROM derived.hourly_vault_figures WHERE at >= '2026-05-13 09:00+08'), 0::bigint,
          'a deleted chain snapshot: its hours are gone, for every Vault');
SELECT is(pg_temp.stale_vault_rows(), 0::bigint, 'a deleted chain snapshot: every hour holds vault_state_at');

-- A Vault moved to another chain: hourly_figures recomputes every hour, and so does this table.
UPDATE snapshot.vault SET chain = 'eth' WHERE vault_id = 8;
SELECT is(pg_temp.stale_vault_rows(), 0::bigint, 'a Vault moved: every hour holds vault_state_at');
UPDATE snapshot.vault SET chain = 'bsc' WHERE vault_id = 8;

-- TRUNCATE of hourly_figures empties this table; a refresh fills both again.
TRUNCATE derived.hourly_figures;
SELECT is((SELECT count(*) FROM derived.hourly_vault_figures), 0::bigint,
          'TRUNCATE hourly_figures: hourly_vault_figures is empty too');
DO $$ BEGIN PERFORM derived.refresh_hourly_figures('-infinity'); END $$;
SELECT results_eq(
  $$SELECT count(*), pg_temp.stale_vault_rows() FROM derived.hourly_vault_figures$$,
  $$VALUES (456::bigint, 0::bigint)$$,
  'a full refresh: 57 hours x 8 Vaults again, every hour holding vault_state_at');

-- =============================================================================================
-- Privileges: coin_api reads the view and calls the functions (api_functions); no one else
-- calls them
-- =============================================================================================
SELECT functions_are('api', ARRAY['points_between', 'csv', 'chains', 'urns', 'vaults_at_risk', 'urn_history',
                                  'liquidations', 'answer_at'],
                     'api''s functions: points_between, csv, chains, the risk answers (urn_risk, liquidations) '
                     'and answer_at, nothing else');
SELECT lives_ok(
  $$SET LOCAL ROLE coin_api;
    SELECT data::text FROM api.vault_history WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'WEEKLY';
    SELECT api.points_between('[]', 0, 1), api.csv('[]', '{}', '{a[]}'), api.chains();
    RESET ROLE$$,
  'as coin_api: vault_history, points_between, csv (with a per-chain column) and chains work');
SELECT results_eq(
  $$SELECT r, has_function_privilege(r, 'api.points_between(json, bigint, bigint)', 'EXECUTE'),
           has_function_privilege(r, 'api.csv(json, text[], text[])', 'EXECUTE'),
           has_function_privilege(r, 'api.chains()', 'EXECUTE'),
           has_function_privilege(r, 'derived.hourly_vault_figures_written()', 'EXECUTE'),
           has_table_privilege(r, 'derived.hourly_vault_figures', 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE')
      FROM unnest(ARRAY['coin_api', 'coin_indexer', 'public']) AS r ORDER BY 1$$,
  $$VALUES ('coin_api', true, true, true, false, false), ('coin_indexer', false, false, false, false, false),
           ('public', false, false, false, false, false)$$,
  'EXECUTE on points_between, csv and chains for coin_api only; the trigger function and the table are no one''s');
SELECT is(api.chains(), ARRAY['tron', 'eth', 'bsc'] || pg_temp.other_chains(),
          'chains: snapshot.chain''s labels in its order');

-- =============================================================================================
-- api.points_between
-- =============================================================================================
SELECT is(pg_temp.compact(api.points_between(
            '[{"statisticTime":1,"v":"a"},{"statisticTime":2,"v":"b"},{"statisticTime":3,"v":"c"},{"statisticTime":4,"v":"d"}]',
            2, 3)::text),
          '[{"statisticTime":2,"v":"b"},{"statisticTime":3,"v":"c"}]',
          'points_between: a top-level array (6.9, 6.10), both bounds included');
SELECT is(pg_temp.compact(api.points_between('[{"statisticTime":1},{"statisticTime":2},{"statisticTime":3}]', 2, 2)::text),
          '[{"statisticTime":2}]', 'points_between: from = to keeps the point at that time');
SELECT is(pg_temp.compact(api.points_between('[{"statisticTime":1},{"statisticTime":2}]', 3, 9)::text), '[]',
          'points_between: no point in the range: an empty array');
SELECT is(pg_temp.compact(api.points_between(
            '[{"statisticTime":5,"a":1e5,"b":0.045699999999999999999999999999,"c":1.50,"d":"x\"y\u00e9","e":-0.0,"f":[1.0,2E-3]}]',
            0, 10)::text),
          '[{"statisticTime":5,"a":1e5,"b":0.045699999999999999999999999999,"c":1.50,"d":"x\"y\u00e9","e":-0.0,"f":[1.0,2E-3]}]',
          'points_between: a kept point keeps the text of every number and string (1e5, 1.50, escapes)');
SELECT is(pg_temp.compact(api.points_between('[{"statisticTime":1e3},{"statisticTime":1000.5},{"statisticTime":999}]', 1000, 1000)::text),
          '[{"statisticTime":1e3}]', 'points_between: statisticTime compared as a number, kept as written');
SELECT is(pg_temp.compact(api.points_between(
            '{"z":1,"items":[{"statisticTime":1},{"statisticTime":2}],"a":[3,{"statisticTime":9,"k":[{"statisticTime":2}]}]}', 2, 2)::text),
          '{"z":1,"items":[{"statisticTime":2}],"a":[3]}',
          'points_between: {items}, key order kept, arrays at any depth filtered, non-points kept');
SELECT is(pg_temp.compact(api.points_between(
            '[{"statisticTime":2,"k":[{"statisticTime":1},{"statisticTime":2}]},{"statisticTime":null},{"statisticTime":"7"},{"x":1},7,null,"s",[]]',
            2, 2)::text),
          '[{"statisticTime":2,"k":[{"statisticTime":2}]},{"statisticTime":null},{"statisticTime":"7"},{"x":1},7,null,"s",[]]',
          'points_between: inside a kept point too; a statisticTime not a number, and elements that are not points, are kept');
SELECT is(pg_temp.compact(api.points_between('[{"statisticTime":1},{"statisticTime":5},{"statisticTime":9}]', NULL, 5)::text)
          || pg_temp.compact(api.points_between('[{"statisticTime":1},{"statisticTime":5},{"statisticTime":9}]', 5, NULL)::text),
          '[{"statisticTime":1},{"statisticTime":5}][{"statisticTime":5},{"statisticTime":9}]',
          'points_between: a null bound is open');
SELECT is(pg_temp.compact(api.points_between('{"statisticTime":1,"a":"b"}', 2, 3)::text)
          || pg_temp.compact(api.points_between('7', 2, 3)::text) || pg_temp.compact(api.points_between('{}', 2, 3)::text),
          '{"statisticTime":1,"a":"b"}7{}',
          'points_between: doc itself is never removed; a scalar or {} comes back as it is');
-- 6.8 on the fixture (its payload in fixture.sql's header), from D2 to D3: eth loses D1, the
-- rest stays as it was; a chain without rows has no daily point either way.
SELECT pg_temp.is_payload(api.points_between(row_to_json(a)::json, 1778515200000, 1778601600000)::text,
  '{"averageApy":"0.053017027552011450186576700915","currentApy":"0.042976106996297278762711677934","items":[{"chain":"tron","currentApy":"0.045699999999999999999999999999","averageApy":"0.072800000000000000000000000001","items":[{"statisticTime":1778515200000,"apy":"0.0999"},{"statisticTime":1778601600000,"apy":"0.045700000000000000000000000001"}]},{"chain":"eth","currentApy":"0.031259999999999999999999999999","averageApy":"0.023833333333333333333333333333","items":[{"statisticTime":1778515200000,"apy":"0.0201"},{"statisticTime":1778601600000,"apy":"0.0313"}]},{"chain":"bsc","currentApy":"0.04","averageApy":"0.0401","items":[{"statisticTime":1778601600000,"apy":"0.0401"}]}'
    || pg_temp.for_other_chains(',{"chain":"%s","currentApy":"0","averageApy":"0","items":[]}') || ']}',
  'points_between: 6.8''s nested items on the fixture, D2..D3 (eth''s D1 removed)')
  FROM api.apy_overview AS a;
SELECT pg_temp.is_payload(api.points_between(row_to_json(a)::json, 1778601600001, 1778630399999)::text,
  '{"averageApy":"0.053017027552011450186576700915","currentApy":"0.042976106996297278762711677934","items":[{"chain":"tron","currentApy":"0.045699999999999999999999999999","averageApy":"0.072800000000000000000000000001","items":[]},{"chain":"eth","currentApy":"0.031259999999999999999999999999","averageApy":"0.023833333333333333333333333333","items":[]},{"chain":"bsc","currentApy":"0.04","averageApy":"0.0401","items":[]}'
    || pg_temp.for_other_chains(',{"chain":"%s","currentApy":"0","averageApy":"0","items":[]}') || ']}',
  'points_between: 6.8 with no daily point in range: every emptied items stays []')
  FROM api.apy_overview AS a;
-- vault-history TRX-A MONTHLY from D3 on: D3 (now the 23:59 state, deleted above) and live.
SELECT pg_temp.is_payload(api.points_between(data, 1778601600000, 1778630400000)::text,
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","mintedCOIN":1200000,"debt":1200150.25,"lockedValue":2450000.5,"collateralRatio":2.0414114816040742,"line":"50000000","apy":null},{"statisticTime":1778630400000,"time":null,"mintedCOIN":1234567.891234567891234567,"debt":1234890.123456789012345678,"lockedValue":2500000.75,"collateralRatio":2.024472220250516437,"line":"50000000","apy":null}]}',
  'points_between: a vault-history payload ({items}), D3 and the live point')
  FROM api.vault_history WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'MONTHLY';
-- 1,100 points of 6.9's shape (about three years of daily points), days 1 to 1,100: days 100 to
-- 900 are kept, in order. How fast is a figure of make bench (bench/points_between.sql).
SELECT is(pg_temp.compact(json_build_array(json_array_length(kept), kept -> 0 -> 'statisticTime',
                                           kept -> 800 -> 'statisticTime')::text),
          '[801,1708640000000,1777760000000]',
          'points_between: 1,100 points of 6.9''s shape, the 801 of days 100 to 900 kept')
  FROM (SELECT api.points_between(json_agg(json_build_object(
                 'statisticTime', 1700000000000 + i * 86400000::bigint,
                 'coin', json_build_array('123456789.123456789012345678', '876543210.876543210987654322', '250000.5'),
                 'scoin', json_build_array('4999.999999999999999998', '0.000000000000000001', '0'))),
               1700000000000 + 100 * 86400000::bigint, 1700000000000 + 900 * 86400000::bigint) AS kept
          FROM generate_series(1, 1100) AS i) AS filtered;

-- =============================================================================================
-- api.csv
-- =============================================================================================
-- 6.9 on the fixture (fixture.sql's header): coin[] and scoin[] become a column per chain each,
-- in the enum's order: tron, eth, bsc, then any chain without rows (%1$s and %2$s its columns,
-- %3$s its "0"); numbers as their JSON text, strings unquoted; CRLF after every line.
SELECT is(api.csv(json_agg(v ORDER BY "statisticTime"), '{}', '{statisticTime,coin[],scoin[]}'),
  format(E'statisticTime,coin_tron,coin_eth,coin_bsc%1$s,scoin_tron,scoin_eth,scoin_bsc%2$s\r\n'
          '1778428800000,0,888888888.888888888888888889,0%3$s,0,0.5,0%3$s\r\n'
          '1778515200000,130000000.987654321,888888888.888888888888888889,0%3$s,9000.999999999999999999,0.5,0%3$s\r\n'
          '1778601600000,123500000.123456789,876700000.5,250100%3$s,5100.5,0.5,10%3$s\r\n',
         pg_temp.for_other_chains(',coin_%s'), pg_temp.for_other_chains(',scoin_%s'), pg_temp.for_other_chains(',0')),
  'csv: 6.9 (row_path {}): coin[] and scoin[] as _tron, _eth, _bsc and any other chain''s; CRLF line ends')
  FROM api.supply_value_history AS v;
-- 6.8 on the fixture: each chain's daily points, the chain from the object around them.
SELECT is(api.csv(row_to_json(a)::json, '{items,items}', '{chain,statisticTime,apy}'),
  E'chain,statisticTime,apy\r\n'
  'tron,1778515200000,0.0999\r\n'
  'tron,1778601600000,0.045700000000000000000000000001\r\n'
  'eth,1778428800000,0.0201\r\n'
  'eth,1778515200000,0.0201\r\n'
  'eth,1778601600000,0.0313\r\n'
  'bsc,1778601600000,0.0401\r\n',
  'csv: 6.8 (row_path {items,items}): the inner points, chain taken from the outer item')
  FROM api.apy_overview AS a;
-- vault-history TRX-A MONTHLY (as above: D3 now the 23:59 state): null apy and time empty.
SELECT is(api.csv(data, '{items}', '{statisticTime,time,mintedCOIN,debt,lockedValue,collateralRatio,line,apy}'),
  E'statisticTime,time,mintedCOIN,debt,lockedValue,collateralRatio,line,apy\r\n'
  '1778515200000,2026-05-12 00:00 (UTC+8),900000,900050,1800100,2,50000000,\r\n'
  '1778601600000,2026-05-13 00:00 (UTC+8),1200000,1200150.25,2450000.5,2.0414114816040742,50000000,\r\n'
  '1778630400000,,1234567.891234567891234567,1234890.123456789012345678,2500000.75,2.024472220250516437,50000000,\r\n',
  'csv: vault-history (row_path {items}): the live point''s null time and every null apy empty')
  FROM api.vault_history WHERE chain = 'tron' AND "vaultType" = 'TRX-A' AND "interval" = 'MONTHLY';
SELECT is(api.csv(
            E'{"items":[{"a":"x,y","b":"say \\"hi\\"","c":"two\\nlines","d":"cr\\rhere","e":"plain"}]}',
            '{items}', '{a,b,c,d,e}'),
          E'a,b,c,d,e\r\n"x,y","say ""hi""","two\nlines","cr\rhere",plain\r\n',
          'csv: a field with a comma, a double quote, LF or CR is quoted, its double quotes doubled');
SELECT is(api.csv('[{"a":null,"b":true,"c":false,"d":1e5,"e":-0.50,"f":"","g":{"h":[1, 2]}}]', '{}', '{a,b,c,d,e,f,g,missing}'),
          E'a,b,c,d,e,f,g,missing\r\n,true,false,1e5,-0.50,,"{""h"":[1, 2]}",\r\n',
          'csv: null and a missing field empty, true/false, numbers as written, an object as its JSON text');
SELECT is(api.csv('{"items":[]}', '{items}', '{statisticTime,coin[]}'),
          format(E'statisticTime,coin_tron,coin_eth,coin_bsc%s\r\n', pg_temp.for_other_chains(',coin_%s')),
          'csv: no rows: the header row alone');
SELECT is(api.csv('{"other":1}', '{items}', '{statisticTime}') || api.csv('[]', '{}', '{statisticTime}'),
          E'statisticTime\r\nstatisticTime\r\n', 'csv: no array where row_path points, or an empty one: the header row alone');
SELECT is(api.csv('[{"coin":["1","2"]},{"coin":null}]', '{}', '{coin[]}'),
          format(E'coin_tron,coin_eth,coin_bsc%1$s\r\n1,2,%2$s\r\n,,%2$s\r\n',
                 pg_temp.for_other_chains(',coin_%s'), pg_temp.for_other_chains(',')),
          'csv: a short or null array gives empty fields');
SELECT is(api.csv('{"items":[{"chain":"tron","apy":"9","items":[{"apy":null},{},{"chain":"eth"}]}]}',
                  '{items,items}', '{chain,apy}'),
          E'chain,apy\r\ntron,\r\ntron,9\r\neth,9\r\n',
          'csv: nested rows: a field the row lacks comes from the outer item, one it has (even null) does not');
SELECT throws_ok($$SELECT api.csv('[]', '{}', ARRAY['a', ''])$$, 'P0001', NULL,
                 'csv: an empty column name is an error, not a broken statement');
SELECT is(api.csv('[{"a,b":1,"q\"":2}]', '{}', ARRAY['a,b', 'q"']),
          E'"a,b","q"""\r\n1,2\r\n', 'csv: a header holding a comma or a quote is quoted too');

-- =============================================================================================
-- The windows, with states 497 days old (as protocol_histories.test.sql for 6.13)
-- =============================================================================================
-- eth at 2025-01-01 00:00 (1735660800000) and a PSM-USDT-A state then (locked 2, debt 1,
-- minted 1: ratio 2): every window of PSM-USDT-A is full and starts where 6.13's eth one does:
--   WEEKLY 168 hourly points from 2026-05-06 08:00 (1778025600000), + live = 169
--   MONTHLY 30 daily points from 2026-04-14 (1776096000000), 31; BIANNUAL from 2025-11-13
--   (1762963200000), 183; ANNUAL from 2025-05-14 (1747152000000), 366.
INSERT INTO snapshot.chain_state VALUES ('eth', '2025-01-01 00:00:00+08', 1000, 0, 1, 1, 0.01, 1);
INSERT INTO snapshot.vault_state (vault_id, taken_at, minted, debt, locked_value)
VALUES (2, '2025-01-01 00:00:00+08', 1, 1, 2);
SELECT results_eq(
  $$SELECT "interval", json_array_length(data->'items'), pg_temp.point(data->'items'->0)
      FROM api.vault_history WHERE chain = 'eth' AND "vaultType" = 'PSM-USDT-A'
     ORDER BY array_position('{WEEKLY,MONTHLY,BIANNUAL,ANNUAL}', "interval")$$,
  $$VALUES
    ('WEEKLY', 169, '{"statisticTime":1778025600000,"time":"2026-05-06 08:00 (UTC+8)","mintedCOIN":1,"debt":1,"lockedValue":2,"collateralRatio":2,"line":"30000000","apy":null}'),
    ('MONTHLY', 31, '{"statisticTime":1776096000000,"time":"2026-04-14 00:00 (UTC+8)","mintedCOIN":1,"debt":1,"lockedValue":2,"collateralRatio":2,"line":"30000000","apy":null}'),
    ('BIANNUAL', 183, '{"statisticTime":1762963200000,"time":"2025-11-13 00:00 (UTC+8)","mintedCOIN":1,"debt":1,"lockedValue":2,"collateralRatio":2,"line":"30000000","apy":null}'),
    ('ANNUAL', 366, '{"statisticTime":1747152000000,"time":"2025-05-14 00:00 (UTC+8)","mintedCOIN":1,"debt":1,"lockedValue":2,"collateralRatio":2,"line":"30000000","apy":null}')$$,
  'windows: WEEKLY 168 hourly points, MONTHLY 30, BIANNUAL 182, ANNUAL 365 daily points, each + live');
SELECT is(
  (SELECT count(*) FROM api.vault_history AS v
     JOIN api.collateral_history AS c ON c.chain = v.chain AND c."interval" = v."interval"
    WHERE v.chain = 'eth' AND v."vaultType" = 'PSM-USDT-A'
      AND (SELECT array_agg(e->>'statisticTime') FROM json_array_elements(v.data->'items') AS e)
          = (SELECT array_agg(e->>'statisticTime') FROM json_array_elements(c.data->'items') AS e)),
  4::bigint,
  'windows: each interval''s points are at the times of 6.13''s points for the chain');

SELECT * FROM finish();
ROLLBACK;
