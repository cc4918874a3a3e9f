-- Verify coin_api:roles on pg

SELECT 1 / (count(*) = 2)::int FROM pg_roles
 WHERE rolname IN ('coin_api', 'coin_indexer') AND rolcanlogin AND NOT rolinherit
   AND NOT (rolsuper OR rolcreatedb OR rolcreaterole OR rolreplication OR rolbypassrls);
SELECT 1 / count(*) FROM pg_db_role_setting
 WHERE setrole = 'coin_api'::regrole AND setdatabase = 0
   AND setconfig @> '{default_transaction_read_only=on,statement_timeout=5s,jit=off,'
                    'idle_in_transaction_session_timeout=10s,lock_timeout=1s}';
