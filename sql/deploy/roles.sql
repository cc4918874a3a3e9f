-- Deploy coin_api:roles to pg
-- Roles belong to the whole cluster, so they are created only where missing.

BEGIN;

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'coin_api') THEN
    CREATE ROLE coin_api LOGIN NOINHERIT;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'coin_indexer') THEN
    CREATE ROLE coin_indexer LOGIN NOINHERIT;
  END IF;
END
$$;

COMMENT ON ROLE coin_api IS 'The handlers log in as this role: SELECT on the api views and nothing else';
COMMENT ON ROLE coin_indexer IS 'The indexer writes snapshot data as this role';

-- A public, read-only API: no statement of the handlers may write or run for long. JIT
-- compiling costs hundreds of milliseconds, far more than any of the API's queries take.
ALTER ROLE coin_api SET default_transaction_read_only = on;
ALTER ROLE coin_api SET statement_timeout = '5s';
ALTER ROLE coin_api SET jit = off;

COMMIT;
