-- Verify coin_api:liquidations on pg

SELECT chain, "interval", data, payload FROM api.liquidation_totals WHERE false;
SELECT chain, data FROM api.running_auctions WHERE false;
SELECT has_function_privilege('api.liquidations(text, text, integer, text, bigint, bigint)', 'execute');
