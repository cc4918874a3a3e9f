-- The day boundary of Group B (spec 6.6-6.14) on the hand-worked fixture, whose 23:59, 00:00
-- and 00:01 UTC+8 rows pin it (fixture.test.sql): the 00:00 snapshot as the baseline of the
-- daily changes and the daily points, then without it, then as the latest; and the same
-- answers whatever the session's TimeZone. The fixture's header works out the first answers,
-- the blocks below the others. A chain of the enum without rows in the fixture shows zeros and
-- no point: "0" in 6.9 and 6.10, its daily changes and 6.6 APY 0, no item in 6.13.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(19);

-- =============================================================================================
-- The day boundary
-- =============================================================================================
-- (a) As fixed: the baseline is the 00:00 snapshot (T4, E3, B2 and the 00:00 Vault states), not
-- 23:59, not 00:01, not UTC midnight (2026-05-13 08:00 UTC+8, which would make every change 0).
SELECT results_eq(
  $$SELECT chain,
           (data->>'totalSupplyValue')::numeric - (data->>'totalSupplyValueDailyChange')::numeric,
           (data->>'totalCollateralValue')::numeric - (data->>'totalCollateralValueDailyChange')::numeric,
           (data->>'earnTvl')::numeric - (data->>'earnTvlDailyChange')::numeric
      FROM api.latest_collateral WHERE chain IN ('tron', 'eth', 'bsc') ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', 123493067.8745444433211, 2469000.873456, 5310.5),
           ('eth', 876787671.0288, 24790001, 1200),
           ('bsc', 250110.49, 1161002, 10.5)$$,
  'day boundary (a): the baseline of each chain is its 00:00 UTC+8 snapshot');
SELECT is(
  (SELECT "earnSa"::numeric - "earnSaDailyChange"::numeric FROM api.platform_overview),
  21890.723456,
  'day boundary (a): earnSa''s baseline is the 00:00 position states and plasma''s first (12100.123456 + 3001.5 + 6789.1)');

-- (b) The 00:00 rows go. The baseline becomes each entity's latest row before 00:00: T3, E2, B1
-- (23:59); TRX-A, PSM-USDT-A and bsc WBTC-A at 23:59; TRX-B, the SA Vaults and eth WBTC-A have
-- none then, so each is measured from its first row (daily_baseline): TRX-B 00:01 (0), bsc
-- SA-USDT-A 00:01 (1003001.75), eth SA-USDT-A and WBTC-A 07:55 (5012345.678, 470000.333);
-- positions eth and bsc at 23:59, plasma its first, 07:55 (12000.5 + 3000 + 6789.1 = 21789.6).
--   tron supply value  123437409.494026603827378206739708642197530866 - 123405310.25
--                        = 32099.244026603827378206739708642197530866
--        collateral    2500000.75 - 2450000.5 = 50000.25;   earn tvl 5309.876 - 5300 = 9.876
--   eth  supply value  876718519.5187185196298518539224 - 876400000.26425 = 318519.2544685196298518539224
--        collateral    25482346.011 - (19000000 + 5012345.678 + 470000.333) = 1000000;
--                      earn tvl 1234.5 - 1190 = 44.5
--   bsc  supply value  249975.49995 - 250084.4415 = -108.94155
--        collateral    1153134.975308642 - (160000 + 1003001.75) = -9866.774691358;  earn tvl 0 - 10 = -10
--   6.7  totalSupplyValueDailyChange = 32099.244026603827378206739708642197530866
--          + 318519.2544685196298518539224 - 108.94155 = 350509.556945123457230060662108642197530866
--        totalCollateralValueDailyChange = 50000.25 + 1000000 - 9866.774691358 = 1040133.475308642
--        earnTvlDailyChange = 9.876 + 44.5 - 10 = 44.376
--        earnSaDailyChange = 22145.766555321 - 21789.6 = 356.166555321
--   D3 of the histories now reads the 23:59 rows:
--        6.9  coin [123400000.25, 876400000, 250050], scoin [5000, 0.25, 9]
--        6.10 [2450000.5 (TRX-A), 19000000 (PSM), 160000 (WBTC-A bsc)]
--        6.8  D3 APYs tron 0.0458, eth 0.0312, bsc 0.0402; cross-chain
--             (0.0458 x 5300 + 0.0312 x 1190 + 0.0402 x 10) / (5300 + 1190 + 10)
--             = (242.74 + 37.128 + 0.402) / 6500 = 280.27 / 6500 = 0.043118461538461538461538461538|46
--             averageApy = (0.0201 + 0.09591 + 0.043118461538461538461538461538) / 3
--                        = 0.159128461538461538461538461538 / 3 = 0.053042820512820512820512820512|67
--                        = 0.053042820512820512820512820513
--             chain averages: tron (0.0999 + 0.0458) / 2 = 0.07285, eth 0.0714 / 3 = 0.0238, bsc 0.0402
--        6.13 tron WEEKLY point 29 (00:00): 2450000.5 / 1200150.25 / 1200000 / 123400000.25 /
--             123405310.25 / 5300 / 0.0458
DELETE FROM snapshot.chain_state WHERE taken_at = '2026-05-13 00:00:00+08';
DELETE FROM snapshot.vault_state WHERE taken_at = '2026-05-13 00:00:00+08';
DELETE FROM snapshot.allocator_position_state WHERE taken_at = '2026-05-13 00:00:00+08';

SELECT pg_temp.is_payload(pg_temp.payload('api.platform_overview'),
  '{"totalSupplyValue":"1000405904.512695123457230060662108642197530866","totalSupplyValueDailyChange":"350509.556945123457230060662108642197530866","totalCollateralValue":"29135481.736308642","totalCollateralValueDailyChange":"1040133.475308642","earnTvl":"6544.376","earnTvlDailyChange":"44.376","earnSa":"22145.766555321","earnSaDailyChange":"356.166555321"}',
  'day boundary (b): without the 00:00 rows, platform_overview''s baseline is the 23:59 rows, or the first');
SELECT results_eq(
  $$SELECT chain, data->>'totalSupplyValueDailyChange', data->>'totalCollateralValueDailyChange',
           data->>'earnTvlDailyChange'
      FROM api.latest_collateral WHERE chain IN ('tron', 'eth', 'bsc') ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', '32099.244026603827378206739708642197530866', '50000.25', '9.876'),
           ('eth', '318519.2544685196298518539224', '1000000', '44.5'),
           ('bsc', '-108.94155', '-9866.774691358', '-10')$$,
  'day boundary (b): latest_collateral''s daily changes against the 23:59 rows, or a Vault''s first');
SELECT results_eq(
  $$SELECT "statisticTime", coin, scoin FROM api.supply_value_history ORDER BY "statisticTime" DESC LIMIT 1$$,
  $$VALUES (1778601600000::bigint,
            ('{123400000.25,876400000,250050' || pg_temp.for_other_chains(',0') || '}')::text[],
            ('{5000,0.25,9' || pg_temp.for_other_chains(',0') || '}')::text[])$$,
  'day boundary (b): supply_value_history''s D3 point reads the 23:59 rows');
SELECT results_eq(
  $$SELECT "statisticTime", "collateralValue" FROM api.collateral_value_history
     ORDER BY "statisticTime" DESC LIMIT 1$$,
  $$VALUES (1778601600000::bigint, ('{2450000.5,19000000,160000' || pg_temp.for_other_chains(',0') || '}')::text[])$$,
  'day boundary (b): collateral_value_history''s D3 point reads the 23:59 Vault states');
SELECT results_eq(
  $$SELECT "averageApy", i->>'chain', i->>'averageApy', i->'items'->-1->>'apy'
      FROM api.apy_overview, json_array_elements(items) WITH ORDINALITY AS x(i, n)
     WHERE i->>'chain' IN ('tron', 'eth', 'bsc') ORDER BY n$$,
  $$VALUES ('0.053042820512820512820512820513', 'tron', '0.07285', '0.0458'),
           ('0.053042820512820512820512820513', 'eth', '0.0238', '0.0312'),
           ('0.053042820512820512820512820513', 'bsc', '0.0402', '0.0402')$$,
  'day boundary (b): apy_overview''s D3 point reads the 23:59 rows');
SELECT pg_temp.is_payload(
  (SELECT data->'items'->28 FROM api.collateral_history WHERE chain = 'tron' AND "interval" = 'WEEKLY')::text,
  '{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":2450000.5,"debt":1200150.25,"mintedCOIN":1200000,"coinTotalSupply":123400000.25,"totalSupplyValue":123405310.25,"earnTvl":5300,"earnApy":0.0458}',
  'day boundary (b): collateral_history tron WEEKLY 00:00 point reads the 23:59 rows');

-- (c) Every row newer than 00:00 goes: the 00:00 rows are the latest, as_of is 00:00 itself,
-- and every daily change is 0.
--   6.6 totalSupply = 123500000.123456789 + 876700000.5 + 250100 = 1000450100.623456789
--       totalSupplyValue = 123493067.8745444433211 + 876787671.0288 + 250110.49 = 1000530849.3933444433211
--       tvl = 2469000.873456 + 24790001 + 1161002 = 28420003.873456;  earnTvl = 5310.5 + 1200 + 10.5 = 6521
--   6.7 earnSa = 12100.123456 + 3001.5 + 0 (plasma has no state yet) = 15101.623456
--   6.8 currentApy = D3's cross-chain APY 0.043041082656034350559730102746
--   6.13 the grid ends strictly before the live point, 00:00: the last hourly point is 05-12 23:00,
--       the last daily point D2; tron WEEKLY 24 + 4 + live = 29 points, MONTHLY D2 + live = 2;
--       bsc (first snapshot 23:59) has the live point only.
--   6.14 apy = 100 x (2450000 x 0.0415 + 1000000 x 0.0501 + 0 x 0) / (2450000 + 1000000 + 0)
--            = 100 x 151775 / 3450000 = 100 x 0.043992753623188405797101449275|36
--            = 4.3992753623188405797101449275;  debt 4800000 + 1000000 = 5800000
\ir fixture.sql
DELETE FROM snapshot.chain_state WHERE taken_at > '2026-05-13 00:00:00+08';
DELETE FROM snapshot.vault_state WHERE taken_at > '2026-05-13 00:00:00+08';
DELETE FROM snapshot.allocator_position_state WHERE taken_at > '2026-05-13 00:00:00+08';

SELECT results_eq(
  $$SELECT taken_at, midnight FROM derived.as_of$$,
  $$VALUES ('2026-05-13 00:00:00+08'::timestamptz, '2026-05-13 00:00:00+08'::timestamptz)$$,
  'day boundary (c): the 00:00 rows are the latest; as_of is its own baseline');
SELECT pg_temp.is_payload(pg_temp.payload('api.platform_overview'),
  '{"totalSupplyValue":"1000530849.3933444433211","totalSupplyValueDailyChange":"0","totalCollateralValue":"28420003.873456","totalCollateralValueDailyChange":"0","earnTvl":"6521","earnTvlDailyChange":"0","earnSa":"15101.623456","earnSaDailyChange":"0"}',
  'day boundary (c): platform_overview: every daily change is "0"');
SELECT results_eq(
  $$SELECT chain, pg_temp.compact(json_build_array(data->'totalSupplyValueDailyChange',
                                                   data->'totalCollateralValueDailyChange',
                                                   data->'earnTvlDailyChange')::text)
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', '[0,0,0]'), ('eth', '[0,0,0]'), ('bsc', '[0,0,0]')$$
    || pg_temp.for_other_chains($$, ('%s', '[0,0,0]')$$),
  'day boundary (c): latest_collateral: every daily change is the number 0 (on a chain without rows too)');
SELECT pg_temp.is_payload(pg_temp.payload('api.market_overview'),
  '{"totalSupply":1000450100.623456789,"totalSupplyValue":1000530849.3933444433211,"tvl":28420003.873456,"earnTvl":6521,"tronApy":0.045700000000000000000000000001,"ethApy":0.0313,"bscApy":0.0401'
    || pg_temp.for_other_chains(',"%sApy":0') || '}',
  'day boundary (c): market_overview reads the 00:00 rows (a chain without rows: APY 0)');
SELECT results_eq(
  $$SELECT "currentApy", "averageApy" FROM api.apy_overview$$,
  $$VALUES ('0.043041082656034350559730102746', '0.053017027552011450186576700915')$$,
  'day boundary (c): apy_overview currentApy is D3''s cross-chain APY; the daily points are unchanged');
SELECT results_eq(
  $$SELECT chain, "interval", json_array_length(data->'items'),
           (data->'items'->-1->>'statisticTime')::bigint, data->'items'->-1->>'time',
           data->'items'->-2->>'time'
      FROM api.collateral_history WHERE "interval" IN ('WEEKLY', 'MONTHLY')
     ORDER BY chain::snapshot.chain, "interval" DESC$$,
  $$VALUES ('tron', 'WEEKLY', 29, 1778601600000::bigint, NULL::text, '2026-05-12 23:00 (UTC+8)'),
           ('tron', 'MONTHLY', 2, 1778601600000, NULL, '2026-05-12 00:00 (UTC+8)'),
           ('eth', 'WEEKLY', 49, 1778601600000, NULL, '2026-05-12 23:00 (UTC+8)'),
           ('eth', 'MONTHLY', 3, 1778601600000, NULL, '2026-05-12 00:00 (UTC+8)'),
           ('bsc', 'WEEKLY', 1, 1778601600000, NULL, NULL),
           ('bsc', 'MONTHLY', 1, 1778601600000, NULL, NULL)$$
    || pg_temp.for_other_chains($$, ('%1$s', 'WEEKLY', 0, NULL, NULL, NULL), ('%1$s', 'MONTHLY', 0, NULL, NULL, NULL)$$),
  'day boundary (c): collateral_history: live at 00:00, the grid strictly before it; no point without rows');
SELECT results_eq(
  $$SELECT count(*), max("statisticTime") FROM api.supply_value_history$$,
  $$VALUES (3::bigint, 1778601600000::bigint)$$,
  'day boundary (c): supply_value_history still has D1, D2, D3 (D3 is the latest snapshot)');
SELECT pg_temp.is_payload(
  (SELECT json_build_object('apy', apy, 'debt', debt, 'plasma', "platformSummaryInfos"->2)::text
     FROM api.allocator_overview),
  '{"apy":4.3992753623188405797101449275,"debt":5800000,"plasma":{"platform":"Aave","chain":"plasma","gemSymbol":"USDT0","holdingAmount":0,"apyHoldingAmount":0,"apy":0,"actualEarnings":0,"operatorAddress":"0x52Aa899454998Be5b000Ad077a46Bbe360F4e497","strategy":"Investment","tag":null}}',
  'day boundary (c): allocator_overview at 00:00; a position without a state yet shows zeros');

-- =============================================================================================
-- The session's TimeZone does not matter (the UTC+8 clock is computed, not taken from it)
-- =============================================================================================
\ir fixture.sql
SET LOCAL TimeZone = 'America/Los_Angeles';
SELECT pg_temp.is_payload(pg_temp.payload('api.platform_overview'),
  '{"totalSupplyValue":"1000405904.512695123457230060662108642197530866","totalSupplyValueDailyChange":"-124944.880649319863869939337891357802469134","totalCollateralValue":"29135481.736308642","totalCollateralValueDailyChange":"715477.862852642","earnTvl":"6544.376","earnTvlDailyChange":"23.376","earnSa":"22145.766555321","earnSaDailyChange":"255.043099321"}',
  'TimeZone America/Los_Angeles: platform_overview unchanged');
SELECT pg_temp.is_payload(pg_temp.history_payload('api.collateral_value_history'),
  '[{"statisticTime":1778428800000,"collateralValue":["0","15000000.25","0"' || pg_temp.for_other_chains(',"0"')
    || ']},{"statisticTime":1778515200000,"collateralValue":["2000000.5","15000000.25","0"' || pg_temp.for_other_chains(',"0"')
    || ']},{"statisticTime":1778601600000,"collateralValue":["2469000.873456","24790001","1161002"' || pg_temp.for_other_chains(',"0"')
    || ']}]',
  'TimeZone America/Los_Angeles: collateral_value_history unchanged');
SELECT pg_temp.is_payload(pg_temp.collateral_history('tron', 'MONTHLY'),
  '{"items":[{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":2469000.873456,"debt":1215161.25,"mintedCOIN":1215000.5,"coinTotalSupply":123500000.123456789,"totalSupplyValue":123493067.8745444433211,"earnTvl":5310.5,"earnApy":0.045700000000000000000000000001},{"statisticTime":1778630400000,"time":null,"collateralValue":2500000.75,"debt":1234890.123456789012345678,"mintedCOIN":1234567.891234567891234567,"coinTotalSupply":123456789.123456789012345678,"totalSupplyValue":123437409.494026603827378206739708642197530866,"earnTvl":5309.876,"earnApy":0.045699999999999999999999999999}]}',
  'TimeZone America/Los_Angeles: collateral_history tron MONTHLY unchanged (times still UTC+8)');
RESET TimeZone;

SELECT * FROM finish();
ROLLBACK;
