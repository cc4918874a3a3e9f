-- Revert coin_api:snapshot_provenance from pg

BEGIN;

ALTER TABLE snapshot.chain_state DROP COLUMN block_number, DROP COLUMN block_hash, DROP COLUMN block_time;
ALTER TABLE snapshot.vault_state DROP COLUMN block_number, DROP COLUMN block_hash, DROP COLUMN block_time;
ALTER TABLE snapshot.allocator_position_state
  DROP COLUMN block_number, DROP COLUMN block_hash, DROP COLUMN block_time;

COMMIT;
