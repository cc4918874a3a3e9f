-- Deploy coin_api:token_symbols to pg
-- The deployment's own names of its two tokens (docs/using-the-api.md): a protocol that calls
-- them USDD and sUSDD has its indexer (or an operator) write them here, one row per token; a
-- token without a row keeps its default, COIN or sCOIN. 6.4 and 6.5 show them in `symbol`, and
-- the publisher serves each answer under its symbol in lower case too
-- (/api/v1/external/total-supply/usdd), so the symbols may not be taken for the other token's
-- path, nor be one name twice.

BEGIN;

CREATE TABLE snapshot.token_symbol (
  token  text PRIMARY KEY CHECK (token IN ('coin', 'scoin')),
  symbol text NOT NULL
    CONSTRAINT symbol_is_a_name CHECK (symbol ~ '^[A-Za-z][A-Za-z0-9]{0,15}$')
    -- coin's alias would be scoin's path (or scoin's coin's): the defaults' names stay theirs
    CONSTRAINT symbol_is_not_the_other_token CHECK (lower(symbol) <> CASE token WHEN 'coin' THEN 'scoin' ELSE 'coin' END)
);
-- With that check, the two symbols in force differ in lower case, rows or defaults.
CREATE UNIQUE INDEX token_symbol_lower_symbol ON snapshot.token_symbol (lower(symbol));
COMMENT ON TABLE snapshot.token_symbol IS
  'The deployment''s own symbol of each token, from the indexer''s configuration; no row: the default (COIN, sCOIN)';
COMMENT ON COLUMN snapshot.token_symbol.token IS 'coin (6.4) or scoin (6.5): the last segment of the endpoint''s path';
COMMENT ON COLUMN snapshot.token_symbol.symbol IS
  'Its symbol, e.g. USDD: a letter then up to 15 letters or digits; unique in lower case, never the other token''s name';

-- A change of a symbol changes 6.4 and 6.5 and where they are served: NOTIFY as every snapshot
-- write does (snapshot_notify), but per row changed, so that the indexer's upsert of the same
-- symbols every round (ON CONFLICT ... WHERE symbol IS DISTINCT FROM ...) announces nothing.
CREATE TRIGGER token_symbol_written
  AFTER INSERT OR UPDATE OR DELETE ON snapshot.token_symbol
  FOR EACH ROW EXECUTE FUNCTION snapshot.notify_written();
CREATE TRIGGER token_symbol_truncated
  AFTER TRUNCATE ON snapshot.token_symbol
  FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written();

CREATE VIEW derived.token_symbols AS
SELECT d.token, coalesce(s.symbol, d.symbol) AS symbol
  FROM (VALUES ('coin', 'COIN'), ('scoin', 'sCOIN')) AS d(token, symbol)
  LEFT JOIN snapshot.token_symbol AS s USING (token);
COMMENT ON VIEW derived.token_symbols IS
  'The symbol in force of each token: snapshot.token_symbol''s, else the default (coin COIN, scoin sCOIN); two rows';

CREATE OR REPLACE VIEW api.coin_supply AS
SELECT n.symbol, t.total_supply AS "totalSupply", t.tron, t.eth, t.bsc
  FROM derived.token_supply AS t
  JOIN derived.token_symbols AS n ON n.token = 'coin'
 WHERE t.symbol = 'COIN';
COMMENT ON COLUMN api.coin_supply.symbol IS
  'COIN, or the deployment''s own symbol of it (snapshot.token_symbol); also the answer''s other path, in lower case';

CREATE OR REPLACE VIEW api.scoin_supply AS
SELECT n.symbol, t.total_supply AS "totalSupply", t.tron, t.eth, t.bsc
  FROM derived.token_supply AS t
  JOIN derived.token_symbols AS n ON n.token = 'scoin'
 WHERE t.symbol = 'sCOIN';
COMMENT ON COLUMN api.scoin_supply.symbol IS
  'sCOIN, or the deployment''s own symbol of it (snapshot.token_symbol); also the answer''s other path, in lower case';

COMMIT;
