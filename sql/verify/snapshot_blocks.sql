-- Verify coin_api:snapshot_blocks on pg

SELECT chain, taken_at, block_number, block_hash, block_time FROM api.snapshot_blocks WHERE false;
SELECT 1 / (count(*) = 1)::int FROM api.snapshot_blocks_text;
