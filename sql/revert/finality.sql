-- Revert coin_api:finality from pg

BEGIN;

DROP VIEW api.snapshot_blocks_text;
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
DROP VIEW api.snapshot_finality;
DROP TABLE snapshot.finalized_block;

COMMIT;
