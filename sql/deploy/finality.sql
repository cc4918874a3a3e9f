-- Deploy coin_api:finality to pg
-- Which figures can no longer change. snapshot.finalized_block holds each chain's finalized block
-- as the indexer last read it from its node: a follower asks for it at least every 12 s, a grid
-- round's check for reorganised blocks (indexer/reorg.hpp) after each round, and a chain that
-- follows its finalized block has it in every live snapshot. It only moves forward. The block a
-- chain's newest snapshot was read at is final when it is at or below that block: every answer
-- says so per chain in X-Snapshot-Final ("tron=no; eth=yes; bsc=no", api.snapshot_blocks_text's
-- final, beside X-Snapshot-Blocks), the publisher's event in "final", /healthz per chain. "no"
-- also for a chain with no block number (TRON, read at latest) or no finalized block known.
-- A write announces its chain (notify_chains.sql), so the answers' headers follow at once.

BEGIN;

CREATE TABLE snapshot.finalized_block (
  chain        snapshot.chain PRIMARY KEY,
  block_number bigint         NOT NULL CHECK (block_number >= 0)
);
COMMENT ON TABLE snapshot.finalized_block IS
  'Each chain''s finalized block as the indexer last read it from its node; no row for a chain whose node names none';
COMMENT ON COLUMN snapshot.finalized_block.block_number IS
  'The newest finalized block''s number: no reorganisation undoes it or any block below it';

CREATE TRIGGER notify_written AFTER TRUNCATE ON snapshot.finalized_block
  FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written();
CREATE TRIGGER notify_inserted AFTER INSERT ON snapshot.finalized_block REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains();
CREATE TRIGGER notify_updated AFTER UPDATE ON snapshot.finalized_block REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains();
CREATE TRIGGER notify_deleted AFTER DELETE ON snapshot.finalized_block REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION snapshot.notify_written_chains();

CREATE VIEW api.snapshot_finality AS
SELECT b.chain, b.taken_at, b.block_number, f.block_number AS finalized_block,
       coalesce(b.block_number <= f.block_number, false) AS final
  FROM api.snapshot_blocks AS b
  LEFT JOIN snapshot.finalized_block AS f ON f.chain::text = b.chain;
COMMENT ON VIEW api.snapshot_finality IS
  'One row per chain of api.snapshot_blocks: its newest snapshot''s block and whether it is final; /healthz reads it';
COMMENT ON COLUMN api.snapshot_finality.chain IS 'The chain, as in api.snapshot_blocks';
COMMENT ON COLUMN api.snapshot_finality.taken_at IS 'Its newest snapshot''s taken_at (api.snapshot_blocks); null while it has none';
COMMENT ON COLUMN api.snapshot_finality.block_number IS 'The block that snapshot was read at (api.snapshot_blocks)';
COMMENT ON COLUMN api.snapshot_finality.finalized_block IS
  'The chain''s finalized block as the indexer last read it; null while none was read';
COMMENT ON COLUMN api.snapshot_finality.final IS
  'Whether block_number is at or below finalized_block: the snapshot''s figures can no longer change; '
  'false when either is null';

CREATE OR REPLACE VIEW api.snapshot_blocks_text AS
SELECT coalesce(string_agg(f.chain || '=' || coalesce(f.block_number::text, 'latest'), '; ' ORDER BY o.at, f.chain),
                '') AS blocks,
       coalesce(string_agg(f.chain || '=' || CASE WHEN f.final THEN 'yes' ELSE 'no' END, '; ' ORDER BY o.at, f.chain),
                '') AS final
  FROM api.snapshot_finality AS f
 CROSS JOIN LATERAL (SELECT array_position((SELECT enum_range(NULL::snapshot.chain)::text[]), f.chain) AS at) AS o
 WHERE f.taken_at IS NOT NULL;
COMMENT ON COLUMN api.snapshot_blocks_text.final IS
  '"tron=no; eth=yes; bsc=no": the chains of blocks in its order, each "yes" when its block is final '
  '(api.snapshot_finality), else "no"; every answer''s X-Snapshot-Final header';

COMMIT;
