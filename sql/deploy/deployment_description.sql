-- Deploy coin_api:deployment_description to pg
-- The deployment's public description: the indexer's configuration file without what is private
-- (each chain's "rpc", its nodes' URLs, which may hold API keys, and "timeout_seconds"), so that
-- a reader can read the same contracts from the chain and work out the API's figures again
-- (indexer/public_description.hpp). The indexer writes it when it starts (coin_indexer: the
-- default privileges of privileges give it its writes on a table of snapshot); the ops handler
-- serves it at /.well-known/coin-api/deployment.json from api.deployment_description (coin_api:
-- SELECT on a view of api, the same defaults). No row until an indexer has written one: a 404.
--
-- One row. json, not jsonb: the very bytes the indexer wrote (its key order and white space),
-- checked to be JSON. written_at changes only with the description: an indexer that starts again
-- with the same file leaves the row as it is, and so the answer's Last-Modified and ETag.
-- No NOTIFY (snapshot_notify): nothing caches the description (the ops handler reads it on every
-- request), and it is no snapshot the publisher would render a set for.

BEGIN;

CREATE TABLE snapshot.deployment_description (
  one         boolean     PRIMARY KEY DEFAULT true CHECK (one),
  description json        NOT NULL,
  written_at  timestamptz NOT NULL DEFAULT now()
);
COMMENT ON TABLE snapshot.deployment_description IS
  'The deployment''s public description, written by the indexer at start: one row, none before an indexer wrote one';
COMMENT ON COLUMN snapshot.deployment_description.one IS 'Always true: the key that keeps the table to one row';
COMMENT ON COLUMN snapshot.deployment_description.description IS
  'The indexer''s configuration without each chain''s rpc and timeout_seconds, as the indexer wrote it';
COMMENT ON COLUMN snapshot.deployment_description.written_at IS
  'When this description was first written (an indexer writing the same text again leaves it)';

CREATE VIEW api.deployment_description AS
SELECT d.description, d.written_at
  FROM snapshot.deployment_description AS d;
COMMENT ON VIEW api.deployment_description IS
  'The deployment''s public description, served at /.well-known/coin-api/deployment.json; no row: none written yet';
COMMENT ON COLUMN api.deployment_description.description IS
  'The indexer''s configuration without each chain''s rpc and timeout_seconds: the answer''s body, byte for byte';
COMMENT ON COLUMN api.deployment_description.written_at IS 'When it was first written: the answer''s Last-Modified';

COMMIT;
