-- Group B overviews (spec 6.6-6.8) on the hand-worked fixture: the exact text of every value,
-- the exact payload a client receives (its JSON types with it: a string is quoted, a number is
-- not); then 6.8 without any Earn TVL. The expected answers are worked out in the header of
-- fixture.sql; the last block changes the snapshots and works out the new answers here.
-- A payload is compared in the members its expected text names (pg_temp.is_payload): a field
-- added since is asserted by its OpenAPI example, and so is 6.6's APY of a chain the fixture has
-- no row of; 6.8's items, one per chain, name each.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(12);

-- =============================================================================================
-- 6.6 api.market_overview
-- =============================================================================================
SELECT results_eq(
  $$SELECT "totalSupply"::text, "totalSupplyValue"::text, tvl::text, "earnTvl"::text,
           "tronApy"::text, "ethApy"::text, "bscApy"::text FROM api.market_overview$$,
  $$VALUES ('1000250000.5', '1000405904.512695123457230060662108642197530866', '29135481.736308642',
            '6544.376', '0.045699999999999999999999999999', '0.031259999999999999999999999999', '0.04')$$,
  'market_overview: one row, every figure with every digit');
SELECT pg_temp.is_payload(pg_temp.payload('api.market_overview'),
  '{"totalSupply":1000250000.5,"totalSupplyValue":1000405904.512695123457230060662108642197530866,"tvl":29135481.736308642,"earnTvl":6544.376,"tronApy":0.045699999999999999999999999999,"ethApy":0.031259999999999999999999999999,"bscApy":0.04}',
  'market_overview: the payload text');

-- =============================================================================================
-- 6.7 api.platform_overview
-- =============================================================================================
SELECT results_eq(
  $$SELECT "totalSupplyValue", "totalSupplyValueDailyChange", "totalCollateralValue",
           "totalCollateralValueDailyChange", "earnTvl", "earnTvlDailyChange", "earnSa",
           "earnSaDailyChange" FROM api.platform_overview$$,
  $$VALUES ('1000405904.512695123457230060662108642197530866',
            '-124944.880649319863869939337891357802469134',
            '29135481.736308642', '715477.862852642', '6544.376', '23.376',
            '22145.766555321', '255.043099321')$$,
  'platform_overview: one row; the daily changes against the 00:00 UTC+8 snapshot (plasma''s position against its first, 07:55)');
SELECT pg_temp.is_payload(pg_temp.payload('api.platform_overview'),
  '{"totalSupplyValue":"1000405904.512695123457230060662108642197530866","totalSupplyValueDailyChange":"-124944.880649319863869939337891357802469134","totalCollateralValue":"29135481.736308642","totalCollateralValueDailyChange":"715477.862852642","earnTvl":"6544.376","earnTvlDailyChange":"23.376","earnSa":"22145.766555321","earnSaDailyChange":"255.043099321"}',
  'platform_overview: the payload text');

-- =============================================================================================
-- 6.8 api.apy_overview
-- =============================================================================================
SELECT results_eq(
  $$SELECT "averageApy", "currentApy", json_array_length(items) FROM api.apy_overview$$,
  $$VALUES ('0.053017027552011450186576700915', '0.042976106996297278762711677934',
            cardinality(enum_range(NULL::snapshot.chain)))$$,
  'apy_overview: averageApy (mean of the 3 daily cross-chain points) and currentApy (Earn-TVL-weighted), 30 decimals; an item per chain');
-- A chain of the enum the fixture has no row of has its item after bsc's: current APY 0, no
-- daily point.
SELECT results_eq(
  $$SELECT i->>'chain', i->>'currentApy', json_array_length(i->'items')
      FROM api.apy_overview, json_array_elements(items) WITH ORDINALITY AS x(i, n) ORDER BY n$$,
  $$VALUES ('tron', '0.045699999999999999999999999999', 2),
           ('eth',  '0.031259999999999999999999999999', 3),
           ('bsc',  '0.04', 1)$$ || pg_temp.for_other_chains(', (''%s'', ''0'', 0)'),
  'apy_overview: items in [tron, eth, bsc] order, each chain''s current APY and number of daily points');
SELECT results_eq(
  $$SELECT i->>'chain', (p->>'statisticTime')::bigint, p->>'apy'
      FROM api.apy_overview, json_array_elements(items) WITH ORDINALITY AS x(i, n),
           json_array_elements(i->'items') WITH ORDINALITY AS y(p, m)
     ORDER BY n, m$$,
  $$VALUES ('tron', 1778515200000::bigint, '0.0999'),
           ('tron', 1778601600000, '0.045700000000000000000000000001'),
           ('eth',  1778428800000, '0.0201'),
           ('eth',  1778515200000, '0.0201'),
           ('eth',  1778601600000, '0.0313'),
           ('bsc',  1778601600000, '0.0401')$$,
  'apy_overview: each chain''s daily points from its first snapshot, ascending, the 00:00 rows on D3');
SELECT results_eq(
  $$SELECT i->>'chain', i->>'averageApy'
      FROM api.apy_overview, json_array_elements(items) WITH ORDINALITY AS x(i, n)
     WHERE i->>'chain' IN ('tron', 'bsc') ORDER BY n$$,
  $$VALUES ('tron', '0.072800000000000000000000000001'), ('bsc', '0.0401')$$,
  'apy_overview: tron averageApy (0.0999 + 0.045700000000000000000000000001) / 2 to 30 decimals, half up; bsc one point');
-- A mean of APYs with few decimals still has 30: numeric avg() would keep only about 16
-- significant digits (0.02383333333333333333).
SELECT is(
  (SELECT i->>'averageApy' FROM api.apy_overview, json_array_elements(items) AS i
    WHERE i->>'chain' = 'eth'),
  '0.023833333333333333333333333333',
  'apy_overview: eth averageApy (0.0201 + 0.0201 + 0.0313) / 3 to 30 decimals');
SELECT pg_temp.is_payload(pg_temp.payload('api.apy_overview'),
  '{"averageApy":"0.053017027552011450186576700915","currentApy":"0.042976106996297278762711677934","items":[{"chain":"tron","currentApy":"0.045699999999999999999999999999","averageApy":"0.072800000000000000000000000001","items":[{"statisticTime":1778515200000,"apy":"0.0999"},{"statisticTime":1778601600000,"apy":"0.045700000000000000000000000001"}]},{"chain":"eth","currentApy":"0.031259999999999999999999999999","averageApy":"0.023833333333333333333333333333","items":[{"statisticTime":1778428800000,"apy":"0.0201"},{"statisticTime":1778515200000,"apy":"0.0201"},{"statisticTime":1778601600000,"apy":"0.0313"}]},{"chain":"bsc","currentApy":"0.04","averageApy":"0.0401","items":[{"statisticTime":1778601600000,"apy":"0.0401"}]}'
    || pg_temp.for_other_chains(',{"chain":"%s","currentApy":"0","averageApy":"0","items":[]}') || ']}',
  'apy_overview: the payload text');

-- =============================================================================================
-- 6.8 currentApy without any Earn TVL: the plain mean of the chains' current APYs
-- =============================================================================================
-- Every chain of the enum is a term of the mean, one without snapshots with APY 0: the fixture's
-- three give the literal worked out here; with n chains more, it is the fixture's sum over 3 + n,
-- to 30 decimals, half up.
CREATE FUNCTION pg_temp.plain_mean(of_three text, apy_sum numeric) RETURNS text LANGUAGE sql
RETURN CASE WHEN pg_temp.other_chains() = '{}' THEN of_three
            ELSE trim_scale(round(apy_sum::numeric(100, 60) / (3 + cardinality(pg_temp.other_chains())), 30))::text
       END;
--   (0.045699999999999999999999999999 + 0.031259999999999999999999999999 + 0.04) / 3
--   = 0.116959999999999999999999999998 / 3 = 0.038986666666666666666666666666 (exact)
UPDATE snapshot.chain_state SET earn_tvl = 0
 WHERE (chain, taken_at) IN (('tron', '2026-05-13 08:00:00+08'), ('eth', '2026-05-13 07:55:00+08'));
SELECT results_eq(
  $$SELECT "currentApy", (SELECT "earnTvl"::text FROM api.market_overview) FROM api.apy_overview$$,
  $$VALUES (pg_temp.plain_mean('0.038986666666666666666666666666', 0.116959999999999999999999999998), '0')$$,
  'apy_overview: without Earn TVL, currentApy is the plain mean of the chains'' current APYs');
-- The same for the plain mean: (0.0457 + 0.0312 + 0.04) / 3 = 0.1169 / 3 = 0.038966666...,
-- to 30 decimals 0.038966666666666666666666666667 (avg() would give 0.03896666666666666667).
UPDATE snapshot.chain_state SET earn_apy = 0.0457 WHERE chain = 'tron' AND taken_at = '2026-05-13 08:00:00+08';
UPDATE snapshot.chain_state SET earn_apy = 0.0312 WHERE chain = 'eth' AND taken_at = '2026-05-13 07:55:00+08';
SELECT is((SELECT "currentApy" FROM api.apy_overview), pg_temp.plain_mean('0.038966666666666666666666666667', 0.1169),
  'apy_overview: without Earn TVL, the plain mean (0.0457 + 0.0312 + 0.04) / 3 to 30 decimals');

SELECT * FROM finish();
ROLLBACK;
