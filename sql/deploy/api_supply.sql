-- Deploy coin_api:api_supply to pg
-- Group A of the spec (6.1-6.5): supplies and the savings APY, as of each chain's latest snapshot
-- (derived.chain_state_at('infinity')).
-- An api view's columns are the endpoint's fields, named and typed as the spec says; the handler
-- sends row_to_json of the view, so numerics reach the client with every digit.

BEGIN;

-- tron, eth, bsc (here, in 6.4 and in 6.5) are the spec's field names, a column per chain: a
-- new chain is added to them too.
CREATE VIEW derived.token_supply AS
SELECT t.symbol,
       trim_scale(sum(t.amount))                                    AS total_supply,
       trim_scale(sum(t.amount) FILTER (WHERE l.chain = 'tron'))    AS tron,
       trim_scale(sum(t.amount) FILTER (WHERE l.chain = 'eth'))     AS eth,
       trim_scale(sum(t.amount) FILTER (WHERE l.chain = 'bsc'))     AS bsc
  FROM derived.chain_state_at('infinity') AS l
 CROSS JOIN LATERAL (VALUES ('COIN', l.coin_supply), ('sCOIN', l.scoin_supply)) AS t(symbol, amount)
 GROUP BY t.symbol;
COMMENT ON VIEW derived.token_supply IS
  'Latest supply of COIN and of sCOIN: one row per symbol, the total and each chain';

CREATE VIEW api.coin_supply AS
SELECT symbol, total_supply AS "totalSupply", tron, eth, bsc
  FROM derived.token_supply
 WHERE symbol = 'COIN';
COMMENT ON VIEW api.coin_supply IS '6.4 GET /api/v1/external/total-supply/coin';
COMMENT ON COLUMN api.coin_supply.symbol IS 'Always COIN';
COMMENT ON COLUMN api.coin_supply."totalSupply" IS 'COIN in circulation on all chains, sCOIN excluded: tron + eth + bsc';
COMMENT ON COLUMN api.coin_supply.tron IS 'COIN in circulation on TRON';
COMMENT ON COLUMN api.coin_supply.eth IS 'COIN in circulation on Ethereum';
COMMENT ON COLUMN api.coin_supply.bsc IS 'COIN in circulation on BNB Chain';

CREATE VIEW api.scoin_supply AS
SELECT symbol, total_supply AS "totalSupply", tron, eth, bsc
  FROM derived.token_supply
 WHERE symbol = 'sCOIN';
COMMENT ON VIEW api.scoin_supply IS '6.5 GET /api/v1/external/total-supply/scoin';
COMMENT ON COLUMN api.scoin_supply.symbol IS 'Always sCOIN';
COMMENT ON COLUMN api.scoin_supply."totalSupply" IS 'sCOIN supply on all chains: tron + eth + bsc';
COMMENT ON COLUMN api.scoin_supply.tron IS 'sCOIN supply on TRON';
COMMENT ON COLUMN api.scoin_supply.eth IS 'sCOIN supply on Ethereum';
COMMENT ON COLUMN api.scoin_supply.bsc IS 'sCOIN supply on BNB Chain';

CREATE VIEW api.total_supply AS
SELECT trim_scale(sum(total_supply)) AS "totalSupply"
  FROM derived.token_supply;
COMMENT ON VIEW api.total_supply IS '6.1 GET /totalSupply, sent as bare text';
COMMENT ON COLUMN api.total_supply."totalSupply" IS
  'True total supply: COIN in circulation + sCOIN on all chains, i.e. 6.4 totalSupply + 6.5 totalSupply';

CREATE VIEW api.circulating_supply AS
SELECT "totalSupply" AS "circulatingSupply"
  FROM api.total_supply;
COMMENT ON VIEW api.circulating_supply IS '6.2 GET /circulatingSupply, sent as bare text';
COMMENT ON COLUMN api.circulating_supply."circulatingSupply" IS
  'The same figure as 6.1: COIN in circulation + sCOIN on all chains';

-- tronApy, ethApy, bscApy are the spec's field names, a column per chain: a new chain is added
-- here too.
CREATE VIEW api.earn_apy AS
SELECT min(trunc(earn_apy, 4)::text) FILTER (WHERE chain = 'tron') AS "tronApy",
       min(trunc(earn_apy, 4)::text) FILTER (WHERE chain = 'eth')  AS "ethApy",
       min(trunc(earn_apy, 4)::text) FILTER (WHERE chain = 'bsc')  AS "bscApy"
  FROM derived.chain_state_at('infinity');
COMMENT ON VIEW api.earn_apy IS '6.3 GET /api/v1/external/earn-apy';
COMMENT ON COLUMN api.earn_apy."tronApy" IS 'Latest Earn APY on TRON as a decimal string, cut (not rounded) to exactly 4 decimals';
COMMENT ON COLUMN api.earn_apy."ethApy" IS 'Latest Earn APY on Ethereum as a decimal string, cut (not rounded) to exactly 4 decimals';
COMMENT ON COLUMN api.earn_apy."bscApy" IS 'Latest Earn APY on BNB Chain as a decimal string, cut (not rounded) to exactly 4 decimals';

COMMIT;
