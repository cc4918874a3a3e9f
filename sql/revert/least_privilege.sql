-- Revert coin_api:least_privilege from pg
-- Gives back PostgreSQL's defaults. The role attributes stay as they are: the roles change
-- creates the roles with exactly these.

BEGIN;

ALTER ROLE coin_api RESET idle_in_transaction_session_timeout;
ALTER ROLE coin_api RESET lock_timeout;

DO $$
BEGIN
  EXECUTE format('REVOKE CONNECT ON DATABASE %I FROM coin_api, coin_indexer', current_database());
  EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO PUBLIC', current_database());
END
$$;

REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA derived FROM coin_api;
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA snapshot FROM coin_indexer;
GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA snapshot, derived TO PUBLIC;
ALTER DEFAULT PRIVILEGES GRANT EXECUTE ON FUNCTIONS TO PUBLIC;

GRANT EXECUTE ON FUNCTION lo_creat(integer), lo_create(oid), lo_from_bytea(oid, bytea) TO PUBLIC;

COMMIT;
