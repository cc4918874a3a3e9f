-- Revert coin_api:api_supply from pg

BEGIN;

DROP VIEW api.earn_apy;
DROP VIEW api.circulating_supply;
DROP VIEW api.total_supply;
DROP VIEW api.scoin_supply;
DROP VIEW api.coin_supply;
DROP VIEW derived.token_supply;

COMMIT;
