-- Revert coin_api:privileges from pg
-- Takes back what this version of the change adds to privileges@v1.0.0: coin_api's EXECUTE on
-- the risk and liquidation functions and on the histories' window_since.

BEGIN;

REVOKE EXECUTE ON FUNCTION
  api.urns(text, text, text, integer, text), api.vaults_at_risk(text, integer),
  api.urn_history(text, text, text, bigint, bigint),
  derived.first_drop(numeric, numeric),
  derived.prices_of(numeric, numeric, numeric),
  api.liquidations(text, text, integer, text, bigint, bigint),
  derived.ends_auction(text, numeric, numeric), derived.auction_item(derived.auction_figures),
  derived.liquidation_vaults(snapshot.chain, interval, integer, timestamptz),
  derived.window_since(timestamptz, interval, integer)
  FROM coin_api;

COMMIT;
