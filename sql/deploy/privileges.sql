-- Deploy coin_api:privileges to pg
-- The first release's grants, in one place and last, once everything it grants on exists (as
-- postgrest-starter-kit's privileges.sql), and the defaults every later object gets: coin_api
-- can read the api views and call the api functions and nothing else, coin_indexer can write
-- snapshot rows and nothing else, and PUBLIC keeps none of what PostgreSQL gives it by default.
-- The roles and their settings are in roles. Needs a superuser (the large-object functions).
-- tests/sql/privileges.test.sql and schema.test.sql check it by the catalog and as the roles.
--
-- It comes after every change of the first release and requires each. A later change gets its
-- grants this way:
--   * a view of api, a table or sequence of snapshot: none to write, the default privileges
--     below give coin_api SELECT, coin_indexer its writes, on whatever the deploying role creates;
--   * a function a role calls (one of api, or one an api view calls, or a conversion of the
--     indexer's): the change that creates it grants EXECUTE on it, in the same transaction
--     (dropping the function in its revert drops the grant). sqitch commits an upgrade change by
--     change while the handlers keep reading, so a grant left to a later change would fail their
--     queries in between. tests/sql/privileges.test.sql lists a function a role calls and cannot
--     execute, and one it can execute and does not call; scripts/test/pgtap.sh deploys the
--     upgrade from the release change by change and reads the api as coin_api after each.
-- This script's statements are the first release's; only this comment changed since.

BEGIN;

-- The database: only the two roles (besides its owner and superusers) may connect, and no
-- one may create schemas or temporary tables in it. PUBLIC holds CONNECT and TEMPORARY by
-- default; another role that must connect needs a GRANT CONNECT of its own.
DO $$
BEGIN
  EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());
  EXECUTE format('GRANT CONNECT ON DATABASE %I TO coin_api, coin_indexer', current_database());
END
$$;

-- Schema public: PostgreSQL 15 leaves USAGE on it to PUBLIC; nobody here needs it.
REVOKE ALL ON SCHEMA public FROM PUBLIC;

-- coin_api reads every view of api, also those created later by the deploying role.
GRANT USAGE ON SCHEMA api TO coin_api;
GRANT SELECT ON ALL TABLES IN SCHEMA api TO coin_api;
ALTER DEFAULT PRIVILEGES IN SCHEMA api GRANT SELECT ON TABLES TO coin_api;

-- coin_indexer writes every table of snapshot (and uses the identity sequences behind them),
-- also those created later by the deploying role.
GRANT USAGE ON SCHEMA snapshot TO coin_indexer;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA snapshot TO coin_indexer;
GRANT USAGE ON ALL SEQUENCES IN SCHEMA snapshot TO coin_indexer;
ALTER DEFAULT PRIVILEGES IN SCHEMA snapshot
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO coin_indexer;
ALTER DEFAULT PRIVILEGES IN SCHEMA snapshot GRANT USAGE ON SEQUENCES TO coin_indexer;

-- Functions: PUBLIC may execute none of ours, also none created later by the deploying role
-- (a per-schema default cannot take back PostgreSQL's built-in grant to PUBLIC, so this
-- default holds for every schema). A role needs EXECUTE on every function its statements
-- call directly or through a view, even a SECURITY DEFINER one: a view runs with its owner's
-- rights on tables, not on functions. Nobody needs EXECUTE on a trigger function (it is
-- checked when the trigger is created, not when it fires), nor on what a SECURITY DEFINER
-- function calls. privileges.test.sql lists what is missing.
REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA snapshot, derived, api FROM PUBLIC;
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

-- What the handlers call on every answer (api_functions).
GRANT EXECUTE ON FUNCTION
  api.points_between(json, bigint, bigint), api.csv(json, text[], text[]), api.chains()
  TO coin_api;

-- The address CHECKs of vault and allocator_position call it as the writer; the indexer's
-- statements call the conversions of chain_units and growth_apy.
GRANT EXECUTE ON FUNCTION
  snapshot.is_address(text, text),
  snapshot.descale(numeric, integer), snapshot.apy_of_rate(numeric),
  snapshot.apy_of_annual_rate(numeric), snapshot.price_of_spot(numeric, numeric, numeric),
  snapshot.apy_of_growth(numeric, numeric, numeric)
  TO coin_indexer;

-- Large objects are the one thing any role may create without a privilege on a table.
REVOKE EXECUTE ON FUNCTION lo_creat(integer), lo_create(oid), lo_from_bytea(oid, bytea) FROM PUBLIC;

-- Left to PUBLIC on purpose: pg_notify. The NOTIFY statement needs no privilege at all, so
-- revoking the function would stop nothing; all coin_api could do with it is make the
-- handlers drop their cached answers (snapshot_written).

COMMIT;
