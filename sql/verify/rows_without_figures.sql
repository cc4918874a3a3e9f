-- Verify coin_api:rows_without_figures on pg

SELECT 1 / (pg_get_viewdef('api.latest_collateral'::regclass) LIKE '%DISTINCT ON%')::int;
