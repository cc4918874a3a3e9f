-- Deploy coin_api:snapshot_blocks to pg
-- What every answer rests on (provenance): for the newest snapshot of each chain, the
-- block it was read at (snapshot_provenance). The chains of the spec (tron, eth, bsc) by their
-- newest chain_state, as api.chain_freshness; a chain that only holds allocator positions
-- (plasma) by the newest state of its positions. api.snapshot_blocks_text is the same in one
-- line, every answer's X-Snapshot-Blocks header (the handlers select it beside each answer, the
-- publisher names each set after it, nginx/header-values.conf reads it back): "tron=latest;
-- eth=22480012; bsc=48123456", "latest" for a chain read at its latest block (TRON's eth_call
-- names no block), or with a newest row written before block numbers were kept. One backward
-- index lookup per chain and position; built-in functions only, so coin_api needs only the
-- SELECT that privileges grants on every view of api.

BEGIN;

CREATE VIEW api.snapshot_blocks AS
SELECT newest.chain, newest.taken_at, newest.block_number, newest.block_hash, newest.block_time
  FROM (SELECT c.chain::text AS chain, latest.*
          FROM unnest(enum_range(NULL::snapshot.chain)) AS c(chain)
          LEFT JOIN LATERAL (SELECT cs.taken_at, cs.block_number, cs.block_hash, cs.block_time
                               FROM snapshot.chain_state AS cs
                              WHERE cs.chain = c.chain
                              ORDER BY cs.taken_at DESC LIMIT 1) AS latest ON true
        UNION ALL
        SELECT p.chain, latest.*
          FROM (SELECT DISTINCT ap.chain FROM snapshot.allocator_position AS ap
                 WHERE ap.chain <> ALL (enum_range(NULL::snapshot.chain)::text[])) AS p
          LEFT JOIN LATERAL (SELECT ps.taken_at, ps.block_number, ps.block_hash, ps.block_time
                               FROM snapshot.allocator_position AS ap,
                                    LATERAL (SELECT s.* FROM snapshot.allocator_position_state AS s
                                              WHERE s.position_id = ap.position_id
                                              ORDER BY s.taken_at DESC LIMIT 1) AS ps
                              WHERE ap.chain = p.chain
                              ORDER BY ps.taken_at DESC LIMIT 1) AS latest ON true) AS newest
 -- the enum's chains in its order, then the others by name (array_position is null for them);
 -- the enum's labels read once per statement (a subquery), not once per row
 ORDER BY array_position((SELECT enum_range(NULL::snapshot.chain)::text[]), newest.chain), newest.chain;
COMMENT ON VIEW api.snapshot_blocks IS
  'One row per chain (tron, eth, bsc, then the chains of allocator positions by name): its newest '
  'snapshot and the block it was read at; /healthz reads it';
COMMENT ON COLUMN api.snapshot_blocks.chain IS 'The chain: tron, eth, bsc, or one that only holds allocator positions';
COMMENT ON COLUMN api.snapshot_blocks.taken_at IS
  'The newest taken_at of the chain''s chain_state (of its positions'' states, for a chain of positions only); '
  'null while it has none';
COMMENT ON COLUMN api.snapshot_blocks.block_number IS
  'The block that snapshot was read at; null for a chain read at latest (tron), or a row older than block numbers';
COMMENT ON COLUMN api.snapshot_blocks.block_hash IS 'That block''s hash; null with block_number';
COMMENT ON COLUMN api.snapshot_blocks.block_time IS 'That block''s time; null with block_number';

CREATE VIEW api.snapshot_blocks_text AS
SELECT coalesce(string_agg(b.chain || '=' || coalesce(b.block_number::text, 'latest'), '; '
                           ORDER BY array_position((SELECT enum_range(NULL::snapshot.chain)::text[]), b.chain),
                                    b.chain), '') AS blocks
  FROM api.snapshot_blocks AS b
 WHERE b.taken_at IS NOT NULL;
COMMENT ON VIEW api.snapshot_blocks_text IS
  'One row: api.snapshot_blocks in one line, every answer''s X-Snapshot-Blocks header';
COMMENT ON COLUMN api.snapshot_blocks_text.blocks IS
  '"tron=latest; eth=22480012; bsc=48123456": each chain that has a snapshot, in snapshot_blocks'' order, '
  'its block number or "latest"; "" while no chain has a snapshot';

COMMIT;
