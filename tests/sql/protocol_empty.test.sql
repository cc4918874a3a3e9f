-- Group B views (spec 6.6-6.14) on an empty database: every view still answers, with zeros and
-- empty arrays. Every chain of the enum is then a chain without rows: each answer has its element
-- (or row) for each, the fixture's three and any other (pg_temp.for_other_chains) alike.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(9);

DELETE FROM snapshot.clip_event;
DELETE FROM snapshot.bark;
DELETE FROM snapshot.urn_event;
DELETE FROM snapshot.urn;
DELETE FROM snapshot.allocator_position_state;
DELETE FROM snapshot.allocator_position;
DELETE FROM snapshot.vault_state;
DELETE FROM snapshot.vault;
DELETE FROM snapshot.chain_state;

SELECT pg_temp.is_payload(pg_temp.payload('api.market_overview'),
  '{"totalSupply":0,"totalSupplyValue":0,"tvl":0,"earnTvl":0,"tronApy":0,"ethApy":0,"bscApy":0'
    || pg_temp.for_other_chains(',"%sApy":0') || '}',
  'empty: market_overview is one row of zeros (numbers), every chain''s APY too');
SELECT pg_temp.is_payload(pg_temp.payload('api.platform_overview'),
  '{"totalSupplyValue":"0","totalSupplyValueDailyChange":"0","totalCollateralValue":"0","totalCollateralValueDailyChange":"0","earnTvl":"0","earnTvlDailyChange":"0","earnSa":"0","earnSaDailyChange":"0"}',
  'empty: platform_overview is one row of "0"');
SELECT pg_temp.is_payload(pg_temp.payload('api.apy_overview'),
  '{"averageApy":"0","currentApy":"0","items":[{"chain":"tron","currentApy":"0","averageApy":"0","items":[]},{"chain":"eth","currentApy":"0","averageApy":"0","items":[]},{"chain":"bsc","currentApy":"0","averageApy":"0","items":[]}'
    || pg_temp.for_other_chains(',{"chain":"%s","currentApy":"0","averageApy":"0","items":[]}') || ']}',
  'empty: apy_overview: "0" and every chain without daily points');
SELECT pg_temp.is_payload(pg_temp.history_payload('api.supply_value_history'), '[]',
  'empty: supply_value_history is []');
SELECT pg_temp.is_payload(pg_temp.history_payload('api.collateral_value_history'), '[]',
  'empty: collateral_value_history is []');
SELECT pg_temp.is_payload(pg_temp.payload('api.vault_collaterals'), '{"items":[]}',
  'empty: vault_collaterals has no items');
-- One row per chain of the enum, each the same zeros.
SELECT results_eq(
  $$SELECT chain, pg_temp.as_expected(data, '{"apy":0,"coinTotalSupply":0,"totalSupplyValue":0,"totalSupplyValueDailyChange":0,"totalCollateralValue":0,"totalCollateralValueDailyChange":0,"earnTvl":0,"earnTvlDailyChange":0,"items":[]}')
      FROM api.latest_collateral ORDER BY chain::snapshot.chain$$,
  $$SELECT chain::text, '{"apy":0,"coinTotalSupply":0,"totalSupplyValue":0,"totalSupplyValueDailyChange":0,"totalCollateralValue":0,"totalCollateralValueDailyChange":0,"earnTvl":0,"earnTvlDailyChange":0,"items":[]}'
      FROM unnest(enum_range(NULL::snapshot.chain)) AS chain$$,
  'empty: latest_collateral: each chain zeros and no items');
SELECT results_eq(
  $$SELECT count(*), count(*) FILTER (WHERE pg_temp.as_expected(data, '{"items":[]}') = '{"items":[]}')
      FROM api.collateral_history$$,
  $$SELECT 4 * cardinality(enum_range(NULL::snapshot.chain))::bigint,
           4 * cardinality(enum_range(NULL::snapshot.chain))::bigint$$,
  'empty: collateral_history: all 4 intervals of every chain, each {"items":[]}');
SELECT pg_temp.is_payload(pg_temp.payload('api.allocator_overview'),
  '{"apy":0,"debt":0,"platformSummaryInfos":[],"vaultInfos":[]}',
  'empty: allocator_overview: zeros and empty arrays');

SELECT * FROM finish();
ROLLBACK;
