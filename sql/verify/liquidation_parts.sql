-- Verify coin_api:liquidation_parts on pg

SELECT kept_key, kept, live FROM api.liquidation_totals WHERE false;
