-- Revert coin_api:snapshot_tables from pg

BEGIN;

DROP TABLE snapshot.allocator_position_state;
DROP TABLE snapshot.allocator_position;
DROP TABLE snapshot.vault_state;
DROP TABLE snapshot.vault;
DROP TABLE snapshot.chain_state;
DROP FUNCTION snapshot.is_address(text, text);
DROP TYPE snapshot.chain;

COMMIT;
