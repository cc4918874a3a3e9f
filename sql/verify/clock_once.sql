-- Verify coin_api:clock_once on pg

SELECT 1 / (pg_get_viewdef('derived.chain_clock'::regclass) LIKE '%LATERAL%')::int;
