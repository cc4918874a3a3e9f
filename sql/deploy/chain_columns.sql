-- Deploy coin_api:chain_columns to pg
-- requires: token_symbols
-- requires: api_protocol

-- The views whose fields are the chains by name (the spec's tron, eth, bsc in 6.4 and 6.5,
-- tronApy... in 6.3 and 6.6, and derived.token_supply's under 6.1, 6.2, 6.4 and 6.5), made from
-- a list of chains rather than written out per chain: derived.make_chain_columns(chains), by
-- default the enum snapshot.chain's labels in order. A chain added to the enum (ALTER TYPE ...
-- ADD VALUE, committed) is a call away, and a revert calls it with the chains it leaves.

BEGIN;

-- The template once per chain of `chains`, joined by ", ": %1$L is the chain's label as a
-- literal, %2$I its column (the label and `suffix`, "tron" or "tronApy") as an identifier.
CREATE FUNCTION derived.each_chain(chains text[], template text, suffix text DEFAULT '') RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT string_agg(format(template, chain, chain || suffix), ', ' ORDER BY n)
    FROM unnest(chains) WITH ORDINALITY AS c(chain, n)
$$;

-- The comments of `views` and of their columns, to be put back once they are made again.
CREATE FUNCTION derived.comments_of(views text[]) RETURNS TABLE (statement text)
LANGUAGE sql STABLE AS $$
  SELECT format('COMMENT ON VIEW %s IS %L', v, obj_description(v::regclass, 'pg_class'))
    FROM unnest(views) AS v
  UNION ALL
  SELECT format('COMMENT ON COLUMN %s.%I IS %L', v, a.attname, col_description(a.attrelid, a.attnum))
    FROM unnest(views) AS v
    JOIN pg_attribute AS a ON a.attrelid = v::regclass AND a.attnum > 0
   WHERE col_description(a.attrelid, a.attnum) IS NOT NULL
$$;

-- Dropped and created again, so that a column per chain goes where its chains' columns are and
-- a field added after them stays after them; each view's comment and its columns' come back,
-- a chain's new column says what it is, and the grants come back by the default privileges.
CREATE PROCEDURE derived.make_chain_columns(chains text[] DEFAULT enum_range(NULL::snapshot.chain)::text[])
LANGUAGE plpgsql AS $$
DECLARE
  views constant text[] := ARRAY['api.circulating_supply', 'api.total_supply', 'api.coin_supply',
                                 'api.scoin_supply', 'derived.token_supply', 'api.earn_apy', 'api.market_overview'];
  comments text[] := ARRAY(SELECT statement FROM derived.comments_of(views));
  chain text;
  statement text;
  token text;
  symbol text;
BEGIN
  EXECUTE 'DROP VIEW ' || array_to_string(views, ', ');
  EXECUTE format($view$
    CREATE VIEW derived.token_supply AS
    SELECT t.symbol, trim_scale(sum(t.amount)) AS total_supply, %s
      FROM derived.chain_state_at('infinity') AS l
     CROSS JOIN LATERAL (VALUES ('COIN', l.coin_supply), ('sCOIN', l.scoin_supply)) AS t(symbol, amount)
     GROUP BY t.symbol$view$,
    derived.each_chain(chains, 'trim_scale(sum(t.amount) FILTER (WHERE l.chain = %1$L)) AS %2$I'));
  CREATE VIEW api.total_supply AS
  SELECT trim_scale(sum(total_supply)) AS "totalSupply"
    FROM derived.token_supply;
  CREATE VIEW api.circulating_supply AS
  SELECT "totalSupply" AS "circulatingSupply"
    FROM api.total_supply;
  FOR token, symbol IN SELECT * FROM (VALUES ('coin', 'COIN'), ('scoin', 'sCOIN')) AS t LOOP
    EXECUTE format($view$
      CREATE VIEW api.%I AS
      SELECT n.symbol, t.total_supply AS "totalSupply", %s
        FROM derived.token_supply AS t
        JOIN derived.token_symbols AS n ON n.token = %L
       WHERE t.symbol = %L$view$, token || '_supply', derived.each_chain(chains, 't.%2$I'), token, symbol);
  END LOOP;
  EXECUTE format($view$
    CREATE VIEW api.earn_apy AS
    SELECT %s
      FROM derived.chain_state_at('infinity')$view$,
    derived.each_chain(chains, 'min(trunc(earn_apy, 4)::text) FILTER (WHERE chain = %1$L) AS %2$I', 'Apy'));
  EXECUTE format($view$
    CREATE VIEW api.market_overview AS
    SELECT trim_scale(sum(f.coin_supply))      AS "totalSupply",
           trim_scale(sum(f.supply_value))     AS "totalSupplyValue",
           trim_scale(sum(f.collateral_value)) AS tvl,
           trim_scale(sum(f.earn_tvl))         AS "earnTvl",
           %s
      FROM derived.chain_figures_at('infinity') AS f$view$,
    derived.each_chain(chains, 'trim_scale(min(f.earn_apy) FILTER (WHERE f.chain = %1$L)) AS %2$I', 'Apy'));
  FOREACH chain IN ARRAY chains LOOP
    EXECUTE format('COMMENT ON COLUMN derived.token_supply.%I IS %L', chain, 'Latest supply on ' || chain);
    EXECUTE format('COMMENT ON COLUMN api.coin_supply.%I IS %L', chain, 'COIN in circulation on ' || chain);
    EXECUTE format('COMMENT ON COLUMN api.scoin_supply.%I IS %L', chain, 'sCOIN supply on ' || chain);
    EXECUTE format('COMMENT ON COLUMN api.earn_apy.%I IS %L', chain || 'Apy',
                   'Latest Earn APY on ' || chain || ' as a decimal string, cut (not rounded) to exactly 4 decimals');
    EXECUTE format('COMMENT ON COLUMN api.market_overview.%I IS %L', chain || 'Apy',
                   'Current Earn (DSR) APY on ' || chain || ', a decimal with every digit');
  END LOOP;
  -- The comments written before, of the columns still there (a chain left out has none).
  FOREACH statement IN ARRAY comments LOOP
    BEGIN
      EXECUTE statement;
    EXCEPTION WHEN undefined_column THEN
      NULL;
    END;
  END LOOP;
END
$$;

CALL derived.make_chain_columns();

COMMIT;
