-- Revert coin_api:growth_apy from pg

BEGIN;

DROP FUNCTION snapshot.apy_of_growth(numeric, numeric, numeric);

COMMIT;
