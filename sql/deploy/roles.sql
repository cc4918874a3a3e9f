-- Deploy coin_api:roles to pg
-- The two login roles, their attributes and their settings; what they may do is granted in
-- privileges, the last change. Roles belong to the whole cluster, so they are created only
-- where missing, and one that was already there may hold more than its job needs: the
-- attributes are set either way. Needs a superuser. Sets no password: give the roles one, or
-- use peer authentication (docs/deploying.md). tests/sql/schema.test.sql and
-- privileges.test.sql check them.

BEGIN;

DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'coin_api') THEN
    CREATE ROLE coin_api;
  END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'coin_indexer') THEN
    CREATE ROLE coin_indexer;
  END IF;
END
$$;

ALTER ROLE coin_api LOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
ALTER ROLE coin_indexer LOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;

COMMENT ON ROLE coin_api IS 'The handlers log in as this role: SELECT on the api views and nothing else';
COMMENT ON ROLE coin_indexer IS 'The indexer writes snapshot data as this role';

-- A public, read-only API: no statement of the handlers may write or run for long. JIT
-- compiling costs hundreds of milliseconds, far more than any of the API's queries take.
ALTER ROLE coin_api SET default_transaction_read_only = on;
ALTER ROLE coin_api SET statement_timeout = '5s';
ALTER ROLE coin_api SET jit = off;
-- Nor may its sessions sit in an open transaction or wait long for a lock (a deploy, a
-- refresh of the daily materialized views in the indexer's transaction): the handler's thread
-- gets an error at once and nginx serves its last good copy. No idle_session_timeout: the
-- handlers keep their connections open and idle by design, one of them LISTENing. These
-- defaults are not a wall (every role may change its own): the privileges are.
ALTER ROLE coin_api SET idle_in_transaction_session_timeout = '10s';
ALTER ROLE coin_api SET lock_timeout = '1s';

COMMIT;
