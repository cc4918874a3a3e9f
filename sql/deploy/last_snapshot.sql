-- Deploy coin_api:last_snapshot to pg
-- The time of the newest snapshot of any kind: every answer's Last-Modified, read on every
-- request (as floor(extract(epoch FROM taken_at))::bigint) and after every write. It must not
-- scan the snapshot tables (millions of rows): each table's newest taken_at is taken per
-- primary key (chain, vault_id, position_id), one backward index lookup per chain, Vault and
-- position, the keys listed by the tables that own them (the chain enum, snapshot.vault,
-- snapshot.allocator_position; every state row references one). No new index, and no function
-- but built-in ones (unnest, enum_range, max), so coin_api needs no EXECUTE grant for it, only
-- SELECT, which privileges grants on every view of api.

BEGIN;

CREATE VIEW api.last_snapshot AS
SELECT max(newest.taken_at) AS taken_at
  FROM (SELECT latest.taken_at
          FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain),
               LATERAL (SELECT cs.taken_at FROM snapshot.chain_state AS cs
                         WHERE cs.chain = c.chain
                         ORDER BY cs.taken_at DESC LIMIT 1) AS latest
        UNION ALL
        SELECT latest.taken_at
          FROM snapshot.vault AS v,
               LATERAL (SELECT vs.taken_at FROM snapshot.vault_state AS vs
                         WHERE vs.vault_id = v.vault_id
                         ORDER BY vs.taken_at DESC LIMIT 1) AS latest
        UNION ALL
        SELECT latest.taken_at
          FROM snapshot.allocator_position AS p,
               LATERAL (SELECT ps.taken_at FROM snapshot.allocator_position_state AS ps
                         WHERE ps.position_id = p.position_id
                         ORDER BY ps.taken_at DESC LIMIT 1) AS latest) AS newest;
COMMENT ON VIEW api.last_snapshot IS
  'One row: the time of the newest snapshot in chain_state, vault_state and allocator_position_state, '
  'every answer''s Last-Modified';
COMMENT ON COLUMN api.last_snapshot.taken_at IS
  'The newest taken_at of any chain, Vault or allocator position snapshot; null while there is none';

COMMIT;
