-- Revert coin_api:api_functions from pg

BEGIN;

DROP FUNCTION api.csv(json, text[], text[]);
DROP FUNCTION api.points_between(json, bigint, bigint);
DROP FUNCTION api.chains();

COMMIT;
