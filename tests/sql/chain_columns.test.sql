-- The views with a field per chain, made from the enum snapshot.chain: a column per label, in
-- its order (the other columns are their endpoints' to say: the OpenAPI document's examples);
-- made again, they answer the fixture the same.
BEGIN;
\ir fixture.sql
SELECT plan(6);

-- The columns of `view` that are among `names`, in the view's order.
CREATE FUNCTION pg_temp.columns_of(view regclass, names text[]) RETURNS text[] LANGUAGE sql AS $$
  SELECT array_agg(attname::text ORDER BY attnum) FROM pg_attribute
   WHERE attrelid = view AND attnum > 0 AND attname::text = ANY (names)
$$;
CREATE TEMP TABLE chains AS SELECT enum_range(NULL::snapshot.chain)::text[] AS labels;
CREATE TEMP TABLE apys AS SELECT array_agg(label || 'Apy') AS labels FROM chains, unnest(labels) AS label;

SELECT is(pg_temp.columns_of('api.coin_supply', (SELECT labels FROM chains)), (SELECT labels FROM chains),
          '6.4: a column per chain');
SELECT is(pg_temp.columns_of('api.scoin_supply', (SELECT labels FROM chains)), (SELECT labels FROM chains),
          '6.5: a column per chain');
SELECT is(pg_temp.columns_of('api.earn_apy', (SELECT labels FROM apys)), (SELECT labels FROM apys),
          '6.3: an APY per chain');
SELECT is(pg_temp.columns_of('api.market_overview', (SELECT labels FROM apys)), (SELECT labels FROM apys),
          '6.6: an APY per chain');

CREATE TEMP TABLE before AS
SELECT (SELECT row_to_json(v)::text FROM api.coin_supply AS v) AS coin,
       (SELECT row_to_json(v)::text FROM api.market_overview AS v) AS overview;
CALL derived.make_chain_columns();
SELECT is((SELECT row_to_json(v)::text FROM api.coin_supply AS v), (SELECT coin FROM before),
          'made again, 6.4 answers the same');
SELECT is((SELECT row_to_json(v)::text FROM api.market_overview AS v), (SELECT overview FROM before),
          'made again, 6.6 answers the same');

SELECT * FROM finish();
ROLLBACK;
