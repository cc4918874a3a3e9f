-- Revert coin_api:chain_units from pg

BEGIN;

DROP FUNCTION snapshot.price_of_spot(numeric, numeric, numeric);
DROP FUNCTION snapshot.apy_of_annual_rate(numeric);
DROP FUNCTION snapshot.apy_of_rate(numeric);
DROP FUNCTION snapshot.descale(numeric, integer);

COMMIT;
