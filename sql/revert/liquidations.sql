-- Revert coin_api:liquidations from pg

BEGIN;

DROP VIEW api.running_auctions, api.liquidation_totals;
DROP FUNCTION derived.liquidation_vaults(snapshot.chain, interval, integer, timestamptz);
DROP FUNCTION derived.liquidation_fields(bigint, numeric, numeric, numeric);
DROP FUNCTION derived.liquidation_points(integer, interval, integer, timestamptz);
DROP FUNCTION derived.window_point(timestamptz, interval, timestamptz);
DROP FUNCTION api.liquidations(text, text, integer, text, bigint, bigint);
DROP FUNCTION derived.auction_item(derived.auction_figures);
DROP VIEW derived.auction_figures;
DROP FUNCTION derived.ends_auction(text, numeric, numeric);

COMMIT;
