-- Revert coin_api:urn_risk from pg

BEGIN;

DROP FUNCTION api.urn_history(text, text, text, bigint, bigint);
DROP VIEW api.liquidation_curve;
DROP FUNCTION api.vaults_at_risk(text, integer);
DROP FUNCTION api.urns(text, text, text, integer, text);
DROP FUNCTION derived.page_cursor_position(text, text, integer);
DROP FUNCTION derived.page_cursor(text, integer, numeric, bigint);
DROP FUNCTION derived.vault_named(text, text);
DROP FUNCTION derived.prices_of(numeric, numeric, numeric);
DROP FUNCTION derived.urn_item(derived.urn_figures);
DROP VIEW derived.urn_figures;
DROP VIEW derived.vault_price_now;
DROP FUNCTION derived.first_drop(numeric, numeric);

COMMIT;
