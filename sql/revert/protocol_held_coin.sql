-- Revert coin_api:protocol_held_coin from pg

BEGIN;

COMMENT ON COLUMN snapshot.chain_state.coin_supply IS 'COIN in circulation, de-scaled; staked COIN (held as sCOIN) is not counted';
COMMENT ON COLUMN snapshot.vault_state.minted IS 'COIN minted by the Vault (principal, without fees)';
COMMENT ON COLUMN snapshot.vault_state.locked_value IS 'USD value of the collateral locked in the Vault';

COMMIT;
