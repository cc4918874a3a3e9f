-- Verify coin_api:schemas on pg

SELECT pg_catalog.has_schema_privilege('snapshot', 'usage');
SELECT pg_catalog.has_schema_privilege('derived', 'usage');
SELECT 1 / pg_catalog.has_schema_privilege('coin_api', 'api', 'usage')::int;
SELECT 1 / (NOT pg_catalog.has_schema_privilege('coin_api', 'snapshot', 'usage'))::int;
