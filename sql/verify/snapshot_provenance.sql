-- Verify coin_api:snapshot_provenance on pg

SELECT block_number, block_hash, block_time FROM snapshot.chain_state WHERE false;
SELECT block_number, block_hash, block_time FROM snapshot.vault_state WHERE false;
SELECT block_number, block_hash, block_time FROM snapshot.allocator_position_state WHERE false;
