-- Revert coin_api:api_protocol from pg

BEGIN;

DROP VIEW api.allocator_overview;
DROP VIEW api.collateral_history;
DROP VIEW api.latest_collateral;
DROP VIEW api.vault_collaterals;
DROP VIEW api.collateral_value_history;
DROP VIEW api.supply_value_history;
DROP VIEW api.apy_overview;
DROP VIEW api.platform_overview;
DROP VIEW api.market_overview;

COMMIT;
