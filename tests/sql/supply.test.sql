-- Group A views (spec 6.1-6.5) on the hand-worked fixture: the exact text of every value and
-- the exact row_to_json text the handlers send. The expected answers are worked out in the
-- header of fixture.sql; a later block removes snapshots and works out the new answers here.
-- A payload is compared in the members its expected text names (pg_temp.is_payload): a field
-- added since is asserted by its OpenAPI example, and the field of a chain the fixture has no
-- row of is named where a test is about chains without snapshots.
BEGIN;
\ir fixture.sql
\ir helpers.sql

SELECT plan(37);

-- ---------------------------------------------------------------------------------------------
-- 6.1 api.total_supply
SELECT results_eq(
  $$SELECT "totalSupply"::text FROM api.total_supply$$,
  $$VALUES ('1000255000.499999999999999999')$$,
  'total_supply: one row, 1000250000.5 + 4999.999999999999999999');
SELECT pg_temp.is_payload(pg_temp.payload('api.total_supply'),
  '{"totalSupply":1000255000.499999999999999999}',
  'total_supply: row_to_json text');

-- 6.2 api.circulating_supply
SELECT results_eq(
  $$SELECT "circulatingSupply"::text FROM api.circulating_supply$$,
  $$VALUES ('1000255000.499999999999999999')$$,
  'circulating_supply: one row, the same figure as 6.1');
SELECT pg_temp.is_payload(pg_temp.payload('api.circulating_supply'),
  '{"circulatingSupply":1000255000.499999999999999999}',
  'circulating_supply: row_to_json text');

-- 6.4 api.coin_supply
SELECT results_eq(
  $$SELECT symbol, "totalSupply"::text, tron::text, eth::text, bsc::text FROM api.coin_supply$$,
  $$VALUES ('COIN', '1000250000.5', '123456789.123456789012345678',
            '876543210.876543210987654322', '250000.5')$$,
  'coin_supply: one row, latest snapshot of each chain, bsc 250000.500000 trimmed to 250000.5');
SELECT pg_temp.is_payload(pg_temp.payload('api.coin_supply'),
  '{"symbol":"COIN","totalSupply":1000250000.5,"tron":123456789.123456789012345678,"eth":876543210.876543210987654322,"bsc":250000.5}',
  'coin_supply: row_to_json text');

-- 6.5 api.scoin_supply
SELECT results_eq(
  $$SELECT symbol, "totalSupply"::text, tron::text, eth::text, bsc::text FROM api.scoin_supply$$,
  $$VALUES ('sCOIN', '4999.999999999999999999', '4999.999999999999999998',
            '0.000000000000000001', '0')$$,
  'scoin_supply: one row, bsc 0.000 trimmed to 0');
SELECT pg_temp.is_payload(pg_temp.payload('api.scoin_supply'),
  '{"symbol":"sCOIN","totalSupply":4999.999999999999999999,"tron":4999.999999999999999998,"eth":0.000000000000000001,"bsc":0}',
  'scoin_supply: row_to_json text');

-- 6.3 api.earn_apy
SELECT results_eq(
  $$SELECT "tronApy", "ethApy", "bscApy" FROM api.earn_apy$$,
  $$VALUES ('0.0456', '0.0312', '0.0400')$$,
  'earn_apy: one row, cut (not rounded) to exactly 4 decimals');
SELECT pg_temp.is_payload(pg_temp.payload('api.earn_apy'),
  '{"tronApy":"0.0456","ethApy":"0.0312","bscApy":"0.0400"}',
  'earn_apy: row_to_json text, the APYs as JSON strings');

-- 6.1 = 6.4 totalSupply + 6.5 totalSupply, and 6.2 = 6.1.
SELECT is(
  (SELECT "totalSupply" FROM api.total_supply),
  (SELECT c."totalSupply" + s."totalSupply" FROM api.coin_supply c CROSS JOIN api.scoin_supply s),
  'total_supply = coin_supply.totalSupply + scoin_supply.totalSupply');
SELECT is(
  (SELECT "circulatingSupply" FROM api.circulating_supply),
  (SELECT "totalSupply" FROM api.total_supply),
  'circulating_supply = total_supply');

-- ---------------------------------------------------------------------------------------------
-- Trailing zeros of a sum are trimmed at every level. sCOIN on tron becomes
-- 4999.499999999999999999 (its latest row updated), so:
--   scoin: 4999.499999999999999999 + 0.000000000000000001 + 0 = 4999.500000000000000000 -> 4999.5
--   total: 1000250000.5 + 4999.5 = 1000255000.0 -> 1000255000
UPDATE snapshot.chain_state SET scoin_supply = 4999.499999999999999999
 WHERE chain = 'tron' AND taken_at = '2026-05-13 08:00:00+08';

SELECT pg_temp.is_payload(pg_temp.payload('api.scoin_supply'),
  '{"symbol":"sCOIN","totalSupply":4999.5,"tron":4999.499999999999999999,"eth":0.000000000000000001,"bsc":0}',
  'scoin_supply: a total ending in zeros is trimmed');
SELECT pg_temp.is_payload(pg_temp.payload('api.total_supply'),
  '{"totalSupply":1000255000}',
  'total_supply: a whole total has no decimals');
SELECT pg_temp.is_payload(pg_temp.payload('api.circulating_supply'),
  '{"circulatingSupply":1000255000}',
  'circulating_supply: a whole total has no decimals');

UPDATE snapshot.chain_state SET scoin_supply = 4999.999999999999999998
 WHERE chain = 'tron' AND taken_at = '2026-05-13 08:00:00+08';

-- ---------------------------------------------------------------------------------------------
-- The latest bsc snapshot goes: the one a millisecond older (coin 250000.499999, scoin 7,
-- APY 0.0399999) is now the latest.
--   coin:  1000000000 (tron + eth) + 250000.499999 = 1000250000.499999
--   scoin: 4999.999999999999999998 + 0.000000000000000001 + 7 = 5006.999999999999999999
--   total: 1000250000.499999 + 5006.999999999999999999 = 1000255007.499998999999999999
--   bscApy: 0.0399999 -> 0.0399
DELETE FROM snapshot.chain_state WHERE chain = 'bsc' AND taken_at = '2026-05-13 07:50:00+08';

SELECT pg_temp.is_payload(pg_temp.payload('api.coin_supply'),
  '{"symbol":"COIN","totalSupply":1000250000.499999,"tron":123456789.123456789012345678,"eth":876543210.876543210987654322,"bsc":250000.499999}',
  'coin_supply: an older bsc snapshot takes over when the latest goes');
SELECT pg_temp.is_payload(pg_temp.payload('api.scoin_supply'),
  '{"symbol":"sCOIN","totalSupply":5006.999999999999999999,"tron":4999.999999999999999998,"eth":0.000000000000000001,"bsc":7}',
  'scoin_supply: an older bsc snapshot takes over when the latest goes');
SELECT pg_temp.is_payload(pg_temp.payload('api.total_supply'),
  '{"totalSupply":1000255007.499998999999999999}',
  'total_supply: an older bsc snapshot takes over when the latest goes');
SELECT pg_temp.is_payload(pg_temp.payload('api.earn_apy'),
  '{"tronApy":"0.0456","ethApy":"0.0312","bscApy":"0.0399"}',
  'earn_apy: an older bsc snapshot takes over when the latest goes');

-- ---------------------------------------------------------------------------------------------
-- bsc has no snapshot at all: it counts as 0, as every chain of the enum the fixture has no row
-- of does.
--   coin:  123456789.123456789012345678 + 876543210.876543210987654322 + 0
--          = 1000000000.000000000000000000 -> 1000000000 (trailing zeros trimmed)
--   scoin: 4999.999999999999999998 + 0.000000000000000001 + 0 = 4999.999999999999999999
--   total: 1000000000 + 4999.999999999999999999 = 1000004999.999999999999999999
DELETE FROM snapshot.chain_state WHERE chain = 'bsc';

SELECT pg_temp.is_payload(pg_temp.payload('api.coin_supply'),
  '{"symbol":"COIN","totalSupply":1000000000,"tron":123456789.123456789012345678,"eth":876543210.876543210987654322,"bsc":0'
    || pg_temp.for_other_chains(',"%s":0') || '}',
  'coin_supply: a chain without snapshots is 0; a whole total has no decimals');
SELECT pg_temp.is_payload(pg_temp.payload('api.scoin_supply'),
  '{"symbol":"sCOIN","totalSupply":4999.999999999999999999,"tron":4999.999999999999999998,"eth":0.000000000000000001,"bsc":0'
    || pg_temp.for_other_chains(',"%s":0') || '}',
  'scoin_supply: a chain without snapshots is 0');
SELECT pg_temp.is_payload(pg_temp.payload('api.total_supply'),
  '{"totalSupply":1000004999.999999999999999999}',
  'total_supply: a chain without snapshots is 0');
SELECT pg_temp.is_payload(pg_temp.payload('api.circulating_supply'),
  '{"circulatingSupply":1000004999.999999999999999999}',
  'circulating_supply: a chain without snapshots is 0');
SELECT pg_temp.is_payload(pg_temp.payload('api.earn_apy'),
  '{"tronApy":"0.0456","ethApy":"0.0312","bscApy":"0.0000"' || pg_temp.for_other_chains(',"%sApy":"0.0000"') || '}',
  'earn_apy: a chain without snapshots is 0.0000');

-- ---------------------------------------------------------------------------------------------
-- No chain_state rows at all: every view still returns one row, of zeros (every chain of the
-- enum's field too).
DELETE FROM snapshot.chain_state;

SELECT results_eq(
  $$SELECT "totalSupply"::text FROM api.total_supply$$,
  $$VALUES ('0')$$,
  'empty: total_supply is one row, 0');
SELECT pg_temp.is_payload(pg_temp.payload('api.total_supply'),
  '{"totalSupply":0}',
  'empty: total_supply row_to_json text');
SELECT results_eq(
  $$SELECT "circulatingSupply"::text FROM api.circulating_supply$$,
  $$VALUES ('0')$$,
  'empty: circulating_supply is one row, 0');
SELECT pg_temp.is_payload(pg_temp.payload('api.circulating_supply'),
  '{"circulatingSupply":0}',
  'empty: circulating_supply row_to_json text');
SELECT results_eq(
  $$SELECT symbol, "totalSupply"::text, tron::text, eth::text, bsc::text FROM api.coin_supply$$,
  $$VALUES ('COIN', '0', '0', '0', '0')$$,
  'empty: coin_supply is one row of zeros');
SELECT pg_temp.is_payload(pg_temp.payload('api.coin_supply'),
  '{"symbol":"COIN","totalSupply":0,"tron":0,"eth":0,"bsc":0' || pg_temp.for_other_chains(',"%s":0') || '}',
  'empty: coin_supply row_to_json text');
SELECT results_eq(
  $$SELECT symbol, "totalSupply"::text, tron::text, eth::text, bsc::text FROM api.scoin_supply$$,
  $$VALUES ('sCOIN', '0', '0', '0', '0')$$,
  'empty: scoin_supply is one row of zeros');
SELECT pg_temp.is_payload(pg_temp.payload('api.scoin_supply'),
  '{"symbol":"sCOIN","totalSupply":0,"tron":0,"eth":0,"bsc":0' || pg_temp.for_other_chains(',"%s":0') || '}',
  'empty: scoin_supply row_to_json text');
SELECT results_eq(
  $$SELECT "tronApy", "ethApy", "bscApy" FROM api.earn_apy$$,
  $$VALUES ('0.0000', '0.0000', '0.0000')$$,
  'empty: earn_apy is one row of 0.0000');
SELECT pg_temp.is_payload(pg_temp.payload('api.earn_apy'),
  '{"tronApy":"0.0000","ethApy":"0.0000","bscApy":"0.0000"' || pg_temp.for_other_chains(',"%sApy":"0.0000"') || '}',
  'empty: earn_apy row_to_json text');
SELECT is(
  (SELECT "totalSupply" FROM api.total_supply),
  (SELECT c."totalSupply" + s."totalSupply" FROM api.coin_supply c CROSS JOIN api.scoin_supply s),
  'empty: total_supply = coin_supply.totalSupply + scoin_supply.totalSupply');

-- The fixture loads again over whatever is there (it starts by emptying the tables).
\ir fixture.sql
SELECT pg_temp.is_payload(pg_temp.payload('api.total_supply'),
  '{"totalSupply":1000255000.499999999999999999}',
  'fixture.sql can be loaded again: total_supply is back to the fixture''s answer');
SELECT results_eq(
  $$SELECT count(*) FROM snapshot.chain_state$$,
  $$VALUES (17::bigint)$$,
  'fixture.sql can be loaded again: it replaced the rows instead of adding to them');

SELECT * FROM finish();
ROLLBACK;
