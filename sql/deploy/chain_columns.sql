-- Deploy coin_api:chain_columns to pg
-- requires: token_symbols
-- requires: api_protocol

-- The views whose fields are the chains by name (the spec's tron, eth, bsc in 6.4 and 6.5,
-- tronApy... in 6.3 and 6.6), made from the enum snapshot.chain rather than written out per
-- chain: derived.make_chain_columns() creates them again with a column per label, in the enum's
-- order. A chain added to the enum (ALTER TYPE ... ADD VALUE, committed) is a column added last
-- to each by calling it; their other columns, grants and comments stay.

BEGIN;

-- The template once per chain, joined by ", ": %1$L is the chain's label as a literal, %2$I
-- its column (the label and `suffix`, "tron" or "tronApy") as an identifier.
CREATE FUNCTION derived.each_chain(template text, suffix text DEFAULT '') RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT string_agg(format(template, chain, chain || suffix), ', ' ORDER BY chain)
    FROM unnest(enum_range(NULL::snapshot.chain)) AS chain
$$;

CREATE PROCEDURE derived.make_chain_columns()
LANGUAGE plpgsql AS $$
DECLARE
  chain_column text;
  token text;
  symbol text;
BEGIN
  EXECUTE format($view$
    CREATE OR REPLACE VIEW derived.token_supply AS
    SELECT t.symbol, trim_scale(sum(t.amount)) AS total_supply, %s
      FROM derived.chain_state_at('infinity') AS l
     CROSS JOIN LATERAL (VALUES ('COIN', l.coin_supply), ('sCOIN', l.scoin_supply)) AS t(symbol, amount)
     GROUP BY t.symbol$view$,
    derived.each_chain('trim_scale(sum(t.amount) FILTER (WHERE l.chain = %1$L)) AS %2$I'));
  FOR token, symbol IN SELECT * FROM (VALUES ('coin', 'COIN'), ('scoin', 'sCOIN')) AS t LOOP
    EXECUTE format($view$
      CREATE OR REPLACE VIEW api.%I AS
      SELECT n.symbol, t.total_supply AS "totalSupply", %s
        FROM derived.token_supply AS t
        JOIN derived.token_symbols AS n ON n.token = %L
       WHERE t.symbol = %L$view$, token || '_supply', derived.each_chain('t.%2$I'), token, symbol);
  END LOOP;
  EXECUTE format($view$
    CREATE OR REPLACE VIEW api.earn_apy AS
    SELECT %s
      FROM derived.chain_state_at('infinity')$view$,
    derived.each_chain('min(trunc(earn_apy, 4)::text) FILTER (WHERE chain = %1$L) AS %2$I', 'Apy'));
  EXECUTE format($view$
    CREATE OR REPLACE VIEW api.market_overview AS
    SELECT trim_scale(sum(f.coin_supply))      AS "totalSupply",
           trim_scale(sum(f.supply_value))     AS "totalSupplyValue",
           trim_scale(sum(f.collateral_value)) AS tvl,
           trim_scale(sum(f.earn_tvl))         AS "earnTvl",
           %s
      FROM derived.chain_figures_at('infinity') AS f$view$,
    derived.each_chain('trim_scale(min(f.earn_apy) FILTER (WHERE f.chain = %1$L)) AS %2$I', 'Apy'));
  -- A new chain's columns say what they are; the comments written for the first chains stay.
  FOR chain_column IN SELECT unnest(enum_range(NULL::snapshot.chain))::text LOOP
    PERFORM derived.comment_chain_column('derived.token_supply', chain_column, 'Latest supply on %s');
    PERFORM derived.comment_chain_column('api.coin_supply', chain_column, 'COIN in circulation on %s');
    PERFORM derived.comment_chain_column('api.scoin_supply', chain_column, 'sCOIN supply on %s');
    PERFORM derived.comment_chain_column('api.earn_apy', chain_column || 'Apy',
      'Latest Earn APY on %s as a decimal string, cut (not rounded) to exactly 4 decimals');
    PERFORM derived.comment_chain_column('api.market_overview', chain_column || 'Apy',
      'Current Earn (DSR) APY on %s, a decimal with every digit');
  END LOOP;
END
$$;

-- COMMENT ON COLUMN view.column IS format(text, the chain), where the column has none yet.
CREATE FUNCTION derived.comment_chain_column(view regclass, column_name text, text text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF col_description(view, (SELECT attnum FROM pg_attribute WHERE attrelid = view AND attname = column_name))
     IS NULL THEN
    EXECUTE format('COMMENT ON COLUMN %s.%I IS %L', view, column_name,
                   format(text, regexp_replace(column_name, 'Apy$', '')));
  END IF;
END
$$;

CALL derived.make_chain_columns();

COMMIT;
