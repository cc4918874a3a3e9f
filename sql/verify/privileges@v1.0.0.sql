-- Verify coin_api:privileges on pg

SELECT 1 / (NOT has_database_privilege('public', current_database(), 'CONNECT, TEMPORARY, CREATE'))::int;
SELECT 1 / has_database_privilege('coin_api', current_database(), 'CONNECT')::int;
SELECT 1 / has_database_privilege('coin_indexer', current_database(), 'CONNECT')::int;
SELECT 1 / (NOT has_schema_privilege('public', 'public', 'USAGE'))::int;
SELECT 1 / has_schema_privilege('coin_api', 'api', 'USAGE')::int;
SELECT 1 / (NOT has_schema_privilege('coin_api', 'snapshot', 'USAGE'))::int;
SELECT 1 / (count(*) = 0)::int FROM pg_class
 WHERE relnamespace = 'api'::regnamespace AND NOT has_table_privilege('coin_api', oid, 'SELECT');
SELECT 1 / has_schema_privilege('coin_indexer', 'snapshot', 'USAGE')::int;
SELECT 1 / has_table_privilege('coin_indexer', 'snapshot.vault', 'INSERT')::int;
SELECT 1 / has_sequence_privilege('coin_indexer', 'snapshot.vault_vault_id_seq', 'USAGE')::int;
SELECT 1 / (NOT has_function_privilege('public', 'derived.refresh_hourly_figures(timestamptz)', 'EXECUTE'))::int;
SELECT 1 / (NOT has_function_privilege('public', 'derived.refresh_hourly_figures(timestamptz, derived.written_row[])', 'EXECUTE'))::int;
SELECT 1 / has_function_privilege('coin_api', 'derived.chain_state_at(timestamptz)', 'EXECUTE')::int;
SELECT 1 / has_function_privilege('coin_indexer', 'snapshot.is_address(text, text)', 'EXECUTE')::int;
SELECT 1 / has_function_privilege('coin_indexer', 'snapshot.apy_of_growth(numeric, numeric, numeric)', 'EXECUTE')::int;
SELECT 1 / has_function_privilege('coin_api', 'api.csv(json, text[], text[])', 'EXECUTE')::int;
SELECT 1 / (NOT has_function_privilege('public', 'api.csv(json, text[], text[])', 'EXECUTE'))::int;
SELECT 1 / (NOT has_function_privilege('public', 'lo_create(oid)', 'EXECUTE'))::int;
