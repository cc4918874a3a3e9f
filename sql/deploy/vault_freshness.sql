-- Deploy coin_api:vault_freshness to pg
-- How old each Vault's data is. The indexer leaves out of a round a Vault it cannot read (or
-- one of whose positions it cannot), and the answers keep its last good state: this says how
-- old that state is, for /healthz and /metrics (the ops handler) and for a DBA's look. One
-- backward index lookup per Vault, as in api.chain_freshness.

BEGIN;

CREATE VIEW api.vault_freshness AS
SELECT v.chain::text AS chain,
       v.vault_type,
       latest.taken_at,
       floor(extract(epoch FROM now() - latest.taken_at))::bigint AS age_seconds
  FROM snapshot.vault AS v
  LEFT JOIN LATERAL (SELECT vs.taken_at FROM snapshot.vault_state AS vs
                      WHERE vs.vault_id = v.vault_id
                      ORDER BY vs.taken_at DESC LIMIT 1) AS latest ON true
 ORDER BY v.chain, v.vault_id;
COMMENT ON VIEW api.vault_freshness IS
  'One row per Vault: its newest state and how old it is; /healthz and /metrics read it';
COMMENT ON COLUMN api.vault_freshness.chain IS 'The Vault''s chain: tron, eth or bsc';
COMMENT ON COLUMN api.vault_freshness.vault_type IS 'The Vault''s ilk, e.g. ETH-A';
COMMENT ON COLUMN api.vault_freshness.taken_at IS
  'The newest taken_at of the Vault''s vault_state rows; null while it has none';
COMMENT ON COLUMN api.vault_freshness.age_seconds IS
  'Whole seconds from taken_at to now (the transaction''s start); null while it has no state';

COMMIT;
