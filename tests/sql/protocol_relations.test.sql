-- One figure, one value: on the hand-worked fixture, a figure that two endpoints show (Group A
-- and Group B alike) is the same number on both, and a total is the sum of its parts. A relation
-- per chain holds for every chain of the enum, one without rows too (its figures 0).
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(15);

SELECT is(
  (SELECT "totalSupply" FROM api.market_overview), (SELECT "totalSupply" FROM api.coin_supply),
  '6.6 totalSupply = 6.4 totalSupply');
-- COIN the protocol holds itself is in no chain's circulation (docs/indexer.md): 6.2's COIN is
-- each chain's 6.12 coinTotalSupply once, 123456789.123456789012345678 + 876543210.876543210987654322
-- + 250000.5, with 6.5's 4999.999999999999999999 of sCOIN.
SELECT results_eq(
  $$SELECT (SELECT "circulatingSupply" FROM api.circulating_supply),
           (SELECT sum((data->>'coinTotalSupply')::numeric) FROM api.latest_collateral)
             + (SELECT "totalSupply" FROM api.scoin_supply)$$,
  $$VALUES (1000255000.499999999999999999, 1000255000.499999999999999999)$$,
  '6.2 = the sum over the chains of 6.12 coinTotalSupply + 6.5 totalSupply');
-- A Vault's minted and locked value are each shown once per chain: 6.11's WBTC-A is its 6.12
-- items on eth and bsc, 310000.5 + 99000.123456789 minted and 470000.333 + 150123.987654321 locked.
SELECT results_eq(
  $$SELECT i->>'ilk', (i->>'curMinted')::numeric, (i->>'totalCollateral')::numeric
      FROM api.vault_collaterals, json_array_elements(items) AS i ORDER BY 1$$,
  $$SELECT v->>'vaultType', sum((v->>'mintedCOIN')::numeric), sum((v->>'lockedValue')::numeric)
      FROM api.latest_collateral, json_array_elements(data->'items') AS v
     WHERE (v->>'collateralType')::int = 1 GROUP BY 1 ORDER BY 1$$,
  '6.11 curMinted and totalCollateral = the 6.12 items of the ilk summed over its chains');
SELECT results_eq(
  $$SELECT (i->>'curMinted')::numeric, (i->>'totalCollateral')::numeric
      FROM api.vault_collaterals, json_array_elements(items) AS i WHERE i->>'ilk' = 'WBTC-A'$$,
  $$VALUES (409000.623456789, 620124.320654321)$$,
  '6.11 WBTC-A by hand');
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
  $$SELECT c::text, (row_to_json(s)->>c::text)::numeric
      FROM unnest(enum_range(NULL::snapshot.chain)) AS c, api.coin_supply AS s$$,
  '6.12 coinTotalSupply = 6.4''s figure of the chain (COIN in circulation, not Vault debt)');
SELECT results_eq(
  $$SELECT chain, (data->>'totalCollateralValue')::numeric FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$SELECT chain, (SELECT coalesce(sum((i->>'lockedValue')::numeric), 0) FROM json_array_elements(data->'items') AS i)
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
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
-- The chains of the fixture: one without rows has no live point (its 6.13 is {"items":[]}). The
-- point's members are those the right side names.
SELECT results_eq(
  $$SELECT h.chain, h."interval",
           pg_temp.as_expected(h.data->'items'->-1, '{"statisticTime":0,"time":0,"collateralValue":0,"debt":0,"mintedCOIN":0,"coinTotalSupply":0,"totalSupplyValue":0,"earnTvl":0,"earnApy":0}')
      FROM api.collateral_history h WHERE h.chain IN ('tron', 'eth', 'bsc')
     ORDER BY h.chain::snapshot.chain, h."interval"$$,
  $$SELECT l.chain, w.name, pg_temp.compact(json_build_object(
             -- each chain's live point at its newest snapshot: tron 08:00, eth 07:55, bsc 07:50
             'statisticTime', CASE l.chain WHEN 'tron' THEN 1778630400000 WHEN 'eth' THEN 1778630100000
                                           ELSE 1778629800000 END, 'time', NULL,
             'collateralValue', (l.data->>'totalCollateralValue')::numeric,
             'debt', (SELECT trim_scale(sum((i->>'debt')::numeric)) FROM json_array_elements(l.data->'items') AS i),
             'mintedCOIN', (SELECT trim_scale(sum((i->>'mintedCOIN')::numeric)) FROM json_array_elements(l.data->'items') AS i),
             'coinTotalSupply', (l.data->>'coinTotalSupply')::numeric,
             'totalSupplyValue', (l.data->>'totalSupplyValue')::numeric,
             'earnTvl', (l.data->>'earnTvl')::numeric,
             'earnApy', (l.data->>'apy')::numeric)::text)
      FROM api.latest_collateral l, unnest('{ANNUAL,BIANNUAL,MONTHLY,WEEKLY}'::text[]) AS w(name)
     WHERE l.chain IN ('tron', 'eth', 'bsc')
     ORDER BY l.chain::snapshot.chain, w.name$$,
  '6.13 live point = the 6.12 figures of the chain, for every interval');
-- The daily histories and the daily changes read the same daily snapshot: now - change = D3.
-- 6.10's array has an element per chain of the enum, in its order.
SELECT results_eq(
  $$SELECT chain, (data->>'totalCollateralValue')::numeric - (data->>'totalCollateralValueDailyChange')::numeric
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$SELECT c.chain, v::numeric
      FROM api.collateral_value_history h,
           unnest(h."collateralValue", enum_range(NULL::snapshot.chain)::text[]) AS c(v, chain)
     WHERE h."statisticTime" = 1778601600000$$,
  '6.12 totalCollateralValue - its daily change = 6.10''s point of today''s 00:00 UTC+8');

SELECT * FROM finish();
ROLLBACK;
