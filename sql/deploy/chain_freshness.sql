-- Deploy coin_api:chain_freshness to pg
-- How old each chain's data is: the newest chain_state snapshot of every chain and its age
-- against the database's clock, for /healthz and /metrics (the ops handler) and for a DBA's
-- look. One backward index lookup per chain, as in api.last_snapshot; built-in functions only,
-- so coin_api needs only the SELECT that privileges grants on every view of api.

BEGIN;

CREATE VIEW api.chain_freshness AS
SELECT c.chain::text AS chain,
       latest.taken_at,
       floor(extract(epoch FROM now() - latest.taken_at))::bigint AS age_seconds
  FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
  LEFT JOIN LATERAL (SELECT cs.taken_at FROM snapshot.chain_state AS cs
                      WHERE cs.chain = c.chain
                      ORDER BY cs.taken_at DESC LIMIT 1) AS latest ON true;
COMMENT ON VIEW api.chain_freshness IS
  'One row per chain (tron, eth, bsc): its newest snapshot and how old it is; /healthz and /metrics read it';
COMMENT ON COLUMN api.chain_freshness.chain IS 'The chain: tron, eth or bsc';
COMMENT ON COLUMN api.chain_freshness.taken_at IS
  'The newest taken_at of the chain''s chain_state snapshots; null while the chain has none';
COMMENT ON COLUMN api.chain_freshness.age_seconds IS
  'Whole seconds from taken_at to now (the transaction''s start); null while the chain has no snapshot';

COMMIT;
