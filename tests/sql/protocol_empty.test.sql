-- Group B views (spec 6.6-6.14) on an empty database: every view still answers, with zeros and
-- empty arrays.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(9);

DELETE FROM snapshot.allocator_position_state;
DELETE FROM snapshot.allocator_position;
DELETE FROM snapshot.vault_state;
DELETE FROM snapshot.vault;
DELETE FROM snapshot.chain_state;

SELECT is(pg_temp.payload('api.market_overview'),
  '{"totalSupply":0,"totalSupplyValue":0,"tvl":0,"earnTvl":0,"tronApy":0,"ethApy":0,"bscApy":0}',
  'empty: market_overview is one row of zeros (numbers)');
SELECT is(pg_temp.payload('api.platform_overview'),
  '{"totalSupplyValue":"0","totalSupplyValueDailyChange":"0","totalCollateralValue":"0","totalCollateralValueDailyChange":"0","earnTvl":"0","earnTvlDailyChange":"0","earnSa":"0","earnSaDailyChange":"0"}',
  'empty: platform_overview is one row of "0"');
SELECT is(pg_temp.payload('api.apy_overview'),
  '{"averageApy":"0","currentApy":"0","items":[{"chain":"tron","currentApy":"0","averageApy":"0","items":[]},{"chain":"eth","currentApy":"0","averageApy":"0","items":[]},{"chain":"bsc","currentApy":"0","averageApy":"0","items":[]}]}',
  'empty: apy_overview: "0" and three chains without daily points');
SELECT is(pg_temp.history_payload('api.supply_value_history'), '[]', 'empty: supply_value_history is []');
SELECT is(pg_temp.history_payload('api.collateral_value_history'), '[]', 'empty: collateral_value_history is []');
SELECT is(pg_temp.payload('api.vault_collaterals'), '{"items":[]}', 'empty: vault_collaterals has no items');
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
SELECT is(pg_temp.payload('api.allocator_overview'),
  '{"apy":0,"debt":0,"platformSummaryInfos":[],"vaultInfos":[]}',
  'empty: allocator_overview: zeros and empty arrays');

SELECT * FROM finish();
ROLLBACK;
