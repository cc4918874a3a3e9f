-- Deploy coin_api:protocol_held_coin to pg
-- requires: snapshot_tables

-- What the indexer writes since COIN the protocol holds itself has one rule (docs/indexer.md,
-- "What each figure is read from"): the columns' meaning, for whoever reads the tables.

BEGIN;

COMMENT ON COLUMN snapshot.chain_state.coin_supply IS
  'COIN in circulation, de-scaled: COIN''s supply less what the protocol holds itself (sCOIN''s, '
  'each lite PSM''s and its pocket''s, each allocator buffer''s and the indexer''s protocol_holders'')';
COMMENT ON COLUMN snapshot.vault_state.minted IS
  'COIN minted by the Vault (principal, without fees); a lite PSM''s: the part of its Art its gem backs';
COMMENT ON COLUMN snapshot.vault_state.locked_value IS
  'USD value of the collateral locked in the Vault; an allocator Vault''s: its buffer''s COIN at the peg '
  'and its positions'' holdings';

COMMIT;
