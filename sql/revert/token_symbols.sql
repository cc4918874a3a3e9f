-- Revert coin_api:token_symbols from pg
-- 6.4 and 6.5 as api_supply defined them, then the rest dropped.

BEGIN;

CREATE OR REPLACE VIEW api.coin_supply AS
SELECT symbol, total_supply AS "totalSupply", tron, eth, bsc
  FROM derived.token_supply
 WHERE symbol = 'COIN';
COMMENT ON COLUMN api.coin_supply.symbol IS 'Always COIN';

CREATE OR REPLACE VIEW api.scoin_supply AS
SELECT symbol, total_supply AS "totalSupply", tron, eth, bsc
  FROM derived.token_supply
 WHERE symbol = 'sCOIN';
COMMENT ON COLUMN api.scoin_supply.symbol IS 'Always sCOIN';

DROP VIEW derived.token_symbols;
DROP TABLE snapshot.token_symbol;

COMMIT;
