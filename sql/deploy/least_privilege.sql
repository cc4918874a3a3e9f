-- Deploy coin_api:least_privilege to pg
-- Takes away what the earlier changes left to PUBLIC or to the roles by default, so that
-- coin_api can read the api views and nothing else, and coin_indexer can write snapshot rows
-- and nothing else. Needs a superuser (role attributes, large-object functions). Sets no
-- password: give the roles one, or use peer authentication (README, Deploying).
-- tests/sql/privileges.test.sql checks it by the catalog and as the roles (the settings:
-- schema.test.sql).

BEGIN;

-- The roles change creates the roles only where missing; one that was already there may hold
-- more than its job needs.
ALTER ROLE coin_api NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;
ALTER ROLE coin_indexer NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS;

-- coin_api's sessions may not sit in an open transaction or wait long for a lock (a deploy,
-- a refresh of the daily materialized views in the indexer's transaction): the handler's
-- thread gets an error at once and nginx serves its last good copy. No idle_session_timeout:
-- the handlers keep their connections open and idle by design, one of them LISTENing.
-- These defaults are not a wall (every role may change its own): the privileges below are.
ALTER ROLE coin_api SET idle_in_transaction_session_timeout = '10s';
ALTER ROLE coin_api SET lock_timeout = '1s';

-- The database: only the two roles (besides its owner and superusers) may connect, and no
-- one may create schemas or temporary tables in it. PUBLIC holds CONNECT and TEMPORARY by
-- default; another role that must connect needs a GRANT CONNECT of its own.
DO $$
BEGIN
  EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO coin_api, coin_indexer', current_database());
END
$$;

-- Functions: PUBLIC may execute none of ours, also none created later by the deploying role
-- (a per-schema default cannot take back PostgreSQL's built-in grant to PUBLIC, so this
-- default holds for every schema). A role needs EXECUTE on every function its statements
-- call directly or through a view, even a SECURITY DEFINER one: a view runs with its owner's
-- rights on tables, not on functions. Nobody needs EXECUTE on a trigger function (it is
-- checked when the trigger is created, not when it fires), nor on what a SECURITY DEFINER
-- function calls. A new function an api view calls needs a GRANT to coin_api here or in its
-- own change; privileges.test.sql lists what is missing.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA snapshot, derived FROM PUBLIC;
ALTER DEFAULT PRIVILEGES REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;

-- What the api views call as the reader (coin_api has no USAGE on derived, so it still
-- cannot call them by name).
GRANT EXECUTE ON FUNCTION
  derived.utc8_floor(timestamptz, interval), derived.utc8_midnight(timestamptz),
  derived.utc8_text(timestamptz), derived.epoch_ms(timestamptz),
  derived.weighted_mean(numeric, numeric), derived.cross_chain_apy(numeric, numeric, numeric, bigint),
  derived.chain_state_at(timestamptz), derived.vault_state_at(timestamptz),
  derived.chain_figures_at(timestamptz), derived.position_state_at(timestamptz)
  TO coin_api;

-- The address CHECKs of vault and allocator_position call it as the writer.
GRANT EXECUTE ON FUNCTION snapshot.is_address(text, text) TO coin_indexer;

-- Large objects are the one thing any role may create without a privilege on a table.
REVOKE EXECUTE ON FUNCTION lo_creat(integer), lo_create(oid), lo_from_bytea(oid, bytea) FROM PUBLIC;

-- Left to PUBLIC on purpose: pg_notify. The NOTIFY statement needs no privilege at all, so
-- revoking the function would stop nothing; all coin_api could do with it is make the
-- handlers drop their cached answers (snapshot_written).

COMMIT;
