-- Verify coin_api:roles on pg

SELECT 1 / count(*) FROM pg_roles WHERE rolname = 'coin_api' AND rolcanlogin;
SELECT 1 / count(*) FROM pg_roles WHERE rolname = 'coin_indexer' AND rolcanlogin;
