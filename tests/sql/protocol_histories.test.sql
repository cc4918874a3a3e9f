-- Group B histories (spec 6.9, 6.10, 6.13) on the hand-worked fixture: the exact text of every
-- value and point, the exact payload a client receives and the JSON type of every field; then
-- one eth snapshot 497 days old, for the windows of 6.13 and the length of the long histories.
-- The expected answers are worked out in the header of fixture.sql; the last block adds a
-- snapshot and works out the new answers here.
-- A payload or point is compared in the members its expected text names (pg_temp.is_payload): a
-- field added since is asserted by its OpenAPI example. A chain of the enum the fixture has no
-- row of is a "0" at the end of each array of one element per chain (6.9, 6.10), and has its
-- rows of 6.13 without a point.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(23);

-- A 6.13 point in the spec's members, in its order with its text (the template's values are
-- not compared).
CREATE FUNCTION pg_temp.point(e json) RETURNS text LANGUAGE sql RETURN pg_temp.as_expected(e,
  '{"statisticTime":0,"time":"","collateralValue":0,"debt":0,"mintedCOIN":0,"coinTotalSupply":0,'
  '"totalSupplyValue":0,"earnTvl":0,"earnApy":0}');

-- =============================================================================================
-- 6.9 api.supply_value_history
-- =============================================================================================
SELECT results_eq(
  $$SELECT "statisticTime", coin, scoin FROM api.supply_value_history ORDER BY "statisticTime"$$,
  format($$VALUES (1778428800000::bigint, '{0,888888888.888888888888888889,0%1$s}'::text[], '{0,0.5,0%1$s}'::text[]),
                  (1778515200000, '{130000000.987654321,888888888.888888888888888889,0%1$s}',
                                  '{9000.999999999999999999,0.5,0%1$s}'),
                  (1778601600000, '{123500000.123456789,876700000.5,250100%1$s}', '{5100.5,0.5,10%1$s}')$$,
         pg_temp.for_other_chains(',0')),
  'supply_value_history: one point per 00:00 UTC+8 since the first snapshot, [tron, eth, bsc]');
SELECT pg_temp.is_payload(pg_temp.history_payload('api.supply_value_history'),
  format('[{"statisticTime":1778428800000,"coin":["0","888888888.888888888888888889","0"%1$s],"scoin":["0","0.5","0"%1$s]},{"statisticTime":1778515200000,"coin":["130000000.987654321","888888888.888888888888888889","0"%1$s],"scoin":["9000.999999999999999999","0.5","0"%1$s]},{"statisticTime":1778601600000,"coin":["123500000.123456789","876700000.5","250100"%1$s],"scoin":["5100.5","0.5","10"%1$s]}]',
         pg_temp.for_other_chains(',"0"')),
  'supply_value_history: the payload text');
SELECT is(pg_temp.element_types('api.supply_value_history', 'coin'), ARRAY['string'],
  'supply_value_history: coin[] holds strings');
SELECT is(pg_temp.element_types('api.supply_value_history', 'scoin'), ARRAY['string'],
  'supply_value_history: scoin[] holds strings');

-- =============================================================================================
-- 6.10 api.collateral_value_history
-- =============================================================================================
SELECT results_eq(
  $$SELECT "statisticTime", "collateralValue" FROM api.collateral_value_history ORDER BY "statisticTime"$$,
  format($$VALUES (1778428800000::bigint, '{0,15000000.25,0%1$s}'::text[]),
                  (1778515200000, '{2000000.5,15000000.25,0%1$s}'),
                  (1778601600000, '{2469000.873456,24790001,1161002%1$s}')$$,
         pg_temp.for_other_chains(',0')),
  'collateral_value_history: one point per 00:00 UTC+8, the Vaults'' locked value per chain');
SELECT pg_temp.is_payload(pg_temp.history_payload('api.collateral_value_history'),
  format('[{"statisticTime":1778428800000,"collateralValue":["0","15000000.25","0"%1$s]},{"statisticTime":1778515200000,"collateralValue":["2000000.5","15000000.25","0"%1$s]},{"statisticTime":1778601600000,"collateralValue":["2469000.873456","24790001","1161002"%1$s]}]',
         pg_temp.for_other_chains(',"0"')),
  'collateral_value_history: the payload text');
SELECT is(pg_temp.element_types('api.collateral_value_history', 'collateralValue'), ARRAY['string'],
  'collateral_value_history: collateralValue[] holds strings');

-- =============================================================================================
-- 6.13 api.collateral_history
-- =============================================================================================
SELECT results_eq(
  $$SELECT chain, "interval", json_array_length(data->'items'),
           (data->'items'->-1->>'statisticTime')::bigint, data->'items'->-1->>'time'
      FROM api.collateral_history
     ORDER BY chain::snapshot.chain, array_position('{WEEKLY,MONTHLY,BIANNUAL,ANNUAL}', "interval")$$,
  $$VALUES ('tron', 'WEEKLY', 37, 1778630400000::bigint, NULL::text), ('tron', 'MONTHLY', 3, 1778630400000, NULL),
           ('tron', 'BIANNUAL', 3, 1778630400000, NULL), ('tron', 'ANNUAL', 3, 1778630400000, NULL),
           ('eth', 'WEEKLY', 57, 1778630100000, NULL), ('eth', 'MONTHLY', 4, 1778630100000, NULL),
           ('eth', 'BIANNUAL', 4, 1778630100000, NULL), ('eth', 'ANNUAL', 4, 1778630100000, NULL),
           ('bsc', 'WEEKLY', 9, 1778629800000, NULL), ('bsc', 'MONTHLY', 2, 1778629800000, NULL),
           ('bsc', 'BIANNUAL', 2, 1778629800000, NULL), ('bsc', 'ANNUAL', 2, 1778629800000, NULL)$$
    || pg_temp.for_other_chains(', (''%1$s'', ''WEEKLY'', 0, NULL, NULL), (''%1$s'', ''MONTHLY'', 0, NULL, NULL),
                                  (''%1$s'', ''BIANNUAL'', 0, NULL, NULL), (''%1$s'', ''ANNUAL'', 0, NULL, NULL)'),
  'collateral_history: one row per chain and interval; the number of points (none for a chain without snapshots); the live point last, time null');

-- Every point of tron WEEKLY and eth WEEKLY, from the segments of the fixture header: hourly UTC+8
-- local times (a timestamp without time zone), their epoch ms and their text are worked out here
-- without the view's helpers.
CREATE TEMP TABLE weekly_expected (chain text, first timestamp, last timestamp, live boolean,
  coll text, debt text, minted text, coin text, value text, tvl text, apy text) ON COMMIT DROP;
INSERT INTO weekly_expected VALUES
  ('tron', '2026-05-11 20:00', '2026-05-12 19:00', false, '2000000.5', '900050', '900000',
   '130000000.987654321', '130022542.04775308643209999894', '9500', '0.0999'),
  ('tron', '2026-05-12 20:00', '2026-05-12 23:00', false, '2400000', '1000100.5', '1000000',
   '123000000.5', '123004244.5', '4000', '0.0461'),
  ('tron', '2026-05-13 00:00', '2026-05-13 00:00', false, '2469000.873456', '1215161.25', '1215000.5',
   '123500000.123456789', '123493067.8745444433211', '5310.5', '0.045700000000000000000000000001'),
  ('tron', '2026-05-13 01:00', '2026-05-13 07:00', false, '2460001', '1210161.25', '1210001',
   '123450000', '123467645.877', '5305', '0.04565'),
  ('tron', '2026-05-13 08:00', '2026-05-13 08:00', true, '2500000.75', '1234890.123456789012345678',
   '1234567.891234567891234567', '123456789.123456789012345678',
   '123437409.494026603827378206739708642197530866', '5309.876', '0.045699999999999999999999999999'),
  ('eth', '2026-05-11 00:00', '2026-05-12 07:00', false, '15000000.25', '15000000', '15000000',
   '888888888.888888888888888889', '888977778.2977777777777777778889', '500', '0.0201'),
  ('eth', '2026-05-12 08:00', '2026-05-12 23:00', false, '15000000.25', '15000000', '15000000',
   '900000000', '900000001.05', '1.05', '0.02'),
  ('eth', '2026-05-13 00:00', '2026-05-13 00:00', false, '24790001', '24600030.5', '24600000.5',
   '876700000.5', '876787671.0288', '1200', '0.0313'),
  ('eth', '2026-05-13 01:00', '2026-05-13 07:00', false, '24890000.5', '24700030', '24700000',
   '876510000', '876422349.7932', '1210', '0.03135'),
  ('eth', '2026-05-13 07:55', '2026-05-13 07:55', true, '25482346.011', '25310040.75', '25310000.5',
   '876543210.876543210987654322', '876718519.5187185196298518539224', '1234.5',
   '0.031259999999999999999999999999');

-- A chain's WEEKLY points as the view sends them, and as weekly_expected gives them.
CREATE FUNCTION pg_temp.weekly_points(c text)
RETURNS TABLE (n int, statistic_time text, label text, collateral_value text, debt text,
               minted text, coin_supply text, supply_value text, earn_tvl text, earn_apy text)
LANGUAGE sql AS $$
  SELECT n::int, e->>'statisticTime', e->>'time', e->>'collateralValue', e->>'debt', e->>'mintedCOIN',
         e->>'coinTotalSupply', e->>'totalSupplyValue', e->>'earnTvl', e->>'earnApy'
    FROM api.collateral_history h, json_array_elements(h.data->'items') WITH ORDINALITY AS x(e, n)
   WHERE h.chain = c AND h."interval" = 'WEEKLY' ORDER BY n
$$;
CREATE FUNCTION pg_temp.weekly_expected_points(c text)
RETURNS TABLE (n int, statistic_time text, label text, collateral_value text, debt text,
               minted text, coin_supply text, supply_value text, earn_tvl text, earn_apy text)
LANGUAGE sql AS $$
  SELECT (row_number() OVER (ORDER BY g))::int,
         (extract(epoch FROM g - interval '8 hours') * 1000)::bigint::text,
         CASE WHEN w.live THEN NULL ELSE to_char(g, 'YYYY-MM-DD HH24:MI') || ' (UTC+8)' END,
         w.coll, w.debt, w.minted, w.coin, w.value, w.tvl, w.apy
    FROM weekly_expected w, generate_series(w.first, w.last, interval '1 hour') AS g
   WHERE w.chain = c ORDER BY g
$$;

SELECT results_eq($$SELECT * FROM pg_temp.weekly_points('tron')$$,
                  $$SELECT * FROM pg_temp.weekly_expected_points('tron')$$,
  'collateral_history tron WEEKLY: all 37 points (24 x T1, 4 x T2, the 00:00 row, 7 x the 00:01 row, live)');
SELECT results_eq($$SELECT * FROM pg_temp.weekly_points('eth')$$,
                  $$SELECT * FROM pg_temp.weekly_expected_points('eth')$$,
  'collateral_history eth WEEKLY: all 57 points (32 x E0, 16 x E1, the 00:00 row, 7 x the 00:01 row, live)');
SELECT pg_temp.is_payload(pg_temp.collateral_history('tron', 'MONTHLY'),
  '{"items":[{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":2469000.873456,"debt":1215161.25,"mintedCOIN":1215000.5,"coinTotalSupply":123500000.123456789,"totalSupplyValue":123493067.8745444433211,"earnTvl":5310.5,"earnApy":0.045700000000000000000000000001},{"statisticTime":1778630400000,"time":null,"collateralValue":2500000.75,"debt":1234890.123456789012345678,"mintedCOIN":1234567.891234567891234567,"coinTotalSupply":123456789.123456789012345678,"totalSupplyValue":123437409.494026603827378206739708642197530866,"earnTvl":5309.876,"earnApy":0.045699999999999999999999999999}]}',
  'collateral_history tron MONTHLY: the payload text (D2, D3, live)');
SELECT results_eq(
  $$SELECT "interval" FROM api.collateral_history
     WHERE chain = 'tron' AND pg_temp.compact(data::text) = pg_temp.collateral_history('tron', 'MONTHLY')
     ORDER BY 1$$,
  $$VALUES ('ANNUAL'), ('BIANNUAL'), ('MONTHLY')$$,
  'collateral_history tron: BIANNUAL and ANNUAL are MONTHLY here (all history is within 30 days)');
SELECT pg_temp.is_payload(pg_temp.collateral_history('eth', 'MONTHLY'),
  '{"items":[{"statisticTime":1778428800000,"time":"2026-05-11 00:00 (UTC+8)","collateralValue":15000000.25,"debt":15000000,"mintedCOIN":15000000,"coinTotalSupply":888888888.888888888888888889,"totalSupplyValue":888977778.2977777777777777778889,"earnTvl":500,"earnApy":0.0201},{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":15000000.25,"debt":15000000,"mintedCOIN":15000000,"coinTotalSupply":888888888.888888888888888889,"totalSupplyValue":888977778.2977777777777777778889,"earnTvl":500,"earnApy":0.0201},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":24790001,"debt":24600030.5,"mintedCOIN":24600000.5,"coinTotalSupply":876700000.5,"totalSupplyValue":876787671.0288,"earnTvl":1200,"earnApy":0.0313},{"statisticTime":1778630100000,"time":null,"collateralValue":25482346.011,"debt":25310040.75,"mintedCOIN":25310000.5,"coinTotalSupply":876543210.876543210987654322,"totalSupplyValue":876718519.5187185196298518539224,"earnTvl":1234.5,"earnApy":0.031259999999999999999999999999}]}',
  'collateral_history eth MONTHLY: the payload text (D1, D2, D3, live)');
SELECT pg_temp.is_payload(pg_temp.collateral_history('bsc', 'WEEKLY'),
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":1161002,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250100,"totalSupplyValue":250110.49,"earnTvl":10.5,"earnApy":0.0401},{"statisticTime":1778605200000,"time":"2026-05-13 01:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778608800000,"time":"2026-05-13 02:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778612400000,"time":"2026-05-13 03:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778616000000,"time":"2026-05-13 04:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778619600000,"time":"2026-05-13 05:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778623200000,"time":"2026-05-13 06:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778626800000,"time":"2026-05-13 07:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778629800000,"time":null,"collateralValue":1153134.975308642,"debt":1099015.5,"mintedCOIN":1099000.123456789,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,"earnTvl":0,"earnApy":0.04}]}',
  'collateral_history bsc WEEKLY: the payload text (from bsc''s first hourly point, 00:00)');
SELECT pg_temp.is_payload(pg_temp.collateral_history('bsc', 'MONTHLY'),
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":1161002,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250100,"totalSupplyValue":250110.49,"earnTvl":10.5,"earnApy":0.0401},{"statisticTime":1778629800000,"time":null,"collateralValue":1153134.975308642,"debt":1099015.5,"mintedCOIN":1099000.123456789,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,"earnTvl":0,"earnApy":0.04}]}',
  'collateral_history bsc MONTHLY: the payload text (D3, live)');
SELECT results_eq(
  $$SELECT DISTINCT e->>'time' IS NULL, n = json_array_length(data->'items'), pg_temp.shape(pg_temp.point(e)::json)
      FROM api.collateral_history, json_array_elements(data->'items') WITH ORDINALITY AS x(e, n)
     ORDER BY 1$$,
  $$VALUES
    (false, false, 'statisticTime:number,time:string,collateralValue:number,debt:number,mintedCOIN:number,coinTotalSupply:number,totalSupplyValue:number,earnTvl:number,earnApy:number'),
    (true,  true,  'statisticTime:number,time:null,collateralValue:number,debt:number,mintedCOIN:number,coinTotalSupply:number,totalSupplyValue:number,earnTvl:number,earnApy:number')$$,
  'collateral_history: every point has the spec''s keys in order and types; time is null on the last point only');
SELECT is(
  (SELECT count(*) FROM api.collateral_history,
          json_array_elements(data->'items') WITH ORDINALITY AS x(e, n)
    WHERE n > 1 AND (e->>'statisticTime')::bigint
                    <= ((data->'items'->(n::int - 2))->>'statisticTime')::bigint),
  0::bigint,
  'collateral_history: every series ascends');
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(pg_temp.as_expected(data, '{"items":[]}')::json)) FROM api.collateral_history),
  ARRAY['items:array'],
  'collateral_history: data is an object holding items[]');
SELECT is((SELECT count(*) FROM api.collateral_history
            WHERE kept || live <> payload OR kept !~ '^\{"items":\[(.*,)?$' OR live !~ '^(\{.*\})?\]\}$'),
          0::bigint, 'collateral_history: payload is kept, up to the live point, then live');
-- The live point of each chain is at its own newest snapshot (derived.chain_clock): eth's of 07:55 UTC+8.
SELECT is((SELECT left(pg_temp.compact(live), 42) FROM api.collateral_history WHERE chain = 'eth' AND "interval" = 'WEEKLY'),
          '{"statisticTime":1778630100000,"time":null',
          'collateral_history: live begins with eth''s live point, of 07:55 UTC+8');

-- =============================================================================================
-- The windows of 6.13 and the long histories, with one eth snapshot 497 days old
-- =============================================================================================
-- eth at 2025-01-01 00:00 UTC+8 (exactly a midnight): 1970-01-01 to 2025-01-01 = 55 x 365 + 14
-- = 20089 days; 20089 x 86400000 - 28800000 = 1735660800000. 2025-01-01 to 2026-05-13 = 365 +
-- 31 + 28 + 31 + 30 + 12 = 497 days, so 498 daily points (6.8 eth, 6.9, 6.10).
--   WEEKLY: 168 hourly points 07:00 - 167 h = 2026-05-06 08:00 (1778626800000 - 167 x 3600000
--           = 1778025600000) .. 2026-05-13 07:00, + live = 169
--   MONTHLY: D3 - 29 days = 2026-04-14 (1778601600000 - 29 x 86400000 = 1776096000000), 31 points
--   BIANNUAL: D3 - 181 days = 2025-11-13 (1778601600000 - 181 x 86400000 = 1762963200000), 183
--   ANNUAL: D3 - 364 days = 2025-05-14 (1778601600000 - 364 x 86400000 = 1747152000000), 366
-- The first point of each window is the old row (coin 1000, Vault sums 0 before 05-11 00:00).
INSERT INTO snapshot.chain_state VALUES ('eth', '2025-01-01 00:00:00+08', 1000, 0, 1, 1, 0.01, 1);

SELECT results_eq(
  $$SELECT chain, "interval", json_array_length(data->'items'), pg_temp.point(data->'items'->0)
      FROM api.collateral_history WHERE chain IN ('tron', 'eth')
     ORDER BY chain::snapshot.chain, array_position('{WEEKLY,MONTHLY,BIANNUAL,ANNUAL}', "interval")$$,
  $$VALUES
    ('tron', 'WEEKLY', 37, '{"statisticTime":1778500800000,"time":"2026-05-11 20:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999}'),
    ('tron', 'MONTHLY', 3, '{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999}'),
    ('tron', 'BIANNUAL', 3, '{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999}'),
    ('tron', 'ANNUAL', 3, '{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999}'),
    ('eth', 'WEEKLY', 169, '{"statisticTime":1778025600000,"time":"2026-05-06 08:00 (UTC+8)","collateralValue":0,"debt":0,"mintedCOIN":0,"coinTotalSupply":1000,"totalSupplyValue":1000,"earnTvl":1,"earnApy":0.01}'),
    ('eth', 'MONTHLY', 31, '{"statisticTime":1776096000000,"time":"2026-04-14 00:00 (UTC+8)","collateralValue":0,"debt":0,"mintedCOIN":0,"coinTotalSupply":1000,"totalSupplyValue":1000,"earnTvl":1,"earnApy":0.01}'),
    ('eth', 'BIANNUAL', 183, '{"statisticTime":1762963200000,"time":"2025-11-13 00:00 (UTC+8)","collateralValue":0,"debt":0,"mintedCOIN":0,"coinTotalSupply":1000,"totalSupplyValue":1000,"earnTvl":1,"earnApy":0.01}'),
    ('eth', 'ANNUAL', 366, '{"statisticTime":1747152000000,"time":"2025-05-14 00:00 (UTC+8)","collateralValue":0,"debt":0,"mintedCOIN":0,"coinTotalSupply":1000,"totalSupplyValue":1000,"earnTvl":1,"earnApy":0.01}')$$,
  'windows: WEEKLY 168 hourly points, MONTHLY 30, BIANNUAL 182, ANNUAL 365 daily points, each + live');
SELECT results_eq(
  $$SELECT (SELECT count(*) FROM api.supply_value_history),
           (SELECT min("statisticTime") FROM api.supply_value_history),
           (SELECT count(*) FROM api.collateral_value_history),
           (SELECT json_array_length(i->'items') FROM api.apy_overview, json_array_elements(items) AS i
             WHERE i->>'chain' = 'eth'),
           (SELECT pg_temp.as_expected(i->'items'->0, '{"statisticTime":0,"apy":""}')
              FROM api.apy_overview, json_array_elements(items) AS i WHERE i->>'chain' = 'eth')$$,
  $$VALUES (498::bigint, 1735660800000::bigint, 498::bigint, 498, '{"statisticTime":1735660800000,"apy":"0.01"}')$$,
  'long histories: one point per day since the first snapshot, 498 of them');

-- 6.9's and 6.10's views read materialized views alone, whose only change is a REFRESH, which
-- announces itself: the publisher renders them again only then (their x-endpoint's "refreshed").
-- What else a view reads, a table, a view or a function of the project's, is a dependency of its
-- rule (api.apy_overview's: derived.chain_state_at). Besides them, derived.as_of bounds an answer
-- at a past time (answer_time): unbounded, every daily point is at or before the newest snapshot
-- and none is left out.
SELECT is(
  ARRAY(SELECT DISTINCT pg_describe_object(d.refclassid, d.refobjid, 0)
          FROM pg_rewrite AS r
          JOIN pg_depend AS d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid AND d.refobjid <> r.ev_class
         WHERE r.ev_class IN ('api.supply_value_history'::regclass, 'api.collateral_value_history'::regclass)
           AND NOT (d.refclassid = 'pg_class'::regclass
                    AND (SELECT c.relkind FROM pg_class AS c WHERE c.oid = d.refobjid) = 'm')),
  '{"function derived.epoch_ms(timestamp with time zone)","view derived.as_of"}'::text[],
  '6.9 and 6.10 read materialized views alone, and the newest snapshot that bounds them');

SELECT * FROM finish();
ROLLBACK;
