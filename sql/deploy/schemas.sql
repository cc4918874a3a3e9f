-- Deploy coin_api:schemas to pg
-- Every grant of the project is here (postgrest-starter-kit style). Objects created later
-- by the deploying role receive their grants through the default privileges below.
--
--   snapshot  tables the indexer writes: what the chains were observed to hold
--   derived   views shared by several api views; nobody but their owner reads them
--   api       one view per endpoint; the only thing the handlers can read

BEGIN;

CREATE SCHEMA snapshot;
CREATE SCHEMA derived;
CREATE SCHEMA api;

COMMENT ON SCHEMA snapshot IS 'Snapshots the indexer writes: supplies, rates, Vaults and allocator positions at a taken_at time';
COMMENT ON SCHEMA derived IS 'Views shared by several api views; not readable by coin_api';
COMMENT ON SCHEMA api IS 'One view per endpoint of the public API; coin_api may SELECT here and nowhere else';

REVOKE ALL ON SCHEMA public FROM PUBLIC;

GRANT USAGE ON SCHEMA api TO coin_api;
ALTER DEFAULT PRIVILEGES IN SCHEMA api GRANT SELECT ON TABLES TO coin_api;

GRANT USAGE ON SCHEMA snapshot TO coin_indexer;
ALTER DEFAULT PRIVILEGES IN SCHEMA snapshot
  GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO coin_indexer;
ALTER DEFAULT PRIVILEGES IN SCHEMA snapshot GRANT USAGE ON SEQUENCES TO coin_indexer;

COMMIT;
