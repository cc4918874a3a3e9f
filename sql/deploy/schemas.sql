-- Deploy coin_api:schemas to pg
-- The project's three schemas. Who may use them is granted in privileges, the last change.
--
--   snapshot  what the indexer writes: what the chains were observed to hold
--   derived   what several api views share: state at a time, the UTC+8 clock, the hourly
--             rollup; nobody but its owner reads it
--   api       one view per endpoint, and last_snapshot; the only thing the handlers can read

BEGIN;

CREATE SCHEMA snapshot;
CREATE SCHEMA derived;
CREATE SCHEMA api;

COMMENT ON SCHEMA snapshot IS
  'What the indexer writes: chain states, Vaults and allocator positions as observed at a taken_at time, '
  'with the chain type, the address check and the trigger function that announces every write';
COMMENT ON SCHEMA derived IS
  'What several api views share: functions giving the state at a time, the UTC+8 clock, views, and '
  'the rollup table hourly_figures with its materialized views and the trigger functions that keep it '
  'up to date; not readable by coin_api';
COMMENT ON SCHEMA api IS
  'One view per endpoint of the public API, and last_snapshot (every answer''s Last-Modified); '
  'coin_api may SELECT here and nowhere else';

COMMIT;
