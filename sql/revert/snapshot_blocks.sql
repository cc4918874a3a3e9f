-- Revert coin_api:snapshot_blocks from pg

BEGIN;

DROP VIEW api.snapshot_blocks_text;
DROP VIEW api.snapshot_blocks;

COMMIT;
