-- Revert coin_api:privileges from pg
-- Takes back what this version of the change adds to privileges@v1.0.0: coin_api's EXECUTE on
-- the risk functions.

BEGIN;

REVOKE EXECUTE ON FUNCTION
  api.urns(text, text, text, integer, text), api.vaults_at_risk(text, integer),
  api.urn_history(text, text, text),
  derived.first_drop(numeric, numeric),
  derived.prices_of(numeric, numeric, numeric)
  FROM coin_api;

COMMIT;
