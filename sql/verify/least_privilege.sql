-- Verify coin_api:least_privilege on pg

SELECT 1 / (count(*) = 0)::int FROM pg_roles
 WHERE rolname IN ('coin_api', 'coin_indexer')
   AND (rolsuper OR rolcreatedb OR rolcreaterole OR rolreplication OR rolbypassrls);
SELECT 1 / count(*) FROM pg_db_role_setting
 WHERE setrole = 'coin_api'::regrole AND setdatabase = 0
   AND setconfig @> '{idle_in_transaction_session_timeout=10s,lock_timeout=1s}';
SELECT 1 / (NOT has_database_privilege('public', current_database(), 'CONNECT, TEMPORARY, CREATE'))::int;
SELECT 1 / has_database_privilege('coin_api', current_database(), 'CONNECT')::int;
SELECT 1 / (NOT has_function_privilege('public', 'derived.refresh_hourly_figures(timestamptz)', 'EXECUTE'))::int;
SELECT 1 / has_function_privilege('coin_api', 'derived.chain_state_at(timestamptz)', 'EXECUTE')::int;
SELECT 1 / (NOT has_function_privilege('public', 'lo_create(oid)', 'EXECUTE'))::int;
