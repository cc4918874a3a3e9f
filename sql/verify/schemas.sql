-- Verify coin_api:schemas on pg

SELECT 'snapshot'::regnamespace, 'derived'::regnamespace, 'api'::regnamespace;
