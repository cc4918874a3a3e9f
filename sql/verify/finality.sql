-- Verify coin_api:finality on pg

SELECT chain, block_number FROM snapshot.finalized_block WHERE false;
SELECT chain, taken_at, block_number, finalized_block, final FROM api.snapshot_finality WHERE false;
SELECT blocks, final FROM api.snapshot_blocks_text WHERE false;
