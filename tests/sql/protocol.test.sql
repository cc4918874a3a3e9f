-- Group B views (spec 6.6-6.14) on the hand-worked fixture: the exact text of every value, the
-- JSON type of every field, the "one figure, one value" relations between endpoints, the day
-- boundary of the daily changes, and the empty database. The expected answers are worked out
-- in the header of fixture.sql; the later blocks change the snapshots and work out the new
-- answers here.
--
-- The handlers send row_to_json(v) (6.6, 6.7, 6.8, 6.11, 6.14), json_agg(v ORDER BY
-- "statisticTime") (6.9, 6.10) or data (6.12, 6.13), and the C++ side removes the whitespace
-- between JSON tokens. pg_temp.compact does the same, so a test on compact text asserts the
-- exact payload a client receives: key order, every digit, numbers vs strings, nulls.
BEGIN;
\ir fixture.sql

CREATE FUNCTION pg_temp.compact(doc text) RETURNS text
LANGUAGE sql IMMUTABLE
RETURN regexp_replace(doc, '("(?:[^"\\]|\\.)*")|\s+', '\1', 'g');

-- The payloads, as the handlers build them.
CREATE FUNCTION pg_temp.p66() RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(row_to_json(v)::text) FROM api.market_overview v);
CREATE FUNCTION pg_temp.p67() RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(row_to_json(v)::text) FROM api.platform_overview v);
CREATE FUNCTION pg_temp.p68() RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(row_to_json(v)::text) FROM api.apy_overview v);
CREATE FUNCTION pg_temp.p69() RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(coalesce(json_agg(v ORDER BY "statisticTime"), '[]')::text)
          FROM api.supply_value_history v);
CREATE FUNCTION pg_temp.p610() RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(coalesce(json_agg(v ORDER BY "statisticTime"), '[]')::text)
          FROM api.collateral_value_history v);
CREATE FUNCTION pg_temp.p611() RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(row_to_json(v)::text) FROM api.vault_collaterals v);
CREATE FUNCTION pg_temp.p612(c text) RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(data::text) FROM api.latest_collateral WHERE chain = c);
CREATE FUNCTION pg_temp.p613(c text, i text) RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(data::text) FROM api.collateral_history
         WHERE chain = c AND "interval" = i);
CREATE FUNCTION pg_temp.p614() RETURNS text LANGUAGE sql
RETURN (SELECT pg_temp.compact(row_to_json(v)::text) FROM api.allocator_overview v);

-- Every key of a JSON object with its type, in order: 'key:type,key:type,...'.
CREATE FUNCTION pg_temp.shape(doc json) RETURNS text LANGUAGE sql
RETURN (SELECT string_agg(key || ':' || json_typeof(value), ',' ORDER BY n)
          FROM json_each(doc) WITH ORDINALITY AS e(key, value, n));

SELECT plan(100);

-- =============================================================================================
-- The fixture is what its header says
-- =============================================================================================
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

-- =============================================================================================
-- 6.6 api.market_overview
-- =============================================================================================
SELECT results_eq(
  $$SELECT "totalSupply"::text, "totalSupplyValue"::text, tvl::text, "earnTvl"::text,
           "tronApy"::text, "ethApy"::text, "bscApy"::text FROM api.market_overview$$,
  $$VALUES ('1000250000.5', '1000405904.512695123457230060662108642197530866', '29135481.736308642',
            '6544.376', '0.045699999999999999999999999999', '0.031259999999999999999999999999', '0.04')$$,
  'market_overview: one row, every figure with every digit');
SELECT is(pg_temp.p66(),
  '{"totalSupply":1000250000.5,"totalSupplyValue":1000405904.512695123457230060662108642197530866,"tvl":29135481.736308642,"earnTvl":6544.376,"tronApy":0.045699999999999999999999999999,"ethApy":0.031259999999999999999999999999,"bscApy":0.04}',
  'market_overview: the payload text');
SELECT is((SELECT pg_temp.shape(row_to_json(v)) FROM api.market_overview v),
  'totalSupply:number,totalSupplyValue:number,tvl:number,earnTvl:number,tronApy:number,ethApy:number,bscApy:number',
  'market_overview: the spec''s keys in order, every one a JSON number');

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
            '22145.766555321', '7044.143099321')$$,
  'platform_overview: one row; the daily changes against the 00:00 UTC+8 snapshot');
SELECT is(pg_temp.p67(),
  '{"totalSupplyValue":"1000405904.512695123457230060662108642197530866","totalSupplyValueDailyChange":"-124944.880649319863869939337891357802469134","totalCollateralValue":"29135481.736308642","totalCollateralValueDailyChange":"715477.862852642","earnTvl":"6544.376","earnTvlDailyChange":"23.376","earnSa":"22145.766555321","earnSaDailyChange":"7044.143099321"}',
  'platform_overview: the payload text');
SELECT is((SELECT pg_temp.shape(row_to_json(v)) FROM api.platform_overview v),
  'totalSupplyValue:string,totalSupplyValueDailyChange:string,totalCollateralValue:string,totalCollateralValueDailyChange:string,earnTvl:string,earnTvlDailyChange:string,earnSa:string,earnSaDailyChange:string',
  'platform_overview: the spec''s keys in order, every one a JSON string');

-- =============================================================================================
-- 6.8 api.apy_overview
-- =============================================================================================
SELECT results_eq(
  $$SELECT "averageApy", "currentApy", json_array_length(items) FROM api.apy_overview$$,
  $$VALUES ('0.053017027552011450186576700915', '0.042976106996297278762711677934', 3)$$,
  'apy_overview: averageApy (mean of the 3 daily cross-chain points) and currentApy (Earn-TVL-weighted), 30 decimals');
SELECT results_eq(
  $$SELECT n::int, i->>'chain', i->>'currentApy', json_array_length(i->'items')
      FROM api.apy_overview, json_array_elements(items) WITH ORDINALITY AS x(i, n) ORDER BY n$$,
  $$VALUES (1, 'tron', '0.045699999999999999999999999999', 2),
           (2, 'eth',  '0.031259999999999999999999999999', 3),
           (3, 'bsc',  '0.04', 1)$$,
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
     WHERE i->>'chain' <> 'eth' ORDER BY n$$,
  $$VALUES ('tron', '0.072800000000000000000000000001'), ('bsc', '0.0401')$$,
  'apy_overview: tron averageApy (0.0999 + 0.045700000000000000000000000001) / 2 to 30 decimals, half up; bsc one point');
-- A mean of APYs with few decimals still has 30: numeric avg() would keep only about 16
-- significant digits (0.02383333333333333333).
SELECT is(
  (SELECT i->>'averageApy' FROM api.apy_overview, json_array_elements(items) AS i
    WHERE i->>'chain' = 'eth'),
  '0.023833333333333333333333333333',
  'apy_overview: eth averageApy (0.0201 + 0.0201 + 0.0313) / 3 to 30 decimals');
SELECT is(pg_temp.p68(),
  '{"averageApy":"0.053017027552011450186576700915","currentApy":"0.042976106996297278762711677934","items":[{"chain":"tron","currentApy":"0.045699999999999999999999999999","averageApy":"0.072800000000000000000000000001","items":[{"statisticTime":1778515200000,"apy":"0.0999"},{"statisticTime":1778601600000,"apy":"0.045700000000000000000000000001"}]},{"chain":"eth","currentApy":"0.031259999999999999999999999999","averageApy":"0.023833333333333333333333333333","items":[{"statisticTime":1778428800000,"apy":"0.0201"},{"statisticTime":1778515200000,"apy":"0.0201"},{"statisticTime":1778601600000,"apy":"0.0313"}]},{"chain":"bsc","currentApy":"0.04","averageApy":"0.0401","items":[{"statisticTime":1778601600000,"apy":"0.0401"}]}]}',
  'apy_overview: the payload text');
SELECT is((SELECT pg_temp.shape(row_to_json(v)) FROM api.apy_overview v),
  'averageApy:string,currentApy:string,items:array',
  'apy_overview: top-level keys in order: two strings and items[]');
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(i)) FROM api.apy_overview, json_array_elements(items) AS i),
  ARRAY['chain:string,currentApy:string,averageApy:string,items:array'],
  'apy_overview: every items[] element is chain, currentApy, averageApy (strings) and items[]');
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(p))
     FROM api.apy_overview, json_array_elements(items) AS i, json_array_elements(i->'items') AS p),
  ARRAY['statisticTime:number,apy:string'],
  'apy_overview: every daily point is statisticTime (number) and apy (string)');

-- =============================================================================================
-- 6.9 api.supply_value_history
-- =============================================================================================
SELECT results_eq(
  $$SELECT "statisticTime", coin, scoin FROM api.supply_value_history ORDER BY "statisticTime"$$,
  $$VALUES (1778428800000::bigint, '{0,888888888.888888888888888889,0}'::text[], '{0,0.5,0}'::text[]),
           (1778515200000, '{130000000.987654321,888888888.888888888888888889,0}',
                           '{9000.999999999999999999,0.5,0}'),
           (1778601600000, '{123500000.123456789,876700000.5,250100}', '{5100.5,0.5,10}')$$,
  'supply_value_history: one point per 00:00 UTC+8 since the first snapshot, [tron, eth, bsc]');
SELECT is(pg_temp.p69(),
  '[{"statisticTime":1778428800000,"coin":["0","888888888.888888888888888889","0"],"scoin":["0","0.5","0"]},{"statisticTime":1778515200000,"coin":["130000000.987654321","888888888.888888888888888889","0"],"scoin":["9000.999999999999999999","0.5","0"]},{"statisticTime":1778601600000,"coin":["123500000.123456789","876700000.5","250100"],"scoin":["5100.5","0.5","10"]}]',
  'supply_value_history: the payload text');
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(row_to_json(v)) || ' ' || json_array_length(row_to_json(v)->'coin')
                    || ' ' || json_array_length(row_to_json(v)->'scoin'))
     FROM api.supply_value_history v),
  ARRAY['statisticTime:number,coin:array,scoin:array 3 3'],
  'supply_value_history: every point is statisticTime (number), coin[3] and scoin[3]');
SELECT is(
  (SELECT array_agg(DISTINCT json_typeof(e))
     FROM api.supply_value_history v,
          json_array_elements(row_to_json(v)->'coin' ) AS c(e)),
  ARRAY['string'],
  'supply_value_history: coin[] holds strings');
SELECT is(
  (SELECT array_agg(DISTINCT json_typeof(e))
     FROM api.supply_value_history v,
          json_array_elements(row_to_json(v)->'scoin') AS c(e)),
  ARRAY['string'],
  'supply_value_history: scoin[] holds strings');

-- =============================================================================================
-- 6.10 api.collateral_value_history
-- =============================================================================================
SELECT results_eq(
  $$SELECT "statisticTime", "collateralValue" FROM api.collateral_value_history ORDER BY "statisticTime"$$,
  $$VALUES (1778428800000::bigint, '{0,15000000.25,0}'::text[]),
           (1778515200000, '{2000000.5,15000000.25,0}'),
           (1778601600000, '{2469000.873456,24790001,1161002}')$$,
  'collateral_value_history: one point per 00:00 UTC+8, the Vaults'' locked value per chain');
SELECT is(pg_temp.p610(),
  '[{"statisticTime":1778428800000,"collateralValue":["0","15000000.25","0"]},{"statisticTime":1778515200000,"collateralValue":["2000000.5","15000000.25","0"]},{"statisticTime":1778601600000,"collateralValue":["2469000.873456","24790001","1161002"]}]',
  'collateral_value_history: the payload text');
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(row_to_json(v)) || ' '
                    || json_array_length(row_to_json(v)->'collateralValue'))
     FROM api.collateral_value_history v),
  ARRAY['statisticTime:number,collateralValue:array 3'],
  'collateral_value_history: every point is statisticTime (number) and collateralValue[3]');
SELECT is(
  (SELECT array_agg(DISTINCT json_typeof(e))
     FROM api.collateral_value_history v,
          json_array_elements(row_to_json(v)->'collateralValue') AS c(e)),
  ARRAY['string'],
  'collateral_value_history: collateralValue[] holds strings');

-- =============================================================================================
-- 6.11 api.vault_collaterals
-- =============================================================================================
SELECT results_eq(
  $$SELECT i->>'ilk', i->>'minCollateralRatio', i->>'stabilityFee', i->>'maxMinted', i->>'dust',
           i->>'curMinted', i->>'totalCollateral'
      FROM api.vault_collaterals, json_array_elements(items) WITH ORDINALITY AS x(i, n) ORDER BY n$$,
  $$VALUES ('TRX-A',  '1.5', '0.045',  '50000000',   '100', '1234567.891234567891234567', '2500000.75'),
           ('WBTC-A', '1.5', '0.0525', '3000000.75', '750', '409000.623456789',           '620124.320654321'),
           ('TRX-B',  '1.3', '0.03',   '20000000',   '100', '0',                          '0')$$,
  'vault_collaterals: the regular types in the order first seen; WBTC-A totalled over bsc and eth; TRX-B without debt');
SELECT is(pg_temp.p611(),
  '{"items":[{"ilk":"TRX-A","minCollateralRatio":"1.5","stabilityFee":"0.045","maxMinted":"50000000","dust":"100","curMinted":"1234567.891234567891234567","totalCollateral":"2500000.75"},{"ilk":"WBTC-A","minCollateralRatio":"1.5","stabilityFee":"0.0525","maxMinted":"3000000.75","dust":"750","curMinted":"409000.623456789","totalCollateral":"620124.320654321"},{"ilk":"TRX-B","minCollateralRatio":"1.3","stabilityFee":"0.03","maxMinted":"20000000","dust":"100","curMinted":"0","totalCollateral":"0"}]}',
  'vault_collaterals: the payload text');
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(i)) FROM api.vault_collaterals, json_array_elements(items) AS i),
  ARRAY['ilk:string,minCollateralRatio:string,stabilityFee:string,maxMinted:string,dust:string,curMinted:string,totalCollateral:string'],
  'vault_collaterals: every item has the spec''s keys in order, every one a JSON string');

-- =============================================================================================
-- 6.12 api.latest_collateral
-- =============================================================================================
SELECT results_eq(
  $$SELECT chain, data->>'apy', data->>'coinTotalSupply', data->>'totalSupplyValue',
           data->>'totalSupplyValueDailyChange', data->>'totalCollateralValue',
           data->>'totalCollateralValueDailyChange', data->>'earnTvl', data->>'earnTvlDailyChange',
           json_array_length(data->'items')
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', '0.045699999999999999999999999999', '123456789.123456789012345678',
            '123437409.494026603827378206739708642197530866', '-55658.380517839493721793260291357802469134',
            '2500000.75', '30999.876544', '5309.876', '-0.624', 2),
           ('eth', '0.031259999999999999999999999999', '876543210.876543210987654322',
            '876718519.5187185196298518539224', '-69151.5100814803701481460776',
            '25482346.011', '692345.011', '1234.5', '34.5', 3),
           ('bsc', '0.04', '250000.5', '249975.49995', '-134.99005',
            '1153134.975308642', '-7867.024691358', '0', '-10.5', 2)$$,
  'latest_collateral: one row per chain, the top-level figures and daily changes (negative ones too)');
SELECT results_eq(
  $$SELECT chain, i->>'vaultType', i->>'chain', i->>'collateralType', i->>'contractAddress',
           i->>'mintedCOIN', i->>'debt', i->>'lockedValue', i->>'collateralRatio',
           i->>'minCollateralRatio', i->>'stabilityFee', i->>'line', i->>'apy',
           i->>'estimatedAnnualEarnings', i->>'psmFee'
      FROM api.latest_collateral, json_array_elements(data->'items') WITH ORDINALITY AS x(i, n)
     ORDER BY chain::snapshot.chain, n$$,
  $$VALUES
    ('tron', 'TRX-A', 'tron', '1', 'TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH', '1234567.891234567891234567',
     '1234890.123456789012345678', '2500000.75', '2.024472220250516437', '1.5', '0.045', '50000000',
     NULL, NULL, NULL),
    ('tron', 'TRX-B', 'tron', '1', 'TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn', '0', '0', '0', '0',
     '1.3', '0.03', '20000000', NULL, NULL, NULL),
    ('eth', 'WBTC-A', 'eth', '1', '0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f', '310000.5', '310040.75',
     '470000.333', '1.5159308348983158', '1.5', '0.05', '2000000.25', NULL, NULL, NULL),
    ('eth', 'PSM-USDT-A', 'eth', '2', '0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c', '20000000',
     '20000000', '20000000', '1', '1', '0', '30000000', NULL, NULL, '0.0001'),
    ('eth', 'SA-USDT-A', 'eth', '3', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', '5000000', '5000000',
     '5012345.678', '1.0024691356', '1', '0', '10000000', '0.052345678901234567890123456789',
     '261728.39', NULL),
    ('bsc', 'WBTC-A', 'bsc', '1', '0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e', '99000.123456789',
     '99015.5', '150123.987654321', '1.5161665360910262', '1.45', '0.0525', '1000000.5', NULL, NULL, NULL),
    ('bsc', 'SA-USDT-A', 'bsc', '3', '0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f', '1000000', '1000000',
     '1003010.987654321', '1.003010987654321', '1', '0', '5000000', '0.049876543210987654321098765432',
     '49876.54', NULL)$$,
  'latest_collateral: every Vault of the chain by collateralType then id; ratio 0 without debt');
SELECT is(pg_temp.p612('tron'),
  '{"apy":0.045699999999999999999999999999,"coinTotalSupply":123456789.123456789012345678,"totalSupplyValue":123437409.494026603827378206739708642197530866,"totalSupplyValueDailyChange":-55658.380517839493721793260291357802469134,"totalCollateralValue":2500000.75,"totalCollateralValueDailyChange":30999.876544,"earnTvl":5309.876,"earnTvlDailyChange":-0.624,"items":[{"vaultType":"TRX-A","chain":"tron","collateralType":1,"contractAddress":"TXk3fQ9oNhYvK8sR2mWbZcJ7uE5pL4aDgH","mintedCOIN":1234567.891234567891234567,"debt":1234890.123456789012345678,"lockedValue":2500000.75,"collateralRatio":2.024472220250516437,"minCollateralRatio":"1.5","stabilityFee":"0.045","line":"50000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"TRX-B","chain":"tron","collateralType":1,"contractAddress":"TPYmHEhy5n8TCEfYGqW2rPxsghSfzghPDn","mintedCOIN":0,"debt":0,"lockedValue":0,"collateralRatio":0,"minCollateralRatio":"1.3","stabilityFee":"0.03","line":"20000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":null}]}',
  'latest_collateral tron: the payload text');
SELECT is(pg_temp.p612('eth'),
  '{"apy":0.031259999999999999999999999999,"coinTotalSupply":876543210.876543210987654322,"totalSupplyValue":876718519.5187185196298518539224,"totalSupplyValueDailyChange":-69151.5100814803701481460776,"totalCollateralValue":25482346.011,"totalCollateralValueDailyChange":692345.011,"earnTvl":1234.5,"earnTvlDailyChange":34.5,"items":[{"vaultType":"WBTC-A","chain":"eth","collateralType":1,"contractAddress":"0x2C4e6A8c0E2b4D6f8A0c2E4b6D8f0A2c4E6b8D0f","mintedCOIN":310000.5,"debt":310040.75,"lockedValue":470000.333,"collateralRatio":1.5159308348983158,"minCollateralRatio":"1.5","stabilityFee":"0.05","line":"2000000.25","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"PSM-USDT-A","chain":"eth","collateralType":2,"contractAddress":"0x7a1c9E3b5D2f4A6c8E0b1D3f5A7c9E1b3D5f7A9c","mintedCOIN":20000000,"debt":20000000,"lockedValue":20000000,"collateralRatio":1,"minCollateralRatio":"1","stabilityFee":"0","line":"30000000","apy":null,"estimatedAnnualEarnings":null,"psmFee":"0.0001"},{"vaultType":"SA-USDT-A","chain":"eth","collateralType":3,"contractAddress":"0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD","mintedCOIN":5000000,"debt":5000000,"lockedValue":5012345.678,"collateralRatio":1.0024691356,"minCollateralRatio":"1","stabilityFee":"0","line":"10000000","apy":0.052345678901234567890123456789,"estimatedAnnualEarnings":261728.39,"psmFee":null}]}',
  'latest_collateral eth: the payload text');
SELECT is(pg_temp.p612('bsc'),
  '{"apy":0.04,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,"totalSupplyValueDailyChange":-134.99005,"totalCollateralValue":1153134.975308642,"totalCollateralValueDailyChange":-7867.024691358,"earnTvl":0,"earnTvlDailyChange":-10.5,"items":[{"vaultType":"WBTC-A","chain":"bsc","collateralType":1,"contractAddress":"0x5B7e3C1d9A2f4E6b8D0c2F4a6C8e0B2d4F6a8C0e","mintedCOIN":99000.123456789,"debt":99015.5,"lockedValue":150123.987654321,"collateralRatio":1.5161665360910262,"minCollateralRatio":"1.45","stabilityFee":"0.0525","line":"1000000.5","apy":null,"estimatedAnnualEarnings":null,"psmFee":null},{"vaultType":"SA-USDT-A","chain":"bsc","collateralType":3,"contractAddress":"0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f","mintedCOIN":1000000,"debt":1000000,"lockedValue":1003010.987654321,"collateralRatio":1.003010987654321,"minCollateralRatio":"1","stabilityFee":"0","line":"5000000","apy":0.049876543210987654321098765432,"estimatedAnnualEarnings":49876.54,"psmFee":null}]}',
  'latest_collateral bsc: the payload text');
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(data)) FROM api.latest_collateral),
  ARRAY['apy:number,coinTotalSupply:number,totalSupplyValue:number,totalSupplyValueDailyChange:number,totalCollateralValue:number,totalCollateralValueDailyChange:number,earnTvl:number,earnTvlDailyChange:number,items:array'],
  'latest_collateral: top-level keys in order, every figure a JSON number');
SELECT results_eq(
  $$SELECT DISTINCT i->>'vaultType' IN ('SA-USDT-A') AS allocator, i->>'psmFee' IS NOT NULL AS psm,
           pg_temp.shape(i)
      FROM api.latest_collateral, json_array_elements(data->'items') AS i ORDER BY 1, 2$$,
  $$VALUES
    (false, false, 'vaultType:string,chain:string,collateralType:number,contractAddress:string,mintedCOIN:number,debt:number,lockedValue:number,collateralRatio:number,minCollateralRatio:string,stabilityFee:string,line:string,apy:null,estimatedAnnualEarnings:null,psmFee:null'),
    (false, true,  'vaultType:string,chain:string,collateralType:number,contractAddress:string,mintedCOIN:number,debt:number,lockedValue:number,collateralRatio:number,minCollateralRatio:string,stabilityFee:string,line:string,apy:null,estimatedAnnualEarnings:null,psmFee:string'),
    (true,  false, 'vaultType:string,chain:string,collateralType:number,contractAddress:string,mintedCOIN:number,debt:number,lockedValue:number,collateralRatio:number,minCollateralRatio:string,stabilityFee:string,line:string,apy:number,estimatedAnnualEarnings:number,psmFee:null')$$,
  'latest_collateral: items keys in order; numbers and strings as the spec types them; the nullable fields present, null where not applicable');

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
           ('eth', 'WEEKLY', 57, 1778630400000, NULL), ('eth', 'MONTHLY', 4, 1778630400000, NULL),
           ('eth', 'BIANNUAL', 4, 1778630400000, NULL), ('eth', 'ANNUAL', 4, 1778630400000, NULL),
           ('bsc', 'WEEKLY', 9, 1778630400000, NULL), ('bsc', 'MONTHLY', 2, 1778630400000, NULL),
           ('bsc', 'BIANNUAL', 2, 1778630400000, NULL), ('bsc', 'ANNUAL', 2, 1778630400000, NULL)$$,
  'collateral_history: one row per chain and interval; the number of points; the live point last, time null');

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
  ('eth', '2026-05-13 08:00', '2026-05-13 08:00', true, '25482346.011', '25310040.75', '25310000.5',
   '876543210.876543210987654322', '876718519.5187185196298518539224', '1234.5',
   '0.031259999999999999999999999999');

SELECT results_eq(
  $$SELECT n::int, e->>'statisticTime', e->>'time', e->>'collateralValue', e->>'debt', e->>'mintedCOIN',
           e->>'coinTotalSupply', e->>'totalSupplyValue', e->>'earnTvl', e->>'earnApy'
      FROM api.collateral_history h, json_array_elements(h.data->'items') WITH ORDINALITY AS x(e, n)
     WHERE h.chain = 'tron' AND h."interval" = 'WEEKLY' ORDER BY n$$,
  $$SELECT (row_number() OVER (ORDER BY g))::int,
           (extract(epoch FROM g - interval '8 hours') * 1000)::bigint::text,
           CASE WHEN w.live THEN NULL ELSE to_char(g, 'YYYY-MM-DD HH24:MI') || ' (UTC+8)' END,
           w.coll, w.debt, w.minted, w.coin, w.value, w.tvl, w.apy
      FROM weekly_expected w, generate_series(w.first, w.last, interval '1 hour') AS g
     WHERE w.chain = 'tron' ORDER BY g$$,
  'collateral_history tron WEEKLY: all 37 points (24 x T1, 4 x T2, the 00:00 row, 7 x the 00:01 row, live)');
SELECT results_eq(
  $$SELECT n::int, e->>'statisticTime', e->>'time', e->>'collateralValue', e->>'debt', e->>'mintedCOIN',
           e->>'coinTotalSupply', e->>'totalSupplyValue', e->>'earnTvl', e->>'earnApy'
      FROM api.collateral_history h, json_array_elements(h.data->'items') WITH ORDINALITY AS x(e, n)
     WHERE h.chain = 'eth' AND h."interval" = 'WEEKLY' ORDER BY n$$,
  $$SELECT (row_number() OVER (ORDER BY g))::int,
           (extract(epoch FROM g - interval '8 hours') * 1000)::bigint::text,
           CASE WHEN w.live THEN NULL ELSE to_char(g, 'YYYY-MM-DD HH24:MI') || ' (UTC+8)' END,
           w.coll, w.debt, w.minted, w.coin, w.value, w.tvl, w.apy
      FROM weekly_expected w, generate_series(w.first, w.last, interval '1 hour') AS g
     WHERE w.chain = 'eth' ORDER BY g$$,
  'collateral_history eth WEEKLY: all 57 points (32 x E0, 16 x E1, the 00:00 row, 7 x the 00:01 row, live)');
SELECT is(pg_temp.p613('tron', 'MONTHLY'),
  '{"items":[{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":2469000.873456,"debt":1215161.25,"mintedCOIN":1215000.5,"coinTotalSupply":123500000.123456789,"totalSupplyValue":123493067.8745444433211,"earnTvl":5310.5,"earnApy":0.045700000000000000000000000001},{"statisticTime":1778630400000,"time":null,"collateralValue":2500000.75,"debt":1234890.123456789012345678,"mintedCOIN":1234567.891234567891234567,"coinTotalSupply":123456789.123456789012345678,"totalSupplyValue":123437409.494026603827378206739708642197530866,"earnTvl":5309.876,"earnApy":0.045699999999999999999999999999}]}',
  'collateral_history tron MONTHLY: the payload text (D2, D3, live)');
SELECT results_eq(
  $$SELECT "interval" FROM api.collateral_history
     WHERE chain = 'tron' AND pg_temp.compact(data::text) = pg_temp.p613('tron', 'MONTHLY')
     ORDER BY 1$$,
  $$VALUES ('ANNUAL'), ('BIANNUAL'), ('MONTHLY')$$,
  'collateral_history tron: BIANNUAL and ANNUAL are MONTHLY here (all history is within 30 days)');
SELECT is(pg_temp.p613('eth', 'MONTHLY'),
  '{"items":[{"statisticTime":1778428800000,"time":"2026-05-11 00:00 (UTC+8)","collateralValue":15000000.25,"debt":15000000,"mintedCOIN":15000000,"coinTotalSupply":888888888.888888888888888889,"totalSupplyValue":888977778.2977777777777777778889,"earnTvl":500,"earnApy":0.0201},{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":15000000.25,"debt":15000000,"mintedCOIN":15000000,"coinTotalSupply":888888888.888888888888888889,"totalSupplyValue":888977778.2977777777777777778889,"earnTvl":500,"earnApy":0.0201},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":24790001,"debt":24600030.5,"mintedCOIN":24600000.5,"coinTotalSupply":876700000.5,"totalSupplyValue":876787671.0288,"earnTvl":1200,"earnApy":0.0313},{"statisticTime":1778630400000,"time":null,"collateralValue":25482346.011,"debt":25310040.75,"mintedCOIN":25310000.5,"coinTotalSupply":876543210.876543210987654322,"totalSupplyValue":876718519.5187185196298518539224,"earnTvl":1234.5,"earnApy":0.031259999999999999999999999999}]}',
  'collateral_history eth MONTHLY: the payload text (D1, D2, D3, live)');
SELECT is(pg_temp.p613('bsc', 'WEEKLY'),
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":1161002,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250100,"totalSupplyValue":250110.49,"earnTvl":10.5,"earnApy":0.0401},{"statisticTime":1778605200000,"time":"2026-05-13 01:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778608800000,"time":"2026-05-13 02:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778612400000,"time":"2026-05-13 03:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778616000000,"time":"2026-05-13 04:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778619600000,"time":"2026-05-13 05:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778623200000,"time":"2026-05-13 06:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778626800000,"time":"2026-05-13 07:00 (UTC+8)","collateralValue":1161002.25,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250090.25,"totalSupplyValue":250050.1984,"earnTvl":10.25,"earnApy":0.04005},{"statisticTime":1778630400000,"time":null,"collateralValue":1153134.975308642,"debt":1099015.5,"mintedCOIN":1099000.123456789,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,"earnTvl":0,"earnApy":0.04}]}',
  'collateral_history bsc WEEKLY: the payload text (from bsc''s first hourly point, 00:00)');
SELECT is(pg_temp.p613('bsc', 'MONTHLY'),
  '{"items":[{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":1161002,"debt":1100012.5,"mintedCOIN":1100000,"coinTotalSupply":250100,"totalSupplyValue":250110.49,"earnTvl":10.5,"earnApy":0.0401},{"statisticTime":1778630400000,"time":null,"collateralValue":1153134.975308642,"debt":1099015.5,"mintedCOIN":1099000.123456789,"coinTotalSupply":250000.5,"totalSupplyValue":249975.49995,"earnTvl":0,"earnApy":0.04}]}',
  'collateral_history bsc MONTHLY: the payload text (D3, live)');
SELECT results_eq(
  $$SELECT DISTINCT e->>'time' IS NULL, n = json_array_length(data->'items'), pg_temp.shape(e)
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
  (SELECT array_agg(DISTINCT pg_temp.shape(data)) FROM api.collateral_history),
  ARRAY['items:array'],
  'collateral_history: data is an object holding items[] only');

-- =============================================================================================
-- 6.14 api.allocator_overview
-- =============================================================================================
SELECT results_eq(
  $$SELECT apy::text, debt::text, json_array_length("platformSummaryInfos"),
           json_array_length("vaultInfos") FROM api.allocator_overview$$,
  $$VALUES ('4.9340628507093153759800224467', '6000000', 3, 2)$$,
  'allocator_overview: blended APY as a percent (28 decimals: the mean to 30, x 100); debt of the allocator Vaults');
SELECT results_eq(
  $$SELECT p->>'platform', p->>'chain', p->>'gemSymbol', p->>'holdingAmount', p->>'apyHoldingAmount',
           p->>'apy', p->>'actualEarnings', p->>'operatorAddress', p->>'strategy', p->>'tag',
           json_typeof(p->'tag')
      FROM api.allocator_overview, json_array_elements("platformSummaryInfos") WITH ORDINALITY AS x(p, n)
     ORDER BY n$$,
  $$VALUES
    ('Aave', 'bsc', 'USDT', '1200000.000001', '1000000', '0.050123456789012345678901234567',
     '3010.987654321', '0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a', 'Investment', '', 'string'),
    ('Aave', 'eth', 'USDT', '3000000.5', '2500000', '0.0425', '12345.678901',
     '0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf', 'Investment', 'Gauntlet', 'string'),
    ('Aave', 'plasma', 'USDT0', '2000000', '2000000', '0.0575', '6789.1',
     '0x52Aa899454998Be5b000Ad077a46Bbe360F4e497', 'Investment', NULL, 'null')$$,
  'allocator_overview: every position by platform, chain, gemSymbol; tag "" stays "", NULL is null; plasma included');
SELECT results_eq(
  $$SELECT v->>'chain', v->>'vaultType', v->>'contractAddress', v->>'debt'
      FROM api.allocator_overview, json_array_elements("vaultInfos") WITH ORDINALITY AS x(v, n) ORDER BY n$$,
  $$VALUES ('eth', 'SA-USDT-A', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD', '5000000'),
           ('bsc', 'SA-USDT-A', '0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f', '1000000')$$,
  'allocator_overview: the allocator Vaults in [tron, eth, bsc] order (eth before bsc)');
SELECT is(pg_temp.p614(),
  '{"apy":4.9340628507093153759800224467,"debt":6000000,"platformSummaryInfos":[{"platform":"Aave","chain":"bsc","gemSymbol":"USDT","holdingAmount":1200000.000001,"apyHoldingAmount":1000000,"apy":0.050123456789012345678901234567,"actualEarnings":3010.987654321,"operatorAddress":"0x1F3a5C7e9B1d3F5a7C9e1B3d5F7a9C1e3B5d7F9a","strategy":"Investment","tag":""},{"platform":"Aave","chain":"eth","gemSymbol":"USDT","holdingAmount":3000000.5,"apyHoldingAmount":2500000,"apy":0.0425,"actualEarnings":12345.678901,"operatorAddress":"0x9c4Ec768c28520B50860ea7a15bd7213a9fF58bf","strategy":"Investment","tag":"Gauntlet"},{"platform":"Aave","chain":"plasma","gemSymbol":"USDT0","holdingAmount":2000000,"apyHoldingAmount":2000000,"apy":0.0575,"actualEarnings":6789.1,"operatorAddress":"0x52Aa899454998Be5b000Ad077a46Bbe360F4e497","strategy":"Investment","tag":null}],"vaultInfos":[{"chain":"eth","vaultType":"SA-USDT-A","contractAddress":"0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD","debt":5000000},{"chain":"bsc","vaultType":"SA-USDT-A","contractAddress":"0x8D0f2A4c6E8b0D2f4A6c8E0b2D4f6A8c0E2b4D6f","debt":1000000}]}',
  'allocator_overview: the payload text');
SELECT is((SELECT pg_temp.shape(row_to_json(v)) FROM api.allocator_overview v),
  'apy:number,debt:number,platformSummaryInfos:array,vaultInfos:array',
  'allocator_overview: top-level keys in order: apy and debt numbers, two arrays');
SELECT is(
  (SELECT array_agg(DISTINCT replace(pg_temp.shape(p), 'tag:null', 'tag:string'))
     FROM api.allocator_overview, json_array_elements("platformSummaryInfos") AS p),
  ARRAY['platform:string,chain:string,gemSymbol:string,holdingAmount:number,apyHoldingAmount:number,apy:number,actualEarnings:number,operatorAddress:string,strategy:string,tag:string'],
  'allocator_overview: every position has the spec''s keys in order and types (tag string or null)');
SELECT is(
  (SELECT array_agg(DISTINCT pg_temp.shape(v))
     FROM api.allocator_overview, json_array_elements("vaultInfos") AS v),
  ARRAY['chain:string,vaultType:string,contractAddress:string,debt:number'],
  'allocator_overview: every Vault has the spec''s keys in order and types');

-- =============================================================================================
-- One figure, one value: the same figure on two endpoints is the same number
-- =============================================================================================
SELECT is(
  (SELECT "totalSupply" FROM api.market_overview), (SELECT "totalSupply" FROM api.coin_supply),
  '6.6 totalSupply = 6.4 totalSupply');
SELECT results_eq(
  $$SELECT (SELECT tvl FROM api.market_overview),
           (SELECT "totalCollateralValue"::numeric FROM api.platform_overview),
           (SELECT sum((data->>'totalCollateralValue')::numeric) FROM api.latest_collateral)$$,
  $$VALUES (29135481.736308642, 29135481.736308642, 29135481.736308642)$$,
  '6.6 tvl = 6.7 totalCollateralValue = sum over the chains of 6.12 totalCollateralValue');
SELECT results_eq(
  $$SELECT (SELECT "totalSupplyValue" FROM api.market_overview),
           (SELECT "totalSupplyValue"::numeric FROM api.platform_overview),
           (SELECT sum((data->>'totalSupplyValue')::numeric) FROM api.latest_collateral),
           (SELECT "earnTvl" FROM api.market_overview),
           (SELECT "earnTvl"::numeric FROM api.platform_overview),
           (SELECT sum((data->>'earnTvl')::numeric) FROM api.latest_collateral)$$,
  $$VALUES (1000405904.512695123457230060662108642197530866, 1000405904.512695123457230060662108642197530866,
            1000405904.512695123457230060662108642197530866, 6544.376, 6544.376, 6544.376)$$,
  '6.6 = 6.7 = sum of 6.12 for totalSupplyValue and earnTvl');
SELECT results_eq(
  $$SELECT (SELECT "totalSupplyValueDailyChange"::numeric FROM api.platform_overview),
           (SELECT "totalCollateralValueDailyChange"::numeric FROM api.platform_overview),
           (SELECT "earnTvlDailyChange"::numeric FROM api.platform_overview)$$,
  $$SELECT sum((data->>'totalSupplyValueDailyChange')::numeric),
           sum((data->>'totalCollateralValueDailyChange')::numeric),
           sum((data->>'earnTvlDailyChange')::numeric) FROM api.latest_collateral$$,
  '6.7 daily changes = sums over the chains of 6.12 daily changes');
SELECT results_eq(
  $$SELECT c.chain, i->>'currentApy', c.apy, l.data->>'apy'
      FROM (VALUES (1, 'tron', (SELECT "tronApy"::text FROM api.market_overview)),
                   (2, 'eth',  (SELECT "ethApy"::text FROM api.market_overview)),
                   (3, 'bsc',  (SELECT "bscApy"::text FROM api.market_overview))) AS c(n, chain, apy)
      JOIN (SELECT i, n FROM api.apy_overview, json_array_elements(items) WITH ORDINALITY AS x(i, n)) AS a
        ON a.n = c.n
      JOIN api.latest_collateral l ON l.chain = c.chain
     ORDER BY c.n$$,
  $$VALUES ('tron', '0.045699999999999999999999999999', '0.045699999999999999999999999999', '0.045699999999999999999999999999'),
           ('eth',  '0.031259999999999999999999999999', '0.031259999999999999999999999999', '0.031259999999999999999999999999'),
           ('bsc',  '0.04', '0.04', '0.04')$$,
  '6.6 chain APYs = 6.8 items[].currentApy = 6.12 apy, digit for digit');
SELECT results_eq(
  $$SELECT "tronApy", "ethApy", "bscApy" FROM api.earn_apy$$,
  $$SELECT trunc("tronApy", 4)::text, trunc("ethApy", 4)::text, trunc("bscApy", 4)::text
      FROM api.market_overview$$,
  '6.3 = the 6.6 APYs cut (not rounded) to 4 decimals');
SELECT results_eq(
  $$SELECT chain, (data->>'coinTotalSupply')::numeric FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$SELECT 'tron', tron FROM api.coin_supply UNION ALL SELECT 'eth', eth FROM api.coin_supply
    UNION ALL SELECT 'bsc', bsc FROM api.coin_supply$$,
  '6.12 coinTotalSupply = 6.4''s figure of the chain (COIN in circulation, not Vault debt)');
SELECT results_eq(
  $$SELECT chain, (data->>'totalCollateralValue')::numeric FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$SELECT chain, sum((i->>'lockedValue')::numeric) FROM api.latest_collateral,
           json_array_elements(data->'items') AS i GROUP BY chain ORDER BY chain::snapshot.chain$$,
  '6.12 totalCollateralValue = sum of its items[].lockedValue');
SELECT is(
  (SELECT debt FROM api.allocator_overview),
  (SELECT sum((v->>'debt')::numeric) FROM api.allocator_overview, json_array_elements("vaultInfos") AS v),
  '6.14 debt = sum of vaultInfos[].debt');
SELECT is(
  (SELECT "earnSa"::numeric FROM api.platform_overview),
  (SELECT sum((p->>'actualEarnings')::numeric)
     FROM api.allocator_overview, json_array_elements("platformSummaryInfos") AS p),
  '6.7 earnSa = sum of 6.14 platformSummaryInfos[].actualEarnings');
SELECT results_eq(
  $$SELECT h.chain, h."interval", pg_temp.compact((h.data->'items'->-1)::text)
      FROM api.collateral_history h
     ORDER BY h.chain::snapshot.chain, h."interval"$$,
  $$SELECT l.chain, w.name, pg_temp.compact(json_build_object(
             'statisticTime', 1778630400000, 'time', NULL,
             'collateralValue', (l.data->>'totalCollateralValue')::numeric,
             'debt', (SELECT trim_scale(sum((i->>'debt')::numeric)) FROM json_array_elements(l.data->'items') AS i),
             'mintedCOIN', (SELECT trim_scale(sum((i->>'mintedCOIN')::numeric)) FROM json_array_elements(l.data->'items') AS i),
             'coinTotalSupply', (l.data->>'coinTotalSupply')::numeric,
             'totalSupplyValue', (l.data->>'totalSupplyValue')::numeric,
             'earnTvl', (l.data->>'earnTvl')::numeric,
             'earnApy', (l.data->>'apy')::numeric)::text)
      FROM api.latest_collateral l, unnest('{ANNUAL,BIANNUAL,MONTHLY,WEEKLY}'::text[]) AS w(name)
     ORDER BY l.chain::snapshot.chain, w.name$$,
  '6.13 live point = the 6.12 figures of the chain, for every interval');
-- The daily histories and the daily changes read the same daily snapshot: now - change = D3.
SELECT results_eq(
  $$SELECT chain, (data->>'totalCollateralValue')::numeric - (data->>'totalCollateralValueDailyChange')::numeric
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$SELECT c.chain, v::numeric
      FROM api.collateral_value_history h,
           unnest(h."collateralValue", '{tron,eth,bsc}'::text[]) AS c(v, chain)
     WHERE h."statisticTime" = 1778601600000$$,
  '6.12 totalCollateralValue - its daily change = 6.10''s point of today''s 00:00 UTC+8');

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
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', 123493067.8745444433211, 2469000.873456, 5310.5),
           ('eth', 876787671.0288, 24790001, 1200),
           ('bsc', 250110.49, 1161002, 10.5)$$,
  'day boundary (a): the baseline of each chain is its 00:00 UTC+8 snapshot');
SELECT is(
  (SELECT "earnSa"::numeric - "earnSaDailyChange"::numeric FROM api.platform_overview),
  15101.623456,
  'day boundary (a): earnSa''s baseline is the 00:00 position states (12100.123456 + 3001.5 + 0)');

-- (b) The 00:00 rows go. The baseline becomes each entity's latest row before 00:00: T3, E2, B1
-- (23:59); TRX-A, PSM-USDT-A and bsc WBTC-A at 23:59; TRX-B, the SA Vaults and eth WBTC-A have
-- none then (0); positions eth and bsc at 23:59 (12000.5 + 3000 = 15000.5), plasma none.
--   tron supply value  123437409.494026603827378206739708642197530866 - 123405310.25
--                        = 32099.244026603827378206739708642197530866
--        collateral    2500000.75 - 2450000.5 = 50000.25;   earn tvl 5309.876 - 5300 = 9.876
--   eth  supply value  876718519.5187185196298518539224 - 876400000.26425 = 318519.2544685196298518539224
--        collateral    25482346.011 - 19000000 = 6482346.011;  earn tvl 1234.5 - 1190 = 44.5
--   bsc  supply value  249975.49995 - 250084.4415 = -108.94155
--        collateral    1153134.975308642 - 160000 = 993134.975308642;  earn tvl 0 - 10 = -10
--   6.7  totalSupplyValueDailyChange = 32099.244026603827378206739708642197530866
--          + 318519.2544685196298518539224 - 108.94155 = 350509.556945123457230060662108642197530866
--        totalCollateralValueDailyChange = 50000.25 + 6482346.011 + 993134.975308642 = 7525481.236308642
--        earnTvlDailyChange = 9.876 + 44.5 - 10 = 44.376
--        earnSaDailyChange = 22145.766555321 - 15000.5 = 7145.266555321
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

SELECT is(pg_temp.p67(),
  '{"totalSupplyValue":"1000405904.512695123457230060662108642197530866","totalSupplyValueDailyChange":"350509.556945123457230060662108642197530866","totalCollateralValue":"29135481.736308642","totalCollateralValueDailyChange":"7525481.236308642","earnTvl":"6544.376","earnTvlDailyChange":"44.376","earnSa":"22145.766555321","earnSaDailyChange":"7145.266555321"}',
  'day boundary (b): without the 00:00 rows, platform_overview''s baseline is the 23:59 rows');
SELECT results_eq(
  $$SELECT chain, data->>'totalSupplyValueDailyChange', data->>'totalCollateralValueDailyChange',
           data->>'earnTvlDailyChange'
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', '32099.244026603827378206739708642197530866', '50000.25', '9.876'),
           ('eth', '318519.2544685196298518539224', '6482346.011', '44.5'),
           ('bsc', '-108.94155', '993134.975308642', '-10')$$,
  'day boundary (b): latest_collateral''s daily changes against the 23:59 rows');
SELECT results_eq(
  $$SELECT "statisticTime", coin, scoin FROM api.supply_value_history ORDER BY "statisticTime" DESC LIMIT 1$$,
  $$VALUES (1778601600000::bigint, '{123400000.25,876400000,250050}'::text[], '{5000,0.25,9}'::text[])$$,
  'day boundary (b): supply_value_history''s D3 point reads the 23:59 rows');
SELECT results_eq(
  $$SELECT "statisticTime", "collateralValue" FROM api.collateral_value_history
     ORDER BY "statisticTime" DESC LIMIT 1$$,
  $$VALUES (1778601600000::bigint, '{2450000.5,19000000,160000}'::text[])$$,
  'day boundary (b): collateral_value_history''s D3 point reads the 23:59 Vault states');
SELECT results_eq(
  $$SELECT "averageApy", i->>'chain', i->>'averageApy', i->'items'->-1->>'apy'
      FROM api.apy_overview, json_array_elements(items) WITH ORDINALITY AS x(i, n) ORDER BY n$$,
  $$VALUES ('0.053042820512820512820512820513', 'tron', '0.07285', '0.0458'),
           ('0.053042820512820512820512820513', 'eth', '0.0238', '0.0312'),
           ('0.053042820512820512820512820513', 'bsc', '0.0402', '0.0402')$$,
  'day boundary (b): apy_overview''s D3 point reads the 23:59 rows');
SELECT is(
  pg_temp.compact((SELECT data->'items'->28 FROM api.collateral_history
                    WHERE chain = 'tron' AND "interval" = 'WEEKLY')::text),
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
SELECT is(pg_temp.p67(),
  '{"totalSupplyValue":"1000530849.3933444433211","totalSupplyValueDailyChange":"0","totalCollateralValue":"28420003.873456","totalCollateralValueDailyChange":"0","earnTvl":"6521","earnTvlDailyChange":"0","earnSa":"15101.623456","earnSaDailyChange":"0"}',
  'day boundary (c): platform_overview: every daily change is "0"');
SELECT results_eq(
  $$SELECT chain, pg_temp.compact(json_build_array(data->'totalSupplyValueDailyChange',
                                                   data->'totalCollateralValueDailyChange',
                                                   data->'earnTvlDailyChange')::text)
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$VALUES ('tron', '[0,0,0]'), ('eth', '[0,0,0]'), ('bsc', '[0,0,0]')$$,
  'day boundary (c): latest_collateral: every daily change is the number 0');
SELECT is(pg_temp.p66(),
  '{"totalSupply":1000450100.623456789,"totalSupplyValue":1000530849.3933444433211,"tvl":28420003.873456,"earnTvl":6521,"tronApy":0.045700000000000000000000000001,"ethApy":0.0313,"bscApy":0.0401}',
  'day boundary (c): market_overview reads the 00:00 rows');
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
           ('bsc', 'MONTHLY', 1, 1778601600000, NULL, NULL)$$,
  'day boundary (c): collateral_history: live at 00:00, the grid strictly before it');
SELECT results_eq(
  $$SELECT count(*), max("statisticTime") FROM api.supply_value_history$$,
  $$VALUES (3::bigint, 1778601600000::bigint)$$,
  'day boundary (c): supply_value_history still has D1, D2, D3 (D3 is the latest snapshot)');
SELECT results_eq(
  $$SELECT apy::text, debt::text,
           pg_temp.compact(("platformSummaryInfos"->2)::text) FROM api.allocator_overview$$,
  $$VALUES ('4.3992753623188405797101449275', '5800000',
            '{"platform":"Aave","chain":"plasma","gemSymbol":"USDT0","holdingAmount":0,"apyHoldingAmount":0,"apy":0,"actualEarnings":0,"operatorAddress":"0x52Aa899454998Be5b000Ad077a46Bbe360F4e497","strategy":"Investment","tag":null}')$$,
  'day boundary (c): allocator_overview at 00:00; a position without a state yet shows zeros');

-- =============================================================================================
-- The session's TimeZone does not matter (the UTC+8 clock is computed, not taken from it)
-- =============================================================================================
\ir fixture.sql
SET LOCAL TimeZone = 'America/Los_Angeles';
SELECT is(pg_temp.p67(),
  '{"totalSupplyValue":"1000405904.512695123457230060662108642197530866","totalSupplyValueDailyChange":"-124944.880649319863869939337891357802469134","totalCollateralValue":"29135481.736308642","totalCollateralValueDailyChange":"715477.862852642","earnTvl":"6544.376","earnTvlDailyChange":"23.376","earnSa":"22145.766555321","earnSaDailyChange":"7044.143099321"}',
  'TimeZone America/Los_Angeles: platform_overview unchanged');
SELECT is(pg_temp.p610(),
  '[{"statisticTime":1778428800000,"collateralValue":["0","15000000.25","0"]},{"statisticTime":1778515200000,"collateralValue":["2000000.5","15000000.25","0"]},{"statisticTime":1778601600000,"collateralValue":["2469000.873456","24790001","1161002"]}]',
  'TimeZone America/Los_Angeles: collateral_value_history unchanged');
SELECT is(pg_temp.p613('tron', 'MONTHLY'),
  '{"items":[{"statisticTime":1778515200000,"time":"2026-05-12 00:00 (UTC+8)","collateralValue":2000000.5,"debt":900050,"mintedCOIN":900000,"coinTotalSupply":130000000.987654321,"totalSupplyValue":130022542.04775308643209999894,"earnTvl":9500,"earnApy":0.0999},{"statisticTime":1778601600000,"time":"2026-05-13 00:00 (UTC+8)","collateralValue":2469000.873456,"debt":1215161.25,"mintedCOIN":1215000.5,"coinTotalSupply":123500000.123456789,"totalSupplyValue":123493067.8745444433211,"earnTvl":5310.5,"earnApy":0.045700000000000000000000000001},{"statisticTime":1778630400000,"time":null,"collateralValue":2500000.75,"debt":1234890.123456789012345678,"mintedCOIN":1234567.891234567891234567,"coinTotalSupply":123456789.123456789012345678,"totalSupplyValue":123437409.494026603827378206739708642197530866,"earnTvl":5309.876,"earnApy":0.045699999999999999999999999999}]}',
  'TimeZone America/Los_Angeles: collateral_history tron MONTHLY unchanged (times still UTC+8)');
RESET TimeZone;

-- =============================================================================================
-- The windows of 6.13 and the long histories, with one eth snapshot 497 days old
-- =============================================================================================
-- eth at 2025-01-01 00:00 UTC+8 (exactly a midnight): 1970-01-01 to 2025-01-01 = 55 x 365 + 14
-- = 20089 days; 20089 x 86400000 - 28800000 = 1735660800000. 2025-01-01 to 2026-05-13 = 365 +
-- 31 + 28 + 31 + 30 + 12 = 497 days, so 498 daily points (6.8 eth, 6.9, 6.10).
--   WEEKLY: 168 hourly points 07:00 - 167 h = 2026-05-06 08:00 (1778630400000 - 168 x 3600000
--           = 1778025600000) .. 2026-05-13 07:00, + live = 169
--   MONTHLY: D3 - 29 days = 2026-04-14 (1778601600000 - 29 x 86400000 = 1776096000000), 31 points
--   BIANNUAL: D3 - 181 days = 2025-11-13 (1778601600000 - 181 x 86400000 = 1762963200000), 183
--   ANNUAL: D3 - 364 days = 2025-05-14 (1778601600000 - 364 x 86400000 = 1747152000000), 366
-- The first point of each window is the old row (coin 1000, Vault sums 0 before 05-11 00:00).
INSERT INTO snapshot.chain_state VALUES ('eth', '2025-01-01 00:00:00+08', 1000, 0, 1, 1, 0.01, 1);

SELECT results_eq(
  $$SELECT chain, "interval", json_array_length(data->'items'), pg_temp.compact((data->'items'->0)::text)
      FROM api.collateral_history WHERE chain <> 'bsc'
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
           (SELECT pg_temp.compact((i->'items'->0)::text) FROM api.apy_overview, json_array_elements(items) AS i
             WHERE i->>'chain' = 'eth')$$,
  $$VALUES (498::bigint, 1735660800000::bigint, 498::bigint, 498, '{"statisticTime":1735660800000,"apy":"0.01"}')$$,
  'long histories: one point per day since the first snapshot, 498 of them');

-- =============================================================================================
-- 6.8 currentApy without any Earn TVL: the plain mean of the chains' current APYs
-- =============================================================================================
--   (0.045699999999999999999999999999 + 0.031259999999999999999999999999 + 0.04) / 3
--   = 0.116959999999999999999999999998 / 3 = 0.038986666666666666666666666666 (exact)
\ir fixture.sql
UPDATE snapshot.chain_state SET earn_tvl = 0
 WHERE (chain, taken_at) IN (('tron', '2026-05-13 08:00:00+08'), ('eth', '2026-05-13 07:55:00+08'));
SELECT results_eq(
  $$SELECT "currentApy", (SELECT "earnTvl"::text FROM api.market_overview) FROM api.apy_overview$$,
  $$VALUES ('0.038986666666666666666666666666', '0')$$,
  'apy_overview: without Earn TVL, currentApy is the plain mean of the three current APYs');
-- The same for the plain mean: (0.0457 + 0.0312 + 0.04) / 3 = 0.1169 / 3 = 0.038966666...,
-- to 30 decimals 0.038966666666666666666666666667 (avg() would give 0.03896666666666666667).
UPDATE snapshot.chain_state SET earn_apy = 0.0457 WHERE chain = 'tron' AND taken_at = '2026-05-13 08:00:00+08';
UPDATE snapshot.chain_state SET earn_apy = 0.0312 WHERE chain = 'eth' AND taken_at = '2026-05-13 07:55:00+08';
SELECT is((SELECT "currentApy" FROM api.apy_overview), '0.038966666666666666666666666667',
  'apy_overview: without Earn TVL, the plain mean (0.0457 + 0.0312 + 0.04) / 3 to 30 decimals');

-- =============================================================================================
-- The empty database: every view still answers, with zeros and empty arrays
-- =============================================================================================
DELETE FROM snapshot.allocator_position_state;
DELETE FROM snapshot.allocator_position;
DELETE FROM snapshot.vault_state;
DELETE FROM snapshot.vault;
DELETE FROM snapshot.chain_state;

SELECT is(pg_temp.p66(),
  '{"totalSupply":0,"totalSupplyValue":0,"tvl":0,"earnTvl":0,"tronApy":0,"ethApy":0,"bscApy":0}',
  'empty: market_overview is one row of zeros (numbers)');
SELECT is(pg_temp.p67(),
  '{"totalSupplyValue":"0","totalSupplyValueDailyChange":"0","totalCollateralValue":"0","totalCollateralValueDailyChange":"0","earnTvl":"0","earnTvlDailyChange":"0","earnSa":"0","earnSaDailyChange":"0"}',
  'empty: platform_overview is one row of "0"');
SELECT is(pg_temp.p68(),
  '{"averageApy":"0","currentApy":"0","items":[{"chain":"tron","currentApy":"0","averageApy":"0","items":[]},{"chain":"eth","currentApy":"0","averageApy":"0","items":[]},{"chain":"bsc","currentApy":"0","averageApy":"0","items":[]}]}',
  'empty: apy_overview: "0" and three chains without daily points');
SELECT is(pg_temp.p69(), '[]', 'empty: supply_value_history is []');
SELECT is(pg_temp.p610(), '[]', 'empty: collateral_value_history is []');
SELECT is(pg_temp.p611(), '{"items":[]}', 'empty: vault_collaterals has no items');
SELECT results_eq(
  $$SELECT chain, pg_temp.compact(data::text) FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$VALUES
    ('tron', '{"apy":0,"coinTotalSupply":0,"totalSupplyValue":0,"totalSupplyValueDailyChange":0,"totalCollateralValue":0,"totalCollateralValueDailyChange":0,"earnTvl":0,"earnTvlDailyChange":0,"items":[]}'),
    ('eth',  '{"apy":0,"coinTotalSupply":0,"totalSupplyValue":0,"totalSupplyValueDailyChange":0,"totalCollateralValue":0,"totalCollateralValueDailyChange":0,"earnTvl":0,"earnTvlDailyChange":0,"items":[]}'),
    ('bsc',  '{"apy":0,"coinTotalSupply":0,"totalSupplyValue":0,"totalSupplyValueDailyChange":0,"totalCollateralValue":0,"totalCollateralValueDailyChange":0,"earnTvl":0,"earnTvlDailyChange":0,"items":[]}')$$,
  'empty: latest_collateral: each chain zeros and no items');
SELECT results_eq(
  $$SELECT count(*), count(*) FILTER (WHERE pg_temp.compact(data::text) = '{"items":[]}')
      FROM api.collateral_history$$,
  $$VALUES (12::bigint, 12::bigint)$$,
  'empty: collateral_history: all 12 chain/interval rows, each {"items":[]}');
SELECT is(pg_temp.p614(),
  '{"apy":0,"debt":0,"platformSummaryInfos":[],"vaultInfos":[]}',
  'empty: allocator_overview: zeros and empty arrays');

SELECT * FROM finish();
ROLLBACK;
